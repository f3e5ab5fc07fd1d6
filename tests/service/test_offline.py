"""Time the bot was offline does not count against players: the timer loop's heartbeat
(`Deadlines.keep_alive`) finds the gap on coming back and holds every running game's turn
clocks for that long before anything is checked."""

from __future__ import annotations

from datetime import timedelta

import pytest

from db.store import Store, open_store
from games import rules_of
from service.tables import TableService
from service.timing import Timing, offline_tolerance
from service.turn_clock import deadline_at, reminder_at
from tests.helpers.clock import FakeClock

pytestmark = pytest.mark.both_backends

TOLERANCE = offline_tolerance(30)
ANN, BEN, CAS = 100, 101, 102


@pytest.fixture
def table_seed() -> int:
    """This module's games are dealt from seeds 900, 901, ..."""
    return 900


@pytest.fixture
def table_clock(clock: FakeClock) -> FakeClock:
    return clock


async def started(tables: TableService, **timing: int) -> int:
    """A running Money match of three members hosted by Ann; its id."""
    record = await tables.lobby.open(
        guild_id=1, channel_id=10, game_id="money", host_id=ANN, host_name="Ann"
    )
    for user, name in ((BEN, "Ben"), (CAS, "Cas")):
        record = await tables.lobby.join(record.id, user, name)
    await tables.deadlines.configure(record.id, ANN, manager=False, **timing)
    return (await tables.lobby.start(record.id, ANN)).record.id


async def up_for(tables: TableService, clock: FakeClock, **delta: float) -> None:
    """Time passes with the bot up: its loop beat all along, so the last beat is now."""
    clock.advance(**delta)
    await tables.deadlines.beat()
    assert await tables.deadlines.keep_alive(TOLERANCE) == timedelta(0)


async def due_times(store: Store, game_id: int) -> list[tuple[object, object]]:
    """(deadline, next reminder) of each waiting seat of the game."""
    record = await store.get_game(game_id)
    assert record is not None
    timing = Timing.of(record.timing)
    return [(deadline_at(t, timing), reminder_at(t, timing)) for t in await store.turn_timers()]


async def test_a_30_hour_outage_moves_nobody_and_the_24_hour_deadline_comes_30_hours_later(
    database_url: str, clock: FakeClock
) -> None:
    store = await open_store(database_url)
    tables = TableService(store, clock=clock)
    game = await started(tables, deadline_hours=24, reminder_hours=10)
    assert await tables.deadlines.keep_alive(TOLERANCE) == timedelta(0)  # the loop's beat
    before = await due_times(store, game)
    await store.close()

    clock.advance(hours=30)  # the bot is offline
    store = await open_store(database_url)
    try:
        tables = TableService(store, clock=clock)
        assert await tables.deadlines.keep_alive(TOLERANCE) == timedelta(hours=30)
        tick = await tables.deadlines.tick()
        assert tick.changes == [] and tick.reminders == []  # nobody moved, nobody reminded
        after = await due_times(store, game)
        assert len(after) == 3
        for (deadline, reminder), (old_deadline, old_reminder) in zip(after, before, strict=True):
            assert deadline - old_deadline == timedelta(hours=30)  # type: ignore[operator]
            assert reminder - old_reminder == timedelta(hours=30)  # type: ignore[operator]
        assert (await store.get_game(game)).auto_moves == {}  # type: ignore[union-attr]

        await up_for(tables, clock, hours=10, minutes=-1)  # 40 h since the start, 10 h counted
        assert (await tables.deadlines.tick()).reminders == []
        await up_for(tables, clock, minutes=1)
        assert len((await tables.deadlines.tick()).reminders) == 3  # the first, 10 h counted
        for hour in range(1, 15):
            await up_for(tables, clock, hours=1)
            changes = (await tables.deadlines.tick()).changes
            assert (changes == []) == (hour < 14), hour
        # 54 h after the start, 24 h of them counted: now the deadline passes.
        assert {c.moves[0][0] for c in changes} == {0, 1, 2}
    finally:
        await store.close()


async def test_a_gap_within_the_tolerance_holds_nothing(
    tables: TableService, store: Store, clock: FakeClock
) -> None:
    game = await started(tables, deadline_hours=1)
    await tables.deadlines.keep_alive(TOLERANCE)
    before = await due_times(store, game)
    clock.advance(seconds=TOLERANCE.total_seconds())
    assert await tables.deadlines.keep_alive(TOLERANCE) == timedelta(0)
    assert await due_times(store, game) == before


async def test_a_wait_begun_after_the_outage_is_not_held(
    tables: TableService, store: Store, clock: FakeClock
) -> None:
    """A member who moves right after the restart, before the first check, starts a new wait
    for the next player: only the clocks that ran before the outage are held."""
    game = await started(tables, deadline_hours=24, reminder_hours=0)
    await tables.deadlines.keep_alive(TOLERANCE)
    clock.advance(hours=5)
    record = await tables.game(game)
    money = rules_of("money")
    bid = money.bot_action(money.view(record.state, 0), 3)
    await tables.play.move(game, ANN, bid, since=record.waiting[0])
    assert await tables.deadlines.keep_alive(TOLERANCE) == timedelta(hours=5)
    timers = {t.seat: t.held_seconds for t in await store.turn_timers(game)}
    assert timers == {1: 5 * 3600, 2: 5 * 3600}  # Ann's wait ended; the others were held
