"""New York, the tile game (Dirk Henn), behind the contract: `NewYorkGame` (id `newyork`)."""

from __future__ import annotations

from rules.contract import GameInfo, OptionInfo, State
from rules.newyork import actions, bot, describe, engine, locations, outcome, undo, views
from rules.packaged import GameModules, PackagedGame

INFO = GameInfo(
    id="newyork",
    name_key="newyork.name",
    summary_key="newyork.summary",
    min_players=engine.MIN_PLAYERS,
    max_players=engine.MAX_PLAYERS,
    options=(OptionInfo("length", engine.OPTION_LENGTH, "full", "newyork.option.length"),),
)


class NewYorkGame(PackagedGame):
    """New York's rules (in `engine`), views, result, bot and event texts."""

    info = INFO
    copied = engine.COPIED
    modules = GameModules(actions, engine, views, outcome, bot, describe, locations)

    def undoable(self, before: State, after: State, seat: int, action: str) -> bool:
        return undo.undoable(before, after, seat, action)
