"""Money (Reiner Knizia) behind the contract: `MoneyGame`, registered under the id `money`."""

from __future__ import annotations

from rules.contract import GameInfo, OptionInfo, State
from rules.errors import RuleError
from rules.money import actions, bot, describe, engine, locations, outcome, undo, views
from rules.packaged import GameModules, PackagedGame

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


class MoneyGame(PackagedGame):
    """Money's rules (in `engine`), views, result, bot and event texts."""

    info = INFO
    copied = engine.COPIED
    modules = GameModules(actions, engine, views, outcome, bot, describe, locations)

    def undoable(self, before: State, after: State, seat: int, action: str) -> bool:
        return undo.undoable(before, after, seat, action)

    refuses_unknown_options = False  # stored games keep their options as they were given

    def refusal(self, state: State, seat: int) -> RuleError:
        return engine.refusal(state, seat)
