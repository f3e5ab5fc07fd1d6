"""Reminders and deadlines: the timing settings of a game, and the periodic check that sends
reminders and lets the game's bot finish the turn of a seat whose deadline passed.

`Deadlines.tick()` looks at every running game's turn timers at the service's clock and does
what is due (`turn_clock.due`): a reminder is counted in the store (only if the game is still
where it was read) and returned as a `Reminder` to send; a passed deadline makes the game's bot
finish the seat's turn (`auto_move`, same optimistic-version discipline as a click) and returns
the `TableChange`. A game deadlines have deserted (bots in every seat) waits for its players,
is reminded of them and abandoned in time (`service/desertion.py`). Everything is committed
before the caller sends anything.

`Deadlines.keep_alive()` is the bot's heartbeat, written before each check: when the last one is
older than the tolerance, the bot was offline, and every running game's turn clocks are held
for that long first, so nobody is reminded or auto-moved for time the bot could not count.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial

from db.outbox import Announcement
from db.records import GameRecord, TurnTimer
from db.store import StaleVersion
from games import rules_of
from rules.errors import RuleError
from service.change import TableChange
from service.desertion import abandon_at, absent_members, hours_text, reminders_due
from service.errors import TableError
from service.games import Games, bot_seed, retrying
from service.play import MAX_BOT_MOVES, Play, PlayingPart
from service.timing import (
    BOARDS,
    DEFAULT_ABANDON_HOURS,
    MAX_AUTO_MOVES,
    MAX_BOT_SECONDS,
    MAX_HOURS,
    MIN_BOT_SECONDS,
    Clock,
    Timing,
    parse_time,
)
from service.turn_clock import due, next_check, with_restart

log = logging.getLogger("tavolo.timers")

Claim = Callable[[int], Awaitable[bool]]  # may this process work on the game now (and claims it)


@dataclass(frozen=True)
class Reminder:
    """Tell the member in `seat` it is still their turn (the `count`-th reminder of this wait)."""

    record: GameRecord
    seat: int
    user_id: int
    count: int
    waiting_since: datetime


@dataclass(frozen=True)
class Absent:
    """Tell the members whose seats bots hold in the deserted game `record` that `/game rejoin`
    takes their seat back, before the game is abandoned `abandon_at`."""

    record: GameRecord
    user_ids: list[int]
    abandon_at: datetime


@dataclass
class Tick:
    """What one tick did: reminders to send, the changes the deadlines made (a deserted game's
    abandonment among them), and reminders to come back to deserted games (all committed)."""

    reminders: list[Reminder] = field(default_factory=list)
    changes: list[TableChange] = field(default_factory=list)
    absent: list[Absent] = field(default_factory=list)
    claimed: list[int] = field(default_factory=list)  # games claimed (given back by the caller)


TIMERS_AT_ONCE = 300  # timers the tick looks at between two turns of the event loop


class Deadlines(PlayingPart):
    """Timing settings, reminders and deadlines over the table service's store and clock;
    a deserted game is abandoned `abandon_after` (a setting) without anyone back."""

    def __init__(
        self,
        games: Games,
        play: Play,
        clock: Clock,
        abandon_after: timedelta = timedelta(hours=DEFAULT_ABANDON_HOURS),
    ) -> None:
        super().__init__(games, play, clock)
        self.abandon_after = abandon_after
        self._checks_fresh = False  # the timers' check instants were written by this process

    # ------------------------------------------------------------ settings

    async def configure(
        self,
        game_id: int,
        user_id: int,
        *,
        manager: bool,
        paused: bool | None = None,
        reminder_hours: int | None = None,
        deadline_hours: int | None = None,
        auto_moves: int | None = None,
        boards: str | None = None,
        bot_seconds: float | None = None,
    ) -> GameRecord:
        """Change a game's timing (host or server manager): pause or resume it, the hours
        between reminders (0: none), the deadline in hours (0: none), the auto-moves in a row
        before a bot takes a seat, which boards the channel keeps (`BOARDS`), the CPU seconds a
        strong bot thinks per decision (`MIN_BOT_SECONDS`–`MAX_BOT_SECONDS`). Resuming, or new
        reminder hours, restart every waiting seat's
        clock now (`turn_clock.with_restart`); a new deadline or auto-move count applies from
        each seat's next wait (the current waits keep theirs)."""

        async def attempt() -> GameRecord:
            record = await self.games.game(game_id)
            if not record.active:
                raise TableError("error.no_game")
            if user_id != record.host_id and not manager:
                raise TableError("error.host_only_manage")
            timing = Timing.of(record.timing)
            if paused is not None:
                if record.status != "running":
                    raise TableError("error.not_running")
                if paused == timing.paused:
                    raise TableError("error.already_paused" if paused else "error.not_paused")
            for hours in (reminder_hours, deadline_hours):
                if hours is not None and not 0 <= hours <= MAX_HOURS:
                    raise TableError("error.bad_hours", max=MAX_HOURS)
            if auto_moves is not None and not 1 <= auto_moves <= MAX_AUTO_MOVES:
                raise TableError("error.bad_auto_moves", max=MAX_AUTO_MOVES)
            if boards is not None and boards not in BOARDS:
                raise TableError("error.bad_boards")
            if bot_seconds is not None and not MIN_BOT_SECONDS <= bot_seconds <= MAX_BOT_SECONDS:
                raise TableError("error.bad_bot_seconds", min=MIN_BOT_SECONDS, max=MAX_BOT_SECONDS)
            new = dataclasses.replace(
                timing,
                paused=timing.paused if paused is None else paused,
                reminder_hours=timing.reminder_hours if reminder_hours is None else reminder_hours,
                deadline_hours=timing.deadline_hours if deadline_hours is None else deadline_hours,
                auto_moves=timing.auto_moves if auto_moves is None else auto_moves,
                boards=timing.boards if boards is None else boards,
                bot_seconds=timing.bot_seconds if bot_seconds is None else bot_seconds,
            )
            new = with_restart(timing, new, self.clock())
            if new == timing:
                return record
            terms = (new.deadline_hours, new.auto_moves) != (
                timing.deadline_hours,
                timing.auto_moves,
            )
            keep = (timing.deadline_hours, timing.auto_moves) if terms else None
            return await self.store.set_timing(record.id, record.version, new.to_json(), keep=keep)

        return await retrying(attempt)

    async def set_blocked(self, game_id: int, blocked: bool) -> bool:
        """The bot can (`blocked` False) or cannot post in the game's channel: while it cannot,
        the game's clocks stand still (nobody is reminded or moved for a board they could not
        see); when it can again, every waiting seat's clock restarts. True if this changed
        anything (so the players are told once)."""

        async def attempt() -> bool:
            record = await self.games.game(game_id)
            timing = Timing.of(record.timing)
            if record.status != "running" or timing.blocked == blocked:
                return False
            new = with_restart(timing, dataclasses.replace(timing, blocked=blocked), self.clock())
            await self.store.set_timing(record.id, record.version, new.to_json())
            return True

        return await retrying(attempt)

    # ------------------------------------------------------------ liveness

    async def keep_alive(self, tolerance: timedelta) -> timedelta:
        """The heartbeat, before a check: if the last one is more than `tolerance` old (the bot
        was offline), hold every running game's turn clocks for the time since then, in the
        same transaction as the new beat (`Store.beat`), unless another process sharing the
        database beat meanwhile (it held them). The time held (zero if none)."""
        now = self.clock()
        last = await self.store.last_beat()
        gap = now - last if last is not None else timedelta(0)
        held = gap if gap > tolerance else timedelta(0)
        count = await self.store.beat(now, held=held, since=last)
        if held:
            log.warning("offline for %s: %d turn clocks held as long", held, count)
        return held

    async def beat(self) -> None:
        """The heartbeat alone (after a check that took a while)."""
        await self.store.beat(self.clock())

    # ------------------------------------------------------------ the periodic check

    async def tick(self, claim: Claim | None = None) -> Tick:
        """Do everything due now: deadlines first (their moves end the turn), then reminders,
        then what deserted games need (`watch_deserted`). With `claim` (several processes share
        the database), only the games it claims (`service.shards.Work.claim`): the caller gives
        them back once what the tick did is delivered."""
        now = self.clock()
        result = Tick()
        claimed: dict[int, bool] = {}

        async def mine(game_id: int) -> bool:
            if claim is None:
                return True
            if game_id not in claimed:
                claimed[game_id] = await claim(game_id)
            return claimed[game_id]

        if not self._checks_fresh:  # the default hours may have changed since the last run
            await self.store.forget_timer_checks()
            self._checks_fresh = True
        found, later = [], []
        for n, (timer, settings, checked) in enumerate(await self.store.timers_maybe_due(now)):
            if n % TIMERS_AT_ONCE == TIMERS_AT_ONCE - 1:  # many (after start-up): let the loop run
                await asyncio.sleep(0)
            timing = Timing.of(json.loads(settings))
            kind = due(timer, timing, now)
            if kind is None:
                later.append((timer, checked, next_check(timer, timing)))
            else:
                found.append((timer, kind))
        await self.store.set_timer_checks(later)
        for timer, kind in sorted(found, key=lambda f: (f[1] != "deadline", f[0].game_id)):
            if not await mine(timer.game_id):
                continue
            try:
                if kind == "deadline":
                    change = await self.auto_move(timer.game_id, timer.seat, timer.since_version)
                    if change is not None:
                        result.changes.append(change)
                else:
                    reminder = await self._remind(timer, now)
                    if reminder is not None:
                        result.reminders.append(reminder)
            except TableError:  # kept losing races with players: try again next tick
                log.info("timer of game %s seat %s deferred", timer.game_id, timer.seat)
            except Exception:
                log.exception("timer of game %s seat %s failed", timer.game_id, timer.seat)
        for record in await self.store.games_maybe_deserted():
            try:  # most of these only wait: claimed only when there is something to write
                await self.watch_deserted(record, now, result, claim=mine)
            except (StaleVersion, TableError):  # the game moved on: looked at next tick
                log.info("deserted game %s deferred", record.id)
            except Exception:
                log.exception("deserted game %s failed", record.id)
        result.claimed = [g for g, held in claimed.items() if held and claim is not None]
        return result

    async def watch_deserted(
        self, record: GameRecord, now: datetime, result: Tick, claim: Claim | None = None
    ) -> None:
        """A running game that bots hold alone (`GameRecord.deserted`): record since when, add
        the reminders to come back that are due to `result`, abandon it (aborted, with an
        "abandoned" note) when nobody came back in time. A game someone came back to forgets
        it was deserted. Each write is at the version read (StaleVersion: next tick), and only
        once `claim` (if given) let this process work on the game."""
        if record.status != "running":
            return
        timing = Timing.of(record.timing)
        end = abandon_at(timing, self.abandon_after)
        needed = (
            timing.deserted_at is not None
            if not record.deserted
            else timing.deserted_at is None
            or (end is not None and not timing.paused and now >= end)
            or reminders_due(timing, self.abandon_after, now) > timing.deserted_reminders
        )
        if not needed or (claim is not None and not await claim(record.id)):
            return
        if not record.deserted:
            if timing.deserted_at is not None:
                done = dataclasses.replace(timing, deserted_at=None, deserted_reminders=0)
                await self.store.set_timing(record.id, record.version, done.to_json())
            return
        if timing.deserted_at is None:
            begun = dataclasses.replace(timing, deserted_at=now.isoformat(), deserted_reminders=0)
            note = {"type": "deserted", "hours": hours_text(self.abandon_after)}
            told = Announcement(notes=[note])
            await self.store.set_timing(record.id, record.version, begun.to_json(), announce=told)
            return
        assert end is not None
        if not timing.paused and now >= end:
            change = TableChange.begin(record)
            note = {"type": "abandoned", "hours": hours_text(self.abandon_after)}
            told = Announcement(notes=[note])
            change.record = await self.store.abort_game(record.id, record.version, announce=told)
            change.notes.append(note)
            result.changes.append(change)
            return
        count = reminders_due(timing, self.abandon_after, now)
        if count > timing.deserted_reminders:
            sent = dataclasses.replace(timing, deserted_reminders=count)
            saved = await self.store.set_timing(record.id, record.version, sent.to_json())
            result.absent.append(Absent(saved, absent_members(saved), end))

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

    # ------------------------------------------------------------ absent players

    async def auto_move(self, game_id: int, seat: int, since: int) -> TableChange | None:
        """The deadline of `seat`'s turn passed (its timer is at waiting version `since`): the
        game's bot finishes that turn for the seat, as many actions as it needs, counted as one
        auto-moved turn; then bots move as after any move. None, and nothing changes, when the
        game moved on: the seat no longer waits since `since`, the game is paused or over, or
        the deadline is not (or no longer) due. This is checked again before each action, at the
        version the previous one saved, so a real move that lands first wins and the timer
        stops."""
        change: TableChange | None = None
        for _ in range(MAX_BOT_MOVES):
            try:
                moved = await retrying(partial(self._deadline_move, game_id, seat, since, change))
            except TableError:
                if change is None:
                    raise
                break  # kept losing races: what was saved is reported; the next tick goes on
            if moved is None or seat not in moved.record.waiting:
                change = moved or change
                break
            change, since = moved, moved.record.waiting[seat]
        if change is None:
            return None
        change = await self.play.run_bots(change)
        if change.record.deserted and any(n["type"] == "handed_to_bot" for n in change.notes):
            # told in the channel by the tick that records the desertion (`watch_deserted`)
            change.notes.append({"type": "deserted", "hours": hours_text(self.abandon_after)})
        return change

    async def _deadline_move(
        self, game_id: int, seat: int, since: int, change: TableChange | None
    ) -> TableChange | None:
        """One action of the bot for `seat` if its deadline is due and it still waits since
        `since` (read afresh); the change so far is extended, or a new one begun."""
        record = await self.games.game(game_id)
        if (
            record.status != "running"
            or record.waiting.get(seat) != since
            or record.seats[seat].bot
        ):
            return None
        timer = next((t for t in await self.store.turn_timers(game_id) if t.seat == seat), None)
        if (
            timer is None
            or timer.since_version != since
            or due(timer, Timing.of(record.timing), self.clock()) != "deadline"
        ):
            return None
        assert record.state is not None
        game = rules_of(record.game)
        action = game.bot_action(game.view(record.state, seat), bot_seed(record))
        if change is None:
            change = TableChange.begin(record)
        change.record = record
        try:
            await self.play.apply(change, seat, None, action, deadline=timer)
        except RuleError as exc:  # a bot bug must not stall the table
            raise RuntimeError(f"bot chose an illegal action {action!r}: {exc.key}") from exc
        return change
