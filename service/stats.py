"""Statistics and leaderboards of a server, read from the results and ratings stored when
games end (`service/results.py`, `service/ratings.py`); indexed queries only."""

from __future__ import annotations

from dataclasses import dataclass

from db.results import PlayerStats, Rating
from db.store import Store
from service.ratings import PROVISIONAL_GAMES


@dataclass(frozen=True)
class GameStats:
    """A member's statistics in one game of a server (`game` None: all games together), with
    their rating there (None: all games, or never rated)."""

    game: str | None
    stats: PlayerStats
    rating: Rating | None


@dataclass(frozen=True)
class BoardLine:
    """One line of a leaderboard: the place, the rating, and whether it is still provisional
    (fewer than `PROVISIONAL_GAMES` rated games)."""

    place: int
    rating: Rating

    @property
    def provisional(self) -> bool:
        return self.rating.games < PROVISIONAL_GAMES


class Stats:
    """Statistics and leaderboards over one store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def member(self, guild_id: int, user_id: int, game: str | None) -> list[GameStats]:
        """A member's statistics in a server: for one game, or all games together followed by
        each game they played; [] when they finished no game there (`hidden` tells whether
        they chose not to show them)."""
        if game is not None:
            by_game = {game: await self.store.player_stats(guild_id, user_id, game)}
        else:
            by_game = await self.store.player_stats_by_game(guild_id, user_id)
        found = []
        for game_id, stats in by_game.items():
            if stats.played:
                rating = await self.store.rating(guild_id, game_id, user_id)
                found.append(GameStats(game_id, stats, rating))
        if game is None and len(found) > 1:
            overall = sum((g.stats for g in found[1:]), found[0].stats)
            found.insert(0, GameStats(None, overall, None))
        return found

    async def hidden(self, user_id: int) -> bool:
        """Whether the member chose not to show their statistics (`/settings stats:off`)."""
        return not await self.store.stats_shown(user_id)

    async def show(self, user_id: int, shown: bool) -> None:
        """Show or hide the member's statistics and ratings."""
        await self.store.set_stats_shown(user_id, shown)

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[BoardLine]:
        """A server's best rated players of a game, best first (bots among them), followed by
        each rated bot level that is not among them, at its place: every level's strength is
        shown, however low or high it ranks."""
        ratings = await self.store.leaderboard(guild_id, game, limit)
        lines = [BoardLine(place, rating) for place, rating in enumerate(ratings, start=1)]
        shown = {rating.player for rating in ratings}
        for place, rating in await self.store.bot_places(guild_id, game):
            if rating.player not in shown:
                lines.append(BoardLine(max(place, len(ratings) + 1), rating))
        return lines
