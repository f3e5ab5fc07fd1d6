"""The overview of a server's tables: each active game with its timing settings and since when
each waiting seat has waited."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from db.records import GameRecord, SeatChange, TurnTimer
from db.store import Store
from service.timing import Timing, parse_time
from service.turn_clock import waiting_since


@dataclass(frozen=True)
class TableSummary:
    """One active game for an overview: its record, timing settings, since when each waiting
    seat has waited, and (for one game's status) the seat changes with when each was made."""

    record: GameRecord
    timing: Timing
    waiting_since: dict[int, datetime]
    seat_changes: tuple[tuple[SeatChange, datetime], ...] = ()


class Overview:
    """Summaries of active games, read from the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def server(self, guild_id: int | None) -> list[TableSummary]:
        """The active games of a server (lobbies and running games), oldest first, without
        their states (`GameRecord.state` is None: an overview never reads it)."""
        records = await self.store.active_games(guild_id, with_state=False)
        timers: dict[int, list[TurnTimer]] = defaultdict(list)
        for timer in await self.store.turn_timers(guild_id=guild_id):
            timers[timer.game_id].append(timer)
        return [summarize(record, timers[record.id]) for record in records]

    async def channels(self, guild_id: int) -> list[tuple[int, int]]:
        """(game id, channel id) of the active games of a server, oldest first (cheap: no
        game is read; `summaries` reads the ones to show)."""
        return await self.store.active_channels(guild_id)

    async def summaries(self, game_ids: list[int]) -> list[TableSummary]:
        """The summaries of these games, in this order, without their states."""
        records = await self.store.game_summaries(game_ids)
        timers: dict[int, list[TurnTimer]] = defaultdict(list)
        for timer in await self.store.turn_timers(game_ids=[r.id for r in records]):
            timers[timer.game_id].append(timer)
        return [summarize(record, timers[record.id]) for record in records]

    async def summary(self, record: GameRecord) -> TableSummary:
        """One game's summary, with its seat changes from the action log."""
        summary = summarize(record, await self.store.turn_timers(record.id))
        changes = tuple(
            (SeatChange.from_log(entry), parse_time(entry.at))
            for entry in await self.store.seat_changes(record.id)
        )
        return dataclasses.replace(summary, seat_changes=changes)


def summarize(record: GameRecord, timers: Iterable[TurnTimer]) -> TableSummary:
    """A game's summary from its timers."""
    return TableSummary(record, Timing.of(record.timing), waiting_since(record, list(timers)))
