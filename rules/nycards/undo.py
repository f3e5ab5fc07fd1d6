"""New York (cards): which actions may be undone (see `rules.undo`).

PROPOSED: taking money cards, buying a building, keeping or giving it may be taken back,
unless new money cards or buildings were turned up from the decks (the display and the yard
are refilled at the end of a turn), or the game ended.
"""

from __future__ import annotations

from rules.contract import State
from rules.undo import reveals_nothing

HIDDEN = ("money_deck", "building_deck")


def undoable(before: State, after: State, seat: int, action: str) -> bool:
    """Whether `seat`'s `action` (from `before` to `after`) may be taken back."""
    return reveals_nothing(before, after, HIDDEN)
