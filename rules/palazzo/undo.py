"""Palazzo: which actions may be undone (see `rules.undo`).

PROPOSED: picking face-up money, buying, bidding, passing and building may be taken back;
taking money or drawing tiles turns up cards or tiles from the deck or the stacks and may not,
nor may an action that ended the game.
"""

from __future__ import annotations

from rules.contract import State
from rules.undo import reveals_nothing

HIDDEN = ("deck", "stacks")


def undoable(before: State, after: State, seat: int, action: str) -> bool:
    """Whether `seat`'s `action` (from `before` to `after`) may be taken back."""
    return reveals_nothing(before, after, HIDDEN)
