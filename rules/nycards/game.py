"""New York, the card game (Dirk Henn), behind the contract: `NyCardsGame` (id `nycards`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import BaseGame
from rules.contract import Choices, GameInfo, Outcome, State, View
from rules.nycards import actions, bot, describe, engine, locations, outcome, views

INFO = GameInfo(
    id="nycards",
    name_key="nycards.name",
    summary_key="nycards.summary",
    min_players=engine.MIN_PLAYERS,
    max_players=engine.MAX_PLAYERS,
)


class NyCardsGame(BaseGame[actions.Action]):
    """The New York card game's rules (in `engine`), views, result, bot and event texts."""

    info = INFO
    copied = engine.COPIED

    def setup(self, players: int, options: dict[str, str], seed: int) -> State:
        return engine.setup(players, seed)

    def parse(self, action: str) -> actions.Action:
        return actions.parse(action)

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
