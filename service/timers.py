"""Reminders and deadlines, and the overview of a server's tables; nothing here knows Discord.

`TimerService.tick()` looks at every running game's turn timers at the service's clock and does
what is due: a reminder is counted in the store (only if the game is still where it was read)
and returned as a `Reminder` to send; a passed deadline makes the game's bot finish the seat's
turn through `Tables.auto_move` (same optimistic-version discipline as a click) and returns the
`Step`. Everything is committed before the caller sends anything.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from db.records import GameRecord, TurnTimer
from db.store import Store
from service.errors import TableError
from service.tables import Step, Tables
from service.timing import DEFAULT_NOTICE, NOTICES, Timing, due, parse_time

log = logging.getLogger("tavolo.timers")


@dataclass(frozen=True)
class Reminder:
    """Tell the member in `seat` it is still their turn (the `count`-th reminder of this wait)."""

    record: GameRecord
    seat: int
    user_id: int
    count: int
    waiting_since: datetime


@dataclass
class Tick:
    """What one tick did: reminders to send and the steps the deadlines made (all committed)."""

    reminders: list[Reminder] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)


@dataclass(frozen=True)
class TableSummary:
    """One active game for an overview: its record, timing settings, and since when each
    waiting seat has waited."""

    record: GameRecord
    timing: Timing
    waiting_since: dict[int, datetime]


class TimerService:
    """Reminders and deadlines over the table service (its store and its clock)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    @property
    def store(self) -> Store:
        return self.tables.store

    async def tick(self) -> Tick:
        """Do everything due now: deadlines first (their moves end the turn), then reminders."""
        now = self.tables.clock()
        result = Tick()
        found = [
            (timer, kind)
            for timer, timing in await self.store.running_timers()
            if (kind := due(timer, Timing.of(timing), now)) is not None
        ]
        for timer, kind in sorted(found, key=lambda f: (f[1] != "deadline", f[0].game_id)):
            try:
                if kind == "deadline":
                    step = await self.tables.auto_move(
                        timer.game_id, timer.seat, timer.since_version
                    )
                    if step is not None:
                        result.steps.append(step)
                else:
                    reminder = await self._remind(timer, now)
                    if reminder is not None:
                        result.reminders.append(reminder)
            except TableError:  # kept losing races with players: try again next tick
                log.info("timer of game %s seat %s deferred", timer.game_id, timer.seat)
            except Exception:
                log.exception("timer of game %s seat %s failed", timer.game_id, timer.seat)
        return result

    async def _remind(self, timer: TurnTimer, now: datetime) -> Reminder | None:
        """Count the reminder if the seat still waits as the timer says; else nothing."""
        record = await self.store.get_game(timer.game_id)
        if record is None or record.status != "running":
            return None
        seat = record.seats[timer.seat]
        if (
            seat.bot
            or seat.user_id is None
            or record.waiting.get(timer.seat) != timer.since_version
        ):
            return None
        if not await self.store.mark_reminded(timer, record.version, now):
            return None  # the game moved on since it was read; looked at again next tick
        return Reminder(
            record, timer.seat, seat.user_id, timer.sent_count + 1, parse_time(timer.started_at)
        )

    # ------------------------------------------------------------ overview

    async def overview(self, guild_id: int | None) -> list[TableSummary]:
        """The active games of a server (lobbies and running games), oldest first."""
        records = await self.store.active_games(guild_id)
        timers: dict[int, list[TurnTimer]] = defaultdict(list)
        for timer in await self.store.turn_timers():
            timers[timer.game_id].append(timer)
        return [summarize(record, timers[record.id]) for record in records]

    async def summary(self, record: GameRecord) -> TableSummary:
        """One game's summary."""
        return summarize(record, await self.store.turn_timers(record.id))

    # ------------------------------------------------------------ players' notice settings

    async def notices(self, user_ids: Iterable[int]) -> dict[int, str]:
        """How each user wants to hear it is their turn (the default for those who never said)."""
        ids = list(user_ids)
        chosen = await self.store.turn_notices(ids)
        return {u: chosen.get(u, DEFAULT_NOTICE) for u in ids}

    async def set_notice(self, user_id: int, notice: str) -> None:
        if notice not in NOTICES:
            raise TableError("error.bad_notice")
        await self.store.set_turn_notice(user_id, notice)


def summarize(record: GameRecord, timers: Iterable[TurnTimer]) -> TableSummary:
    """A game's summary from its timers: when each waiting seat began waiting (how long the
    player has been waited for, even if a resume restarted their clock since)."""
    timing = Timing.of(record.timing)
    since = {
        t.seat: parse_time(t.started_at)
        for t in timers
        if record.waiting.get(t.seat) == t.since_version
    }
    return TableSummary(record, timing, since)
