"""The SQLite store on a fresh temporary database per test: migrations, WAL, one active game per
channel, optimistic versions (a stale write changes nothing), the action log, meta, messages."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from db import migrations
from db.records import Seat
from db.store import ChannelBusy, GameNotFound, StaleVersion, Store

SEATS = [Seat(100, "Ann"), Seat(None, "Bot 1", bot=True)]


async def new_game(store: Store, channel: int = 10, guild: int | None = 1):
    return await store.create_game(
        guild_id=guild,
        channel_id=channel,
        game="money",
        host_id=100,
        seats=SEATS,
        options={"hands": "3", "match": "most_hands"},
    )


def raw(db_path: Path, sql: str, params: tuple = ()) -> list[tuple]:
    """Run SQL on a separate plain connection (what another process would see)."""
    conn = sqlite3.connect(db_path)
    try:
        rows = conn.execute(sql, params).fetchall()
        conn.commit()
        return rows
    finally:
        conn.close()


# ------------------------------------------------------------------ opening


async def test_migrations_applied_and_wal_on(store: Store, db_path: Path) -> None:
    latest = migrations.migration_files()[-1][0]
    assert raw(db_path, "PRAGMA user_version") == [(latest,)]
    assert raw(db_path, "PRAGMA journal_mode") == [("wal",)]
    tables = {r[0] for r in raw(db_path, "SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"meta", "games", "actions", "messages"} <= tables


async def test_migrations_run_once_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "001_first.sql").write_text("CREATE TABLE one (x INTEGER);")
    monkeypatch.setattr(migrations, "MIGRATIONS_DIR", folder)
    path = tmp_path / "m.db"
    first = await Store.open(str(path))
    await first.close()
    assert raw(path, "PRAGMA user_version") == [(1,)]

    # A new migration is applied on the next start; the old one is not run again (it would
    # fail: the table exists).
    (folder / "002_second.sql").write_text("ALTER TABLE one ADD COLUMN y TEXT;")
    second = await Store.open(str(path))
    await second.close()
    assert raw(path, "PRAGMA user_version") == [(2,)]
    assert [r[1] for r in raw(path, "PRAGMA table_info(one)")] == ["x", "y"]


def test_migration_numbers_must_not_have_gaps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "001_a.sql").write_text("")
    (tmp_path / "003_c.sql").write_text("")
    monkeypatch.setattr(migrations, "MIGRATIONS_DIR", tmp_path)
    with pytest.raises(RuntimeError, match="without gaps"):
        migrations.migration_files()


# ------------------------------------------------------------------ games


async def test_new_game_is_a_lobby_at_version_zero(store: Store) -> None:
    record = await new_game(store)
    assert record.status == "lobby" and record.active
    assert record.version == 0
    assert record.seats == tuple(SEATS)
    assert record.options == {"hands": "3", "match": "most_hands"}
    assert record.state is None and record.seed is None and record.waiting == {}
    assert record.seat_of(100) == 0 and record.seat_of(999) is None
    assert record.names() == ["Ann", "Bot 1"]
    assert await store.get_game(record.id) == record
    assert await store.get_game(record.id + 1) is None


async def test_one_active_game_per_channel(store: Store) -> None:
    first = await new_game(store, channel=10)
    with pytest.raises(ChannelBusy):
        await new_game(store, channel=10)
    other = await new_game(store, channel=11)  # another channel is free
    running = await store.update(first.id, 0, status="running")
    with pytest.raises(ChannelBusy):
        await new_game(store, channel=10)
    assert (await store.active_game(10)).id == first.id

    await store.update(first.id, running.version, status="finished")
    assert await store.active_game(10) is None
    second = await new_game(store, channel=10)  # a finished game frees the channel
    await store.update(second.id, 0, status="aborted")
    third = await new_game(store, channel=10)  # so does an aborted one
    assert [g.id for g in await store.active_games()] == [other.id, third.id]


async def test_active_games_by_server(store: Store) -> None:
    a = await new_game(store, channel=10, guild=1)
    b = await new_game(store, channel=11, guild=2)
    c = await new_game(store, channel=12, guild=1)
    assert [g.id for g in await store.active_games(1)] == [a.id, c.id]
    assert [g.id for g in await store.active_games(2)] == [b.id]
    assert [g.id for g in await store.active_games()] == [a.id, b.id, c.id]


async def test_update_saves_every_field_and_bumps_version(store: Store) -> None:
    record = await new_game(store)
    state = {"phase": "bid", "hands": [[1, 2], [3]], "note": "ü"}
    saved = await store.update(
        record.id,
        0,
        status="running",
        host_id=101,
        seats=[*SEATS, Seat(101, "Ben")],
        seed=0,
        state=state,
        waiting={0: 1, 2: 1},
    )
    assert saved.version == 1
    assert saved.status == "running" and saved.seed == 0 and saved.host_id == 101
    assert saved.state == state
    assert saved.waiting == {0: 1, 2: 1}
    assert saved.seats[2] == Seat(101, "Ben")
    assert saved.updated_at >= record.updated_at
    assert await store.get_game(record.id) == saved


async def test_stale_version_writes_nothing(store: Store, db_path: Path) -> None:
    record = await new_game(store)
    good = await store.update(
        record.id, 0, status="running", state={"n": 1}, waiting={0: 1}, action=(0, 100, "a")
    )
    for wrong in (0, 2, 99):
        with pytest.raises(StaleVersion):
            await store.update(
                record.id, wrong, state={"n": 2}, waiting={1: 5}, action=(0, 100, "b")
            )
    assert await store.get_game(record.id) == good
    assert [a.action for a in await store.actions(record.id)] == ["a"]
    assert raw(db_path, "SELECT COUNT(*) FROM actions") == [(1,)]


async def test_update_of_missing_game(store: Store) -> None:
    with pytest.raises(GameNotFound):
        await store.update(404, 0, status="running")


async def test_concurrent_writes_at_one_version_one_wins(store: Store) -> None:
    record = await new_game(store)
    results = await asyncio.gather(
        *(
            store.update(record.id, 0, state={"by": i}, action=(0, 100, f"move {i}"))
            for i in range(20)
        ),
        return_exceptions=True,
    )
    saved = [r for r in results if not isinstance(r, BaseException)]
    assert len(saved) == 1
    assert all(isinstance(r, StaleVersion) for r in results if r is not saved[0])
    log = await store.actions(record.id)
    assert len(log) == 1 and log[0].action == f"move {saved[0].state['by']}"


# ------------------------------------------------------------------ the action log


async def test_action_log_records_seat_user_and_time(store: Store) -> None:
    record = await new_game(store)
    before = datetime.now(UTC) - timedelta(seconds=1)
    v1 = await store.update(record.id, 0, status="running", action=(0, 100, "bid 1,2"))
    v2 = await store.update(record.id, v1.version, action=(1, None, "pass"))
    await store.update(record.id, v2.version, status="finished")  # a change without an action
    after = datetime.now(UTC) + timedelta(seconds=1)
    log = await store.actions(record.id)
    assert [(a.game_id, a.version, a.seat, a.user_id, a.action) for a in log] == [
        (record.id, 1, 0, 100, "bid 1,2"),
        (record.id, 2, 1, None, "pass"),
    ]
    for entry in log:
        at = datetime.fromisoformat(entry.at)
        assert at.tzinfo is not None and before <= at <= after
    assert log[0].at <= log[1].at
    assert await store.actions(record.id + 1) == []


async def test_state_and_action_commit_together(store: Store, db_path: Path) -> None:
    """If the action cannot be logged, the game change is rolled back with it."""
    record = await new_game(store)
    saved = await store.update(record.id, 0, status="running", state={"n": 0})
    raw(
        db_path,
        "INSERT INTO actions (game_id, version, seat, user_id, action, at) VALUES (?,?,?,?,?,?)",
        (record.id, 2, 0, 100, "squatter", "2026-01-01T00:00:00+00:00"),
    )
    with pytest.raises(sqlite3.IntegrityError):
        await store.update(record.id, 1, state={"n": 1}, action=(0, 100, "real"))
    assert await store.get_game(record.id) == saved
    # The connection is usable afterwards (no transaction left open).
    again = await store.update(record.id, 1, state={"n": 1})
    assert again.version == 2 and again.state == {"n": 1}


# ------------------------------------------------------------------ meta and messages


async def test_meta_get_set(store: Store) -> None:
    assert await store.get_meta("commands_hash") is None
    await store.set_meta("commands_hash", "abc")
    assert await store.get_meta("commands_hash") == "abc"
    await store.set_meta("commands_hash", "def")
    assert await store.get_meta("commands_hash") == "def"
    assert Store.fingerprint({"b": 1, "a": [1, 2]}) == Store.fingerprint({"a": [1, 2], "b": 1})
    assert Store.fingerprint({"a": 1}) != Store.fingerprint({"a": 2})


async def test_messages_set_get(store: Store) -> None:
    record = await new_game(store)
    assert await store.get_message(record.id, "board") is None
    await store.set_message(record.id, "board", 10, 5001)
    await store.set_message(record.id, "lobby", 10, 5000)
    assert await store.get_message(record.id, "board") == (10, 5001)
    await store.set_message(record.id, "board", 12, 5002)  # replaces the previous board
    assert await store.get_message(record.id, "board") == (12, 5002)
    assert await store.get_message(record.id, "lobby") == (10, 5000)


# ------------------------------------------------------------------ restarting


async def test_reopening_keeps_everything(db_path: Path) -> None:
    first = await Store.open(str(db_path))
    record = await new_game(first)
    saved = await first.update(
        record.id, 0, status="running", seed=42, state={"x": [1]}, action=(0, 100, "go")
    )
    await first.set_meta("k", "v")
    await first.set_message(record.id, "board", 10, 7)
    log = await first.actions(record.id)
    await first.close()

    second = await Store.open(str(db_path))
    try:
        assert await second.get_game(record.id) == saved
        assert await second.active_game(10) == saved
        assert await second.actions(record.id) == log
        assert await second.get_meta("k") == "v"
        assert await second.get_message(record.id, "board") == (10, 7)
        with pytest.raises(ChannelBusy):
            await new_game(second, channel=10)
    finally:
        await second.close()
    latest = migrations.migration_files()[-1][0]
    assert raw(db_path, "PRAGMA user_version") == [(latest,)]


async def test_a_read_never_sees_a_write_that_is_rolled_back(store: Store) -> None:
    """The connection is shared: a read that runs while another request's transaction is open
    waits for it to end, so it sees the game as committed, never a change later rolled back."""
    game = await store.create_game(
        guild_id=1, channel_id=2, game="money", host_id=3, seats=[Seat(3, "a", False)], options={}
    )
    entered = asyncio.Event()

    async def failing_timers(*args: object, **kwargs: object) -> None:
        entered.set()  # the UPDATE of the game is done, not committed
        await asyncio.sleep(0.05)
        raise RuntimeError("the write fails after its UPDATE")

    store._set_turn_timers = failing_timers  # type: ignore[method-assign]
    write = asyncio.create_task(store.update(game.id, 0, state={"x": 1}, waiting={0: 1}))
    await entered.wait()
    seen = await store.get_game(game.id)
    with pytest.raises(RuntimeError):
        await write
    assert seen is not None
    assert (seen.version, seen.state) == (0, game.state)
    after = await store.get_game(game.id)
    assert after is not None and (after.version, after.state) == (0, game.state)
