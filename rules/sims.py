"""The fast simulators by game id (`rules/<game>/sim.py`; for a game whose engine is run in
place, its `SIM`, a `rules.inplace.EngineSim`): what a search plays on.

Each simulator module offers:
- `new(players, options, seed)` and `from_state(state)`: a simulator object (`Sim`);
- `move_text(move)` / `parse_move(text)`: an int move and the reference action text;
- `reference_moves(state, seat, choices)`: the reference moves the simulator's `legal` lists
  (the differential check compares the two sets).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

from rules.contract import Choices, State
from rules.money import sim as money_sim
from rules.newyork import sim as newyork_sim
from rules.nycards import sim as nycards_sim
from rules.palazzo import sim as palazzo_sim


class Sim(Protocol):
    """A game in play inside a simulator, changed in place."""

    players: int

    @property
    def over(self) -> bool: ...

    def to_act(self) -> list[int]: ...

    def legal(self, seat: int) -> list[int]: ...

    def random_move(self, seat: int, rng: random.Random) -> int: ...

    def apply(self, seat: int, move: int) -> None: ...

    def copy(self) -> Any: ...

    def to_state(self) -> State: ...

    def scores(self) -> list[int]: ...


class SimModule(Protocol):
    """The functions of a `rules/<game>/sim.py` module."""

    def new(self, players: int, options: dict[str, str], seed: int) -> Any: ...

    def from_state(self, state: State) -> Any: ...

    def move_text(self, move: int) -> str: ...

    def parse_move(self, text: str) -> int: ...

    def reference_moves(self, state: State, seat: int, choices: Choices) -> set[str]: ...


_MODULES: dict[str, Any] = {
    "money": money_sim,
    "newyork": newyork_sim.SIM,
    "nycards": nycards_sim,
    "palazzo": palazzo_sim.SIM,
}
SIMS: Mapping[str, SimModule] = _MODULES
