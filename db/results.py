"""Records of finished games' results, statistics and ratings, as the store keeps them.

`GameResults` is written in the transaction that ends a game (`Store.save_move(results=)`):
a `SeatResult` per seat, and, when the game is rated, the ratings of its players updated by a
`Rater` (handed down by the service, so the store holds no rating maths).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.levels import DEFAULT_LEVEL

BOT_PLAYERS: dict[str, int] = {"standard": -1, "easy": -2, "strong": -3}
"""The `player` of a bot seat in results and ratings, one per bot level, so each level has a
rating of its own. The standard bot keeps -1, the id every bot had before levels were rated
apart (its older rows stay its own; PROPOSED)."""
BOT_PLAYER = BOT_PLAYERS[DEFAULT_LEVEL]


def bot_player(level: str) -> int:
    """The results' and ratings' player of a bot of `level` (an unknown level: standard)."""
    return BOT_PLAYERS.get(level, BOT_PLAYER)


def bot_level(player: int) -> str | None:
    """The bot level a results' or ratings' player stands for; None for a member."""
    return next((level for level, p in BOT_PLAYERS.items() if p == player), None)


Rater = Callable[
    [list[tuple[int, int]], dict[int, tuple[float, float]]], dict[int, tuple[float, float]]
]
"""Given the rated seats as (player, place) and the players' current (mu, sigma) (players
never rated are missing), the players' new (mu, sigma)."""


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game: who held it at the end (`player`), place (1 = first),
    score, a win, the holder's turns and the seconds they took, and whether a deadline moved
    for them (`missed`)."""

    seat: int
    player: int
    place: int
    score: int
    won: bool
    turns: int
    turn_seconds: float
    missed: bool


@dataclass(frozen=True)
class GameResults:
    """What a finished game adds to the statistics (and ratings, when `rater` is given)."""

    guild_id: int | None
    game: str
    seats: tuple[SeatResult, ...]
    rater: Rater | None = None


@dataclass(frozen=True)
class PlayerStats:
    """One member's statistics over the finished games of a server (one game, or all)."""

    played: int
    won: int
    score_sum: int
    place_sum: int
    turns: int
    turn_seconds: float
    clean: int  # games finished without a deadline moving for them

    def __add__(self, other: PlayerStats) -> PlayerStats:
        return PlayerStats(
            self.played + other.played,
            self.won + other.won,
            self.score_sum + other.score_sum,
            self.place_sum + other.place_sum,
            self.turns + other.turns,
            self.turn_seconds + other.turn_seconds,
            self.clean + other.clean,
        )

    @property
    def win_share(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def average_score(self) -> float:
        return self.score_sum / self.played if self.played else 0.0

    @property
    def average_place(self) -> float:
        return self.place_sum / self.played if self.played else 0.0

    @property
    def seconds_per_turn(self) -> float | None:
        return self.turn_seconds / self.turns if self.turns else None


@dataclass(frozen=True)
class Rating:
    """A player's rating in a server's game: OpenSkill's mu and sigma, the conservative
    `ordinal` the leaderboard sorts by, and the rated games played."""

    player: int
    mu: float
    sigma: float
    ordinal: float
    games: int
