"""`ModularGame`: a game object assembled from a game package's modules.

Every game package splits its rules the same way (`engine`, `views`, `outcome`, `bot`,
`describe`); this adapter puts them behind the shared contract (`rules.contract.Game`), so a
package's `__init__` only states its `GameInfo` and hands over its modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from rules.contract import Choices, GameInfo, Outcome, State, View


class ModularGame:
    """A game whose contract methods are the functions of the same names in its modules:
    `engine` (new_game, to_act, turn, choices, apply), `views.view`, `outcome.outcome`,
    `bot.bot_action` and `describe.describe`."""

    def __init__(
        self,
        info: GameInfo,
        *,
        engine: ModuleType,
        views: ModuleType,
        outcome: ModuleType,
        bot: ModuleType,
        describe: ModuleType,
    ) -> None:
        self.info = info
        self._engine = engine
        self._views = views  # modules, not functions: looked up at each call, like a method
        self._outcome = outcome
        self._bot = bot
        self._describe = describe

    def __repr__(self) -> str:
        return f"<game {self.info.id}>"

    def new_game(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return self._engine.new_game(players, options, seed)

    def to_act(self, state: State) -> list[int]:
        return self._engine.to_act(state)

    def turn(self, state: State) -> str:
        return self._engine.turn(state)

    def choices(self, state: State, seat: int) -> Choices:
        return self._engine.choices(state, seat)

    def apply(self, state: State, seat: int, action: str) -> State:
        return self._engine.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> View:
        return self._views.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return self._outcome.outcome(state)

    def bot_action(self, view: View, seed: int) -> str:
        return self._bot.bot_action(view, seed)

    def describe(self, event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
        return self._describe.describe(event, names, locale)
