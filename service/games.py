"""What every part of the table service shares: finding a game, and retrying a request that
lost the race with another save."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from db.records import GameRecord
from db.store import StaleVersion, Store
from service.errors import Stale, TableError

MAX_RETRIES = 8
T = TypeVar("T")


class Games:
    """Games of one store, looked up for a request (each a fresh read of committed data)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def game(self, game_id: int) -> GameRecord:
        """A game by id, or TableError `error.no_game`."""
        record = await self.store.get_game(game_id)
        if record is None:
            raise TableError("error.no_game")
        return record

    async def channel_game(self, channel_id: int) -> GameRecord:
        """The active game of a channel, or TableError `error.no_game`."""
        record = await self.store.active_game(channel_id)
        if record is None:
            raise TableError("error.no_game")
        return record

    async def lobby(self, game_id: int) -> GameRecord:
        """A game that is still a lobby, or TableError."""
        record = await self.game(game_id)
        if record.status != "lobby":
            raise TableError("error.not_in_lobby")
        return record

    async def running(self, game_id: int) -> GameRecord:
        """A game being played, or TableError."""
        record = await self.game(game_id)
        if record.status != "running":
            raise TableError("error.not_running")
        return record


async def retrying(attempt: Callable[[], Awaitable[T]]) -> T:
    """Run `attempt` (which reads the game afresh and writes at the version it read) again when
    another request saved first; `error.stale` only if it keeps losing the race."""
    for _ in range(MAX_RETRIES):
        try:
            return await attempt()
        except StaleVersion:
            continue
    raise Stale()


def bot_seed(record: GameRecord) -> int:
    """The seed of a bot's choice at this point of the game (replays choose the same)."""
    return (record.seed or 0) * 1_000_003 + record.version
