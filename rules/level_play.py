"""How a bot of each level (`rules.levels`) moves, deciding from one seat's view only: `easy`
(a simple readable policy), `standard` (each game's heuristic bot) and `strong` (the search of
`rules.search`).

`easy` plays the searcher's `easy_move` where it has one (Palazzo, the tile game: the standard
move most of the time, else a random legal one), else the search's cheap playout policy, on a
world drawn from the view (Money: one or two random cards as a bid, the table's richest set in
the exchange; the card game: a buy when possible, else the richest take). A game without a
searcher plays its standard bot at every level. A strong search that fails plays the standard
move.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.contract import Game, View
from rules.money import strong as money_strong
from rules.newyork import strong as newyork_strong
from rules.nycards import strong as nycards_strong
from rules.palazzo import strong as palazzo_strong
from rules.search import Budget, Searcher, search

_FOUND: dict[str, Any] = {
    "money": money_strong.SEARCHER,
    "newyork": newyork_strong.SEARCHER,
    "nycards": nycards_strong.SEARCHER,
    "palazzo": palazzo_strong.SEARCHER,
}
SEARCHERS: Mapping[str, Searcher] = _FOUND


def has_search(game_id: str) -> bool:
    """Whether the game's strong level searches (else it plays the standard bot)."""
    return game_id in SEARCHERS


def easy_action(game: Game, view: View, seed: int) -> str:
    """The easy bot's action (see the module docstring)."""
    searcher = SEARCHERS.get(game.info.id)
    if searcher is None:
        return game.bot_action(view, seed)
    rng = random.Random(seed)
    world = searcher.determinize(view, rng)
    policy = getattr(searcher, "easy_move", searcher.playout_move)
    return searcher.move_text(policy(world, view["seat"], rng))


def strong_action(game: Game, view: View, seed: int, budget: Budget) -> str:
    """The strong bot's action: the search's move, or the standard move without a search."""
    searcher = SEARCHERS.get(game.info.id)
    if searcher is None:
        return game.bot_action(view, seed)
    return search(searcher, view, seed, budget).action


def level_action(game: Game, level: str, view: View, seed: int, budget: Budget) -> str:
    """The action of a bot of `level` (computed here: the service keeps strong searches off
    the event loop, in `service.bot_pool`)."""
    if level == "easy":
        return easy_action(game, view, seed)
    if level == "strong":
        return strong_action(game, view, seed, budget)
    return game.bot_action(view, seed)
