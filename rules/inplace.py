"""A simulator for any packaged game (`rules.packaged.PackagedGame`) that runs its own engine
in place: the first step towards a fast simulator where none is written yet (Palazzo, the tile
game).

Moves are ints interned per game (`MoveTable`): an action's text is parsed once, the first time
it is seen, and its parsed form is reused; `apply` runs the engine's `play` on the one state it
holds (no copy of the state, no text parsing), so a playout saves the copy and the parse of
every action that `BaseGame.apply` makes. The listing of legal moves is the engine's own
(`choices`), so only games whose listing is cheap gain much. Checked against the engine through
the contract by `tests/rules/test_<game>_sim.py`.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from rules.base import APPLIED_KEY, copy_levels
from rules.contract import Choices, Pick, State

COPY_DEPTH = 6  # deep enough for every packaged game's state


class MoveTable:
    """The action texts of one game seen so far, each with its int and its parsed form."""

    def __init__(self, actions: ModuleType) -> None:
        self.actions = actions
        self.ids: dict[str, int] = {}
        self.texts: list[str] = []
        self.parsed: list[Any] = []

    def clear(self) -> None:
        """Forget every move (only while no simulator's move is held anywhere)."""
        self.ids.clear()
        self.texts.clear()
        self.parsed.clear()

    def intern(self, text: str) -> int:
        found = self.ids.get(text)
        if found is None:
            found = self.ids[text] = len(self.texts)
            self.texts.append(text)
            self.parsed.append(self.actions.parse(text))
        return found


class InPlaceSim:
    """One game in play, its engine's state changed in place."""

    __slots__ = ("engine", "outcome", "state", "table")

    def __init__(
        self, engine: ModuleType, outcome: ModuleType, table: MoveTable, state: State
    ) -> None:
        self.engine = engine
        self.outcome = outcome
        self.table = table
        self.state = state

    @property
    def players(self) -> int:
        return int(self.state["players"])

    @property
    def over(self) -> bool:
        return bool(self.state["phase"] == "over")

    def to_act(self) -> list[int]:
        return list(self.engine.to_act(self.state))

    def _options(self, seat: int) -> Choices:
        choices: Choices = self.engine.choices(self.state, seat)
        return choices

    def legal(self, seat: int) -> list[int]:
        """The engine's complete moves and its picks' suggestions (picks without suggestions
        are sampled by `random_move`, not listed)."""
        choices = self._options(seat)
        intern = self.table.intern
        moves = [intern(m) for m in choices.moves]
        for pick in choices.picks:
            moves += [intern(pick.action(s)) for s in pick.suggestions]
        return moves

    def random_move(self, seat: int, rng: random.Random) -> int:
        """A uniformly chosen move or pick; a pick plays one of its suggestions, else a random
        subset of at most three more items than its minimum."""
        choices = self._options(seat)
        options: list[str | Pick] = [*choices.moves, *choices.picks]
        chosen = options[rng.randrange(len(options))]
        if isinstance(chosen, str):
            return self.table.intern(chosen)
        if chosen.suggestions:
            return self.table.intern(chosen.action(rng.choice(chosen.suggestions)))
        size = rng.randint(chosen.min, min(chosen.max, chosen.min + 3))
        return self.table.intern(chosen.action(sorted(rng.sample(chosen.items, size))))

    def apply(self, seat: int, move: int) -> None:
        """Play a legal move (not checked) on the state in place."""
        state = self.state
        state["events"] = []
        self.engine.play(state, seat, self.table.parsed[move])
        state[APPLIED_KEY] += 1

    def copy(self) -> InPlaceSim:
        return type(self)(
            self.engine, self.outcome, self.table, copy_levels(self.state, COPY_DEPTH)
        )

    def to_state(self) -> State:
        """The reference JSON state (without `events` and `applied`)."""
        return {
            k: copy_levels(v, COPY_DEPTH)
            for k, v in self.state.items()
            if k not in ("events", APPLIED_KEY)
        }

    def scores(self) -> list[int]:
        result = self.outcome.outcome(self.state)
        return list(result.scores) if result is not None else []


def new_sim(
    engine: ModuleType,
    outcome: ModuleType,
    table: MoveTable,
    state: State,
    kind: type[InPlaceSim] = InPlaceSim,
) -> InPlaceSim:
    """A simulator (of class `kind`) holding its own deep copy of `state` (with an `applied`
    count)."""
    own = copy_levels(state, COPY_DEPTH)
    own.setdefault(APPLIED_KEY, 0)
    return kind(engine, outcome, table, own)


def listed_reference_moves(choices: Choices) -> set[str]:
    """The reference moves `InPlaceSim.legal` lists: the moves and the picks' suggestions."""
    moves = set(choices.moves)
    for pick in choices.picks:
        moves.update(pick.action(s) for s in pick.suggestions)
    return moves


class EngineSim:
    """The simulator module of a game whose engine is run in place (`rules.sims.SimModule`):
    the same five functions for any engine with `setup`, `play`, `choices` and an `outcome`
    module."""

    def __init__(
        self,
        actions: ModuleType,
        engine: ModuleType,
        outcome: ModuleType,
        kind: type[InPlaceSim] = InPlaceSim,
    ) -> None:
        """`kind`: the simulator class (a subclass may sample its random moves faster)."""
        self.engine, self.outcome, self.table = engine, outcome, MoveTable(actions)
        self.kind = kind

    def new(self, players: int, options: dict[str, str], seed: int) -> InPlaceSim:
        """The game `engine.setup` deals for these arguments."""
        state = self.engine.setup(players, dict(options), seed)
        return new_sim(self.engine, self.outcome, self.table, state, self.kind)

    def from_state(self, state: State) -> InPlaceSim:
        """A simulator of a reference state (copied)."""
        return new_sim(self.engine, self.outcome, self.table, state, self.kind)

    def move_text(self, move: int) -> str:
        """The reference action text of a move."""
        return self.table.texts[move]

    def parse_move(self, text: str) -> int:
        """The move of a reference action text."""
        return self.table.intern(text)

    def reference_moves(self, state: State, seat: int, choices: Choices) -> set[str]:
        """The moves `legal` lists: the engine's moves and its picks' suggestions."""
        return listed_reference_moves(choices)
