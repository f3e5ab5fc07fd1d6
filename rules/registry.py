"""All games by id."""

from __future__ import annotations

from rules.contract import Game
from rules.money import GAME as MONEY
from rules.newyork import GAME as NEWYORK
from rules.nycards import GAME as NYCARDS
from rules.palazzo import GAME as PALAZZO

GAMES: dict[str, Game] = {
    MONEY.info.id: MONEY,
    NEWYORK.info.id: NEWYORK,
    NYCARDS.info.id: NYCARDS,
    PALAZZO.info.id: PALAZZO,
}


def get_game(game_id: str) -> Game:
    """The game with this id; KeyError if there is none."""
    return GAMES[game_id]
