"""SQLite transactions go to the connection's thread in few trips (`db/sqlite_backend.py`):
their BEGIN and the writes whose count is not needed wait for the next statement or the commit.
Each trip costs the event loop a thread hand-over, so a move's save must stay at two."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from typing import Any

import pytest

from db.records import Seat, TurnClocks
from db.sqlite_backend import SqliteBackend
from db.store import Store


def count_trips(backend: SqliteBackend, connection: str = "conn") -> list[int]:
    """A counter of the trips to a connection's thread from now on (`conn`: the writing one,
    `reader`: the reading one)."""
    conn = getattr(backend, connection)
    trips = [0]
    original = conn._execute

    async def counted(*args: Any, **kwargs: Any) -> Any:
        trips[0] += 1
        return await original(*args, **kwargs)

    conn._execute = counted  # type: ignore[method-assign]
    return trips


async def test_a_moves_save_is_two_trips_and_its_delivery_mark_one(store: Store) -> None:
    assert isinstance(store.backend, SqliteBackend)
    seats = [Seat(100, "Ann"), Seat(101, "Bo")]
    record = await store.create_game(
        guild_id=1, channel_id=5, game="money", host_id=100, seats=seats, options={}
    )
    now = datetime.now(UTC)
    record = await store.start_game(record.id, 0, seed=0, state={}, clocks=TurnClocks({0: 1}, now))
    trips = count_trips(store.backend)
    saved = await store.save_move(
        record.id,
        1,
        seat=0,
        user_id=100,
        action="a",
        state={"n": 1},
        finished=False,
        clocks=TurnClocks({1: 2}, now),
    )
    assert trips[0] == 2, "the UPDATE (with BEGIN), then the log, timers and COMMIT"
    assert [a.action for a in await store.log(record.id)] == ["a"]
    assert [timer.seat for timer in await store.turn_timers(record.id)] == [1]
    await store.mark_delivered(record.id, [saved.version], (5, 77), {0: True, 1: False})
    assert trips[0] == 3
    assert await store.get_message(record.id, "board") == (5, 77)
    assert await store.panels_due(record.id) == {0: True, 1: False}


async def test_a_failing_queued_write_rolls_the_whole_transaction_back(store: Store) -> None:
    assert isinstance(store.backend, SqliteBackend)
    async with store.backend.transaction() as tx:
        await tx.add("INSERT INTO meta (key, value) VALUES ('k', 'v')")
    with pytest.raises(store.backend.integrity_errors):
        async with store.backend.transaction() as tx:
            await tx.add("UPDATE meta SET value = 'changed' WHERE key = 'k'")
            await tx.add("INSERT INTO meta (key, value) VALUES ('k', 'twice')")
    assert await store.get_meta("k") == "v"
    await store.set_meta("k", "w")  # no transaction was left open
    assert await store.get_meta("k") == "w"


async def test_a_delivery_starts_from_one_trip_to_the_reading_connection(store: Store) -> None:
    assert isinstance(store.backend, SqliteBackend)
    seats = [Seat(100, "Ann"), Seat(101, "Bo")]
    record = await store.create_game(
        guild_id=1, channel_id=5, game="money", host_id=100, seats=seats, options={}
    )
    record = await store.start_game(
        record.id, 0, seed=0, state={}, clocks=TurnClocks({0: 1}, datetime.now(UTC))
    )
    reads, writes = count_trips(store.backend, "reader"), count_trips(store.backend)
    found = await store.outstanding(record.id)
    assert found is not None and found[0].version == record.version
    assert (reads[0], writes[0]) == (1, 0), "the game, its outbox, panels and messages at once"
    await store.panels_done(record.id, [0, 1])
    assert (reads[0], writes[0]) == (1, 1), "every sent panel marked done in one statement"


async def test_a_transaction_cancelled_while_its_first_trip_waits_leaves_nothing_open(
    store: Store,
) -> None:
    """The first trip (BEGIN and the first statement) still runs in the connection's thread
    after its caller was cancelled: the rollback is decided there, after it, so the next
    write commits instead of landing in a transaction nobody ends."""
    assert isinstance(store.backend, SqliteBackend)
    backend = store.backend
    busy = asyncio.ensure_future(backend.conn._execute(time.sleep, 0.2))  # the thread is busy

    async def write() -> None:
        async with backend.transaction() as tx:
            await tx.execute("INSERT INTO meta (key, value) VALUES ('cancelled', 'v')")

    task = asyncio.ensure_future(write())
    await asyncio.sleep(0.05)  # its first trip waits behind the busy thread
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await busy
    await store.set_meta("after", "w")
    assert await store.get_meta("after") == "w", "committed, not inside a forgotten transaction"
    assert await store.get_meta("cancelled") is None
