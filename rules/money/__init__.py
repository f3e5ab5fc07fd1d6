"""Money (Reiner Knizia): the game object registered under the id `money`."""

from __future__ import annotations

from rules.contract import GameInfo, OptionInfo
from rules.modular import ModularGame
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


GAME = ModularGame(INFO, engine=engine, views=views, outcome=outcome, bot=bot, describe=describe)
