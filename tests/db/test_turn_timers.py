"""The store's side of asynchronous play: migration 002 (timing, auto-move counts, turn timers,
user settings), turn timers kept in step with `waiting` in the same write, the guarded reminder
count, and per-user notice settings."""

from __future__ import annotations

import json
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from db import migrations
from db.records import Seat, TurnClocks
from db.store import StaleVersion, Store

pytestmark = pytest.mark.both_backends

AT = datetime(2024, 6, 11, 9, 0, tzinfo=UTC)
LATER = datetime(2024, 6, 12, 9, 0, tzinfo=UTC)
SEATS = [Seat(100, "Ann"), Seat(101, "Ben"), Seat(102, "Cas")]


async def running(store: Store, waiting: dict[int, int]) -> int:
    record = await store.create_game(
        guild_id=1, channel_id=10, game="money", host_id=100, seats=SEATS, options={}
    )
    saved = await store.start_game(
        record.id, record.version, seed=1, state={}, clocks=TurnClocks(waiting, AT)
    )
    return saved.id


async def move_to(
    store: Store, game_id: int, version: int, clocks: TurnClocks, *, finished: bool = False
) -> None:
    """A move by seat 0 at `version` leaving the turn clocks `clocks`."""
    await store.save_move(
        game_id,
        version,
        seat=0,
        user_id=100,
        action="go",
        state={},
        finished=finished,
        clocks=clocks,
    )


async def test_timers_follow_waiting_in_the_same_write(store: Store) -> None:
    game_id = await running(store, {0: 1, 1: 1, 2: 1})
    timers = await store.turn_timers(game_id)
    assert [(t.seat, t.since_version, t.started_at) for t in timers] == [
        (0, 1, "2024-06-11T09:00:00.000+00:00"),
        (1, 1, "2024-06-11T09:00:00.000+00:00"),
        (2, 1, "2024-06-11T09:00:00.000+00:00"),
    ]
    # Seat 0 acted (gone), seat 1 waits on (kept as it was), seat 2 must act again (new wait).
    await move_to(store, game_id, 1, TurnClocks({1: 1, 2: 2}, LATER))
    timers = await store.turn_timers(game_id)
    assert [(t.seat, t.since_version, t.started_at[:10]) for t in timers] == [
        (1, 1, "2024-06-11"),
        (2, 2, "2024-06-12"),
    ]
    # A refused write changes no timer; a write without clocks keeps them.
    with pytest.raises(StaleVersion):
        await move_to(store, game_id, 1, TurnClocks({}, LATER))
    await store.set_timing(game_id, 2, {"paused": True})
    assert len(await store.turn_timers(game_id)) == 2
    record = await store.get_game(game_id)
    assert record is not None and record.timing == {"paused": True}
    await move_to(store, game_id, 3, TurnClocks({}, LATER), finished=True)
    assert await store.turn_timers(game_id) == []


async def test_a_continuing_turn_keeps_its_timer_under_the_new_version(store: Store) -> None:
    game_id = await running(store, {0: 1, 1: 1})
    (timer,) = [t for t in await store.turn_timers(game_id) if t.seat == 0]
    assert await store.mark_reminded(timer, 1, LATER)
    # Seat 0 acted and must act again in the same turn; seat 1 acted and must act again in a
    # new wait. Seat 0's clock, reminders and deadline mark go on; seat 1's start anew.
    clocks = TurnClocks({0: 2, 1: 2}, LATER, carried=frozenset({0}), deadline_moved=0)
    await move_to(store, game_id, 1, clocks)
    timers = await store.turn_timers(game_id)
    assert [(t.seat, t.since_version, t.started_at[:10], t.sent_count) for t in timers] == [
        (0, 2, "2024-06-11", 1),
        (1, 2, "2024-06-12", 0),
    ]
    assert [t.deadline_moved for t in timers] == [True, False]
    # A new wait of the same seat starts unmarked.
    await move_to(store, game_id, 2, TurnClocks({0: 3}, LATER))
    (timer,) = await store.turn_timers(game_id)
    assert (timer.since_version, timer.sent_count, timer.deadline_moved) == (3, 0, False)


async def test_a_reminder_is_counted_only_where_it_was_read(store: Store) -> None:
    game_id = await running(store, {0: 1})
    (timer,) = await store.turn_timers(game_id)
    assert not await store.mark_reminded(timer, 0, LATER)  # the game is at version 1
    assert await store.mark_reminded(timer, 1, LATER)
    assert not await store.mark_reminded(timer, 1, LATER)  # the same reminder twice
    (timer,) = await store.turn_timers(game_id)
    assert (timer.sent_count, timer.last_sent_at) == (1, "2024-06-12T09:00:00.000+00:00")
    ((listed, timing),) = await store.running_timers()
    assert listed == timer and timing == {}


async def test_auto_move_counts_round_trip(store: Store) -> None:
    game_id = await running(store, {0: 1})
    saved = await store.save_seat_change(
        game_id, 1, seats=SEATS, auto_moves={2: 1, 0: 3}, clocks=TurnClocks({0: 1}, LATER)
    )
    assert saved.auto_moves == {0: 3, 2: 1}
    assert (await store.get_game(game_id)).auto_moves == {0: 3, 2: 1}


async def test_turn_notices_per_user(store: Store) -> None:
    assert await store.turn_notices([1, 2]) == {}
    await store.set_turn_notice(1, "dm")
    await store.set_turn_notice(1, "both")
    assert await store.turn_notices([1, 2]) == {1: "both"}
    with pytest.raises(store.backend.integrity_errors):
        await store.set_turn_notice(2, "carrier pigeon")


async def test_migration_gives_running_games_timers_from_their_last_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = tmp_path / "first"
    first.mkdir()
    shutil.copy(migrations.MIGRATIONS_DIR / "001_initial.sql", first)
    path = tmp_path / "old.db"
    with monkeypatch.context() as patch:
        patch.setattr(migrations, "MIGRATIONS_DIR", first)
        await (await Store.open(str(path))).close()
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO games (guild_id, channel_id, game, status, host_id, seats, options, state, "
        "waiting, version, created_at, updated_at) VALUES (1, 10, 'money', 'running', 100, ?, "
        "'{}', '{}', '{\"1\": 4, \"2\": 6}', 6, 'x', '2024-06-01T10:00:00.000+00:00')",
        (json.dumps([s.to_json() for s in SEATS]),),
    )
    conn.commit()
    conn.close()

    store = await Store.open(str(path))  # all migrations
    try:
        timers = await store.turn_timers(1)
        assert [(t.seat, t.since_version, t.started_at) for t in timers] == [
            (1, 4, "2024-06-01T10:00:00.000+00:00"),
            (2, 6, "2024-06-01T10:00:00.000+00:00"),
        ]
        record = await store.get_game(1)
        assert record is not None and (record.timing, record.auto_moves) == ({}, {})
    finally:
        await store.close()
