"""New York, the card game (Dirk Henn): the game object registered under the id `nycards`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.contract import Choices, GameInfo, Outcome, State, View
from rules.nycards import bot, describe, engine, outcome, views

INFO = GameInfo(
    id="nycards",
    name_key="nycards.name",
    summary_key="nycards.summary",
    min_players=engine.MIN_PLAYERS,
    max_players=engine.MAX_PLAYERS,
)


class NyCardsGame:
    """New York, the card game, behind the shared game contract (`rules.contract.Game`)."""

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


GAME = NyCardsGame()
