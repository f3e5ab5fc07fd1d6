"""`TableChange`: what one request of the table service did, as plain data for the Discord
layer (the game after it, the game's events, the moves made, whose hands changed, table notes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from db.outbox import Announcement
from db.records import GameRecord
from games import rules_of
from rules.contract import Game


@dataclass
class TableChange:
    """What one request did: the game after it, and what the channel and players must learn.

    `before` is the game as the request found it (None: a game just dealt). `notes` are table
    events that are not moves of the game:
        {"type": "auto_move", "seat": 2, "name": "Cas", "count": 1, "limit": 3}
        {"type": "handed_to_bot", "seat": 2, "limit": 3}
        {"type": "replaced", "seat": 1, "old": "Ann"}
        {"type": "rejoined", "seat": 2}
    """

    record: GameRecord
    start_version: int = -1
    events: list[dict[str, Any]] = field(default_factory=list)
    moves: list[tuple[int, str]] = field(default_factory=list)
    hands_changed: set[int] = field(default_factory=set)
    before: GameRecord | None = None
    notes: list[dict[str, Any]] = field(default_factory=list)
    # The version a member's own move made, when it may be undone (nothing revealed, nobody
    # acted after it within this change); None otherwise.
    undo_version: int | None = None

    @classmethod
    def begin(cls, record: GameRecord) -> TableChange:
        """A change starting from `record`."""
        return cls(record, record.version, before=record)

    @property
    def finished(self) -> bool:
        return self.record.status == "finished"

    @property
    def newly_waiting(self) -> list[int]:
        """Member seats to tell that it is their turn: they must act now, and were not waiting
        before this change, or a new turn began meanwhile (the game's `turn` label changed), or
        the seat passed to another player. Extra actions within one turn ping nobody."""
        record, before = self.record, self.before
        members = [s for s in sorted(record.waiting) if not record.seats[s].bot]
        if before is None or before.state is None or record.state is None:
            return members
        game = rules_of(record.game)
        if game.turn(before.state) != game.turn(record.state):
            return members
        return [s for s in members if s not in before.waiting or _changed_hands(before, record, s)]

    @property
    def panels_changed(self) -> list[int]:
        """Member seats whose private panel is out of date: a changed hand, or a changed wait
        (its buttons carry the version since which the seat waits)."""
        record, before = self.record, self.before
        seats = set(self.hands_changed) | set(self.newly_waiting)
        old = before.waiting if before is not None else {}
        seats |= {s for s in set(old) | set(record.waiting) if old.get(s) != record.waiting.get(s)}
        return sorted(s for s in seats if s < len(record.seats) and not record.seats[s].bot)


def _changed_hands(before: GameRecord, after: GameRecord, seat: int) -> bool:
    """Whether another player (or a bot) plays the seat now."""
    if seat >= len(before.seats):
        return True
    old, new = before.seats[seat], after.seats[seat]
    return (old.user_id, old.bot) != (new.user_id, new.bot)


def hand_of(game: Game, state: dict[str, Any], seat: int) -> Any:
    """The private part of a seat's view (its `hand`), used to tell when a hand changed: the
    game's own `hand` when it has one (see `rules.contract.Game`), else the whole view's."""
    own = getattr(game, "hand", None)
    return own(state, seat) if own is not None else game.view(state, seat).get("hand")


def announcement(
    before: GameRecord,
    after: GameRecord,
    *,
    events: list[dict[str, Any]] | None = None,
    notes: list[dict[str, Any]] | None = None,
    hands_changed: set[int] | None = None,
) -> Announcement:
    """What one write from `before` to `after` must tell Discord (stored with the write in the
    outbox): its events and notes, the member seats to ping, the panels out of date."""
    step = TableChange(
        after,
        before.version,
        list(events or []),
        hands_changed=set(hands_changed or ()),
        before=before,
        notes=list(notes or []),
    )
    return Announcement(step.events, step.notes, step.newly_waiting, step.panels_changed)
