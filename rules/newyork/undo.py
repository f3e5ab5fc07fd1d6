"""New York (tiles): which actions may be undone (see `rules.undo`).

PROPOSED: taking money, buying, paying, building and redesigning may be taken back, unless
the action ended the turn and new tiles or money cards were turned up from the bag or the
deck (the market and display are refilled), or the game ended.
"""

from __future__ import annotations

from rules.contract import State
from rules.undo import reveals_nothing

HIDDEN = ("bag", "deck")


def undoable(before: State, after: State, seat: int, action: str) -> bool:
    """Whether `seat`'s `action` (from `before` to `after`) may be taken back."""
    return reveals_nothing(before, after, HIDDEN)
