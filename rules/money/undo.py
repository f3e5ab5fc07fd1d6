"""Money: which actions may be undone (see `rules.undo`).

PROPOSED: a secret bid may be taken back while other bids are still missing (the last bid
reveals all of them); taking a row or a bid, or passing, may be taken back unless it ended the
round (new rows are turned up from the deck) or the hand.
"""

from __future__ import annotations

from rules.contract import State
from rules.undo import reveals_nothing

HIDDEN = ("deck",)


def undoable(before: State, after: State, seat: int, action: str) -> bool:
    """Whether `seat`'s `action` (from `before` to `after`) may be taken back."""
    if not reveals_nothing(before, after, HIDDEN):
        return False
    if before["phase"] == "bid" and after["phase"] != "bid":
        return False  # the last bid revealed every bid
    return bool(before.get("hand_no") == after.get("hand_no"))
