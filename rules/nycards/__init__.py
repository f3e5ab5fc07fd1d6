"""New York, the card game (Dirk Henn): the game object registered under the id `nycards`."""

from __future__ import annotations

from rules.contract import GameInfo
from rules.modular import ModularGame
from rules.nycards import bot, describe, engine, outcome, views

INFO = GameInfo(
    id="nycards",
    name_key="nycards.name",
    summary_key="nycards.summary",
    min_players=engine.MIN_PLAYERS,
    max_players=engine.MAX_PLAYERS,
)


GAME = ModularGame(INFO, engine=engine, views=views, outcome=outcome, bot=bot, describe=describe)
