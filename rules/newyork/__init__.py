"""New York, the tile game (Dirk Henn): the game object registered under the id `newyork`."""

from __future__ import annotations

from rules.contract import GameInfo, OptionInfo
from rules.modular import ModularGame
from rules.newyork import bot, describe, engine, outcome, views

INFO = GameInfo(
    id="newyork",
    name_key="newyork.name",
    summary_key="newyork.summary",
    min_players=engine.MIN_PLAYERS,
    max_players=engine.MAX_PLAYERS,
    options=(OptionInfo("length", engine.OPTION_LENGTH, "full", "newyork.option.length"),),
)


GAME = ModularGame(INFO, engine=engine, views=views, outcome=outcome, bot=bot, describe=describe)
