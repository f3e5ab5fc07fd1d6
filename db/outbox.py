"""The outbox: what a saved change must tell Discord, kept beside the change itself.

Every write of a running game that players must hear about carries an `Announcement`, stored
in the same transaction (`Store._save`). The Discord side reads the pending ones in version
order, tells Discord, and marks them delivered: after the commit, on start-up, after a
failure. Nothing is marked delivered that was not.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any


@dataclass
class Announcement:
    """What one saved version must tell: the public `events` of the game, table `notes` (see
    `service.change.TableChange`), the member seats to `ping` (a new turn for them) and the
    seats whose private `panels` are out of date."""

    events: list[dict[str, Any]] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)
    ping: list[int] = field(default_factory=list)
    panels: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "events": self.events,
            "notes": self.notes,
            "ping": self.ping,
            "panels": self.panels,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Announcement:
        return cls(
            list(data.get("events", [])),
            list(data.get("notes", [])),
            [int(s) for s in data.get("ping", [])],
            [int(s) for s in data.get("panels", [])],
        )


@dataclass
class Pending:
    """Announcements not yet delivered, oldest first, with the versions they belong to."""

    versions: list[int]
    announcements: list[Announcement]

    def __bool__(self) -> bool:
        return bool(self.versions)

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[Any]]) -> Pending:
        """From the outbox's rows of (version, body), oldest first."""
        return cls(
            [row[0] for row in rows], [Announcement.from_json(json.loads(row[1])) for row in rows]
        )

    @property
    def events(self) -> list[dict[str, Any]]:
        return [e for a in self.announcements for e in a.events]

    @property
    def notes(self) -> list[dict[str, Any]]:
        return [n for a in self.announcements for n in a.notes]

    @property
    def ping(self) -> list[int]:
        return sorted({s for a in self.announcements for s in a.ping})

    @property
    def panels(self) -> list[int]:
        return sorted({s for a in self.announcements for s in a.panels})


@dataclass
class Outstanding:
    """What one game's delivery starts from, read in one snapshot (`Store.outstanding`): its
    pending announcements up to the record's version, the panels due ({seat: fresh}), its
    remembered board and hand messages ({kind: (channel, message)}) and the announcements the
    board showed (`shown`, read from `shown_rows` when first asked for)."""

    pending: Pending
    due: dict[int, bool]
    messages: dict[str, tuple[int, int]]
    shown_rows: Sequence[Sequence[Any]]

    @cached_property
    def shown(self) -> Pending:
        return Pending.from_rows(self.shown_rows)
