"""Palazzo (Reiner Knizia) behind the contract: `PalazzoGame`, registered under the id `palazzo`."""

from __future__ import annotations

from rules.contract import GameInfo, State
from rules.packaged import GameModules, PackagedGame
from rules.palazzo import actions, bot, describe, engine, locations, outcome, undo, views

INFO = GameInfo(
    id="palazzo",
    name_key="palazzo.name",
    summary_key="palazzo.summary",
    min_players=engine.MIN_PLAYERS,
    max_players=engine.MAX_PLAYERS,
)


class PalazzoGame(PackagedGame):
    """Palazzo's rules (in `engine`), views, result, bot and event texts."""

    info = INFO
    copied = engine.COPIED
    modules = GameModules(actions, engine, views, outcome, bot, describe, locations)

    def undoable(self, before: State, after: State, seat: int, action: str) -> bool:
        return undo.undoable(before, after, seat, action)
