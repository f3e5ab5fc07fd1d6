"""Register a rules-only game (a tiny game a service test plays) for the length of a test.

The service needs only a game's rules; the registry binds a presentation too, so Money's words
stand in for a game that is never shown.
"""

from __future__ import annotations

from contextlib import AbstractContextManager

import games
from games import GameEntry
from render.money.presentation import MoneyPresentation
from rules.contract import Game


def registered_rules(rules: Game) -> AbstractContextManager[GameEntry]:
    """`games.registered` for `rules`, with a stand-in presentation of the same game id."""
    stand_in = type(
        f"{rules.info.id.title()}StandIn", (MoneyPresentation,), {"game_id": rules.info.id}
    )
    return games.registered(GameEntry(rules, stand_in()))
