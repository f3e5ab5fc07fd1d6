"""New York, the card game (Dirk Henn), behind the contract: `NyCardsGame` (id `nycards`)."""

from __future__ import annotations

from rules.contract import GameInfo, State
from rules.nycards import actions, bot, describe, engine, locations, outcome, undo, views
from rules.packaged import GameModules, PackagedGame

INFO = GameInfo(
    id="nycards",
    name_key="nycards.name",
    summary_key="nycards.summary",
    min_players=engine.MIN_PLAYERS,
    max_players=engine.MAX_PLAYERS,
)


class NyCardsGame(PackagedGame):
    """The New York card game's rules (in `engine`), views, result, bot and event texts."""

    info = INFO
    copied = engine.COPIED
    modules = GameModules(actions, engine, views, outcome, bot, describe, locations)

    def undoable(self, before: State, after: State, seat: int, action: str) -> bool:
        return undo.undoable(before, after, seat, action)
