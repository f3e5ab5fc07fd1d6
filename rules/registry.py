"""All games by id."""

from __future__ import annotations

from rules.contract import Game
from rules.money import GAME as MONEY

GAMES: dict[str, Game] = {MONEY.info.id: MONEY}


def get_game(game_id: str) -> Game:
    """The game with this id; KeyError if there is none."""
    return GAMES[game_id]
