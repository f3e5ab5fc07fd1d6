"""The table service: one object holding the store, the clock and the seed source, with one part
per concern. Callers write `service.play.move(...)`, `service.lobby.start(...)`, ...

Every change is one store write at the version that was read, so a doubled or stale request is
refused with "this board has changed" and changes nothing. Results are plain data
(`TableChange`) that the Discord layer turns into messages; nothing here knows Discord.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta

from db.records import GameRecord
from db.store import Store
from service.bot_pool import BotPool
from service.change import TableChange
from service.deadlines import Deadlines
from service.games import Games, retrying
from service.lobby import Lobby
from service.notices import TurnNotices
from service.overview import Overview
from service.play import Play
from service.seats import Seats
from service.shards import Work
from service.stats import Stats
from service.timing import DEFAULT_ABANDON_HOURS, Clock, utc_now
from service.undo import Undo


def random_seed() -> int:
    """A fresh seed for a new game."""
    return secrets.randbits(62)


class TableService:
    """The table service over one store: `games` (look-ups), `lobby`, `play`, `seats`,
    `undo`, `stats`, `deadlines` (timing settings, reminders, deadlines, deserted games: abandoned
    `abandon_after` without a player back), `overview`, `notices`; `work`: this process's shard
    leases and game claims when several processes share the database (`service/shards.py`)."""

    def __init__(
        self,
        store: Store,
        new_seed: Callable[[], int] | None = None,
        clock: Clock = utc_now,
        abandon_after: timedelta = timedelta(hours=DEFAULT_ABANDON_HOURS),
        bots: BotPool | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.games = Games(store)
        self.play = Play(self.games, clock, bots)
        self.lobby = Lobby(self.games, self.play, clock, new_seed or random_seed)
        self.seats = Seats(self.games, self.play, clock)
        self.deadlines = Deadlines(self.games, self.play, clock, abandon_after)
        self.overview = Overview(store)
        self.notices = TurnNotices(store)
        self.undo = Undo(self.games, self.play, clock)
        self.stats = Stats(store)
        self.work: Work | None = None  # shard leases and game claims (TAVOLO_SHARDS), if set

    async def game(self, game_id: int) -> GameRecord:
        """A game by id, or TableError `error.no_game`."""
        return await self.games.game(game_id)

    async def channel_game(self, channel_id: int) -> GameRecord:
        """The active game of a channel, or TableError `error.no_game`."""
        return await self.games.channel_game(channel_id)

    async def leave(self, game_id: int, user_id: int) -> TableChange:
        """Leave a table: a lobby's seat goes (`Lobby.leave`); in a running game a bot takes
        the seat and plays on at once (`Seats.leave`). NotSeated if the member has no seat in
        an active game."""

        async def attempt() -> TableChange:
            record = await self.games.game(game_id)
            if record.status == "running":
                return await self.seats.leave(record, user_id)
            return await self.lobby.leave(record, user_id)

        return await self.play.run_bots(await retrying(attempt))
