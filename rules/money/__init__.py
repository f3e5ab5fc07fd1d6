"""Money (Reiner Knizia): the game object registered under the id `money`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.contract import Choices, GameInfo, OptionInfo, Outcome, State, View
from rules.money import bot, describe, engine, outcome, views

INFO = GameInfo(
    id="money",
    name_key="money.name",
    summary_key="money.summary",
    min_players=3,
    max_players=5,
    options=(
        OptionInfo("hands", engine.OPTION_HANDS, "3", "money.option.hands"),
        OptionInfo("match", engine.OPTION_MATCH, "most_hands", "money.option.match"),
    ),
)


class MoneyGame:
    """Money behind the shared game contract (`rules.contract.Game`)."""

    info = INFO

    def new_game(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return engine.new_game(players, options, seed)

    def to_act(self, state: State) -> list[int]:
        return engine.to_act(state)

    def turn(self, state: State) -> str:
        return engine.turn(state)

    def choices(self, state: State, seat: int) -> Choices:
        return engine.choices(state, seat)

    def apply(self, state: State, seat: int, action: str) -> State:
        return engine.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> View:
        return views.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return outcome.outcome(state)

    def bot_action(self, view: View, seed: int) -> str:
        return bot.bot_action(view, seed)

    def describe(self, event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
        return describe.describe(event, names, locale)


GAME = MoneyGame()
