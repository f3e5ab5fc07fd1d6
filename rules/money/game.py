"""Money (Reiner Knizia) behind the contract: `MoneyGame`, registered under the id `money`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import BaseGame
from rules.contract import Choices, GameInfo, OptionInfo, Outcome, State, View
from rules.errors import RuleError
from rules.money import actions, bot, describe, engine, locations, outcome, views

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


class MoneyGame(BaseGame[actions.Action]):
    """Money's rules (in `engine`), views, result, bot and event texts."""

    info = INFO
    copied = engine.COPIED
    refuses_unknown_options = False  # stored games keep their options as they were given

    def setup(self, players: int, options: dict[str, str], seed: int) -> State:
        return engine.setup(players, options, seed)

    def parse(self, action: str) -> actions.Action:
        return actions.parse(action)

    def refusal(self, state: State, seat: int) -> RuleError:
        return engine.refusal(state, seat)

    def play(self, state: State, seat: int, act: actions.Action) -> None:
        engine.play(state, seat, act)

    def to_act(self, state: State) -> list[int]:
        return engine.to_act(state)

    def turn(self, state: State) -> str:
        return engine.turn(state)

    def choices(self, state: State, seat: int) -> Choices:
        return engine.choices(state, seat)

    def view(self, state: State, seat: int | None) -> View:
        return views.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return outcome.outcome(state)

    def bot_action(self, view: View, seed: int) -> str:
        return bot.bot_action(view, seed)

    def describe(self, event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
        return describe.describe(event, names, locale)

    def locations(self, state: State) -> dict[str, list[int]]:
        return locations.locations(state)
