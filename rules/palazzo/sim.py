"""The Palazzo simulator for search: its engine run in place with int moves (`rules.inplace`).

A first step: the engine's own `play` and `choices` on one state changed in place (no copy, no
text parsing after an action's first sight). A simulator of its own, like Money's, is left to do.
"""

from __future__ import annotations

from rules.contract import Choices, State
from rules.inplace import InPlaceSim, MoveTable, listed_reference_moves, new_sim
from rules.palazzo import actions, engine, outcome

TABLE = MoveTable(actions)


def new(players: int, options: dict[str, str], seed: int) -> InPlaceSim:
    """The game `engine.setup` deals for these arguments."""
    return new_sim(engine, outcome, TABLE, engine.setup(players, dict(options), seed))


def from_state(state: State) -> InPlaceSim:
    """A simulator of a reference state (copied)."""
    return new_sim(engine, outcome, TABLE, state)


def move_text(move: int) -> str:
    """The reference action text of a move."""
    return TABLE.texts[move]


def parse_move(text: str) -> int:
    """The move of a reference action text."""
    return TABLE.intern(text)


def reference_moves(state: State, seat: int, choices: Choices) -> set[str]:
    """The moves `legal` lists: the engine's moves and its picks' suggestions."""
    return listed_reference_moves(choices)
