"""`PackagedGame`: a `BaseGame` whose rules are the functions of its own package's modules.

Every game package splits its rules the same way: `actions.parse`; `engine.setup`, `play`,
`to_act`, `turn`, `choices` (and `COPIED`, the state parts an action may change);
`views.view` (and `views.hand`, what the hand panel shows: see `rules.contract.Game`);
`outcome.outcome`;
`bot.bot_action`; `describe.describe`; `locations.locations`. A game's class then states only
its `info`, `copied` and `modules` (and overrides what differs, e.g. Money's `refusal`), without
forwarding each method itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar, cast

from rules.base import BaseGame
from rules.contract import Choices, Outcome, State, View


@dataclass(frozen=True)
class GameModules:
    """The modules of one game package, each holding the functions named in the module
    docstring."""

    actions: ModuleType
    engine: ModuleType
    views: ModuleType
    outcome: ModuleType
    bot: ModuleType
    describe: ModuleType
    locations: ModuleType


class PackagedGame(BaseGame[Any]):
    """A game whose rules are its package's module functions (see the module docstring)."""

    modules: ClassVar[GameModules]

    def setup(self, players: int, options: dict[str, str], seed: int) -> State:
        return cast(State, self.modules.engine.setup(players, options, seed))

    def parse(self, action: str) -> Any:
        return self.modules.actions.parse(action)

    def play(self, state: State, seat: int, act: Any) -> None:
        self.modules.engine.play(state, seat, act)

    def to_act(self, state: State) -> list[int]:
        return cast(list[int], self.modules.engine.to_act(state))

    def turn(self, state: State) -> str:
        return cast(str, self.modules.engine.turn(state))

    def choices(self, state: State, seat: int) -> Choices:
        return cast(Choices, self.modules.engine.choices(state, seat))

    def view(self, state: State, seat: int | None) -> View:
        return cast(View, self.modules.views.view(state, seat))

    def hand(self, state: State, seat: int) -> Any:
        """`views.hand` when the package has one (it changes whenever the view's `hand` does),
        else the whole view's."""
        own = getattr(self.modules.views, "hand", None)
        return own(state, seat) if own is not None else super().hand(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return cast(Outcome | None, self.modules.outcome.outcome(state))

    def bot_action(self, view: View, seed: int) -> str:
        return cast(str, self.modules.bot.bot_action(view, seed))

    def describe(self, event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
        return cast(str, self.modules.describe.describe(event, names, locale))

    def locations(self, state: State) -> dict[str, list[int]]:
        return cast(dict[str, list[int]], self.modules.locations.locations(state))
