"""What the last move changed, from its public events: the tiles it put somewhere (drawn onto
the warehouse or a quarry, built, moved by a rebuild), the seats whose bid it changed, and
whether it drew a knight. The table outlines these in gold with a "new" tag."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

PLACED = ("drawn", "build", "new", "rebuilt_out", "rebuilt_insert")


@dataclass(frozen=True)
class Changes:
    """The tiles placed, the seats that bid or passed, and the knights drawn by the last move."""

    tiles: frozenset[int] = field(default_factory=frozenset)
    bids: frozenset[int] = field(default_factory=frozenset)
    knights: int = 0


def changes(events: Iterable[Mapping[str, Any]]) -> Changes:
    """The changes named by `events` (oldest first); a new auction forgets earlier bids."""
    tiles: set[int] = set()
    bids: set[int] = set()
    knights = 0
    for event in events:
        kind = event.get("type")
        if kind in PLACED:
            tiles.add(event["tile"])
        elif kind in ("bid", "passed"):
            bids.add(event["seat"])
        elif kind in ("auction", "won"):
            bids.clear()
        elif kind == "knight":
            knights += 1
    return Changes(frozenset(tiles), frozenset(bids), knights)
