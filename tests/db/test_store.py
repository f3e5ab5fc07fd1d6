"""The SQLite store on a fresh temporary database per test: migrations, WAL, one active game per
channel, optimistic versions (a stale write changes nothing), the action log, meta, messages."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from db import migrations
from db.outbox import Announcement
from db.records import GameRecord, Seat, TurnClocks
from db.store import ChannelBusy, GameNotFound, StaleVersion, Store

pytestmark = pytest.mark.both_backends

SEATS = [Seat(100, "Ann"), Seat(None, "Bot 1", bot=True)]


def clocks(waiting: dict[int, int]) -> TurnClocks:
    """Waits starting now."""
    return TurnClocks(waiting, datetime.now(UTC))


async def started(store: Store, record: GameRecord, state: dict[str, Any] | None = None):
    """`record` (a lobby at version 0) started with `state`, seat 0 waiting."""
    return await store.start_game(record.id, 0, seed=0, state=state or {}, clocks=clocks({0: 1}))


async def moved(
    store: Store,
    record: GameRecord,
    version: int,
    action: str,
    *,
    state: dict[str, Any] | None = None,
    seat: int = 0,
    user_id: int | None = 100,
    finished: bool = False,
    announce: Announcement | None = None,
):
    """`action` saved as seat's move at `version`, the seat waiting again afterwards."""
    return await store.save_move(
        record.id,
        version,
        seat=seat,
        user_id=user_id,
        action=action,
        state=state or {},
        finished=finished,
        clocks=clocks({} if finished else {0: version + 1}),
        announce=announce,
    )


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


@pytest.mark.sqlite_only
async def test_migrations_applied_and_wal_on(store: Store, db_path: Path) -> None:
    latest = migrations.migration_files()[-1][0]
    assert raw(db_path, "PRAGMA user_version") == [(latest,)]
    assert raw(db_path, "PRAGMA journal_mode") == [("wal",)]
    tables = {r[0] for r in raw(db_path, "SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"meta", "games", "actions", "messages"} <= tables


async def test_postgres_migrations_are_applied_once_each(
    store: Store, backend: str, database_url: str
) -> None:
    """On both backends the store opens with every migration (PostgreSQL lists them in
    `schema_migrations`), and opening it again applies none twice."""
    latest = migrations.migration_files()[-1][0]
    if backend == "postgres":
        assert await store._read("SELECT max(number), count(*) FROM schema_migrations") == [
            (latest, latest)
        ]
    again = await Store.open(database_url)
    await again.close()
    tables = await store.backend.tables_with_column("game_id")
    assert {"actions", "messages", "flags", "outbox", "turn_timers"} <= set(tables)


@pytest.mark.sqlite_only
async def test_a_commit_is_synced_to_disk_before_it_returns(store: Store) -> None:
    """synchronous=FULL on the writing connection: with WAL, NORMAL survives a killed process
    but can lose the last commits to a power cut, after Discord was already told of them."""
    async with store._conn.execute("PRAGMA synchronous") as cur:  # a per-connection setting
        assert await cur.fetchone() == (2,)  # 2 = FULL (1 = NORMAL)


async def test_a_store_refuses_an_unknown_durability(db_path: Path) -> None:
    with pytest.raises(ValueError, match="FULL or NORMAL"):
        await Store.open(str(db_path), synchronous="OFF")


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
    running = await started(store, first)
    with pytest.raises(ChannelBusy):
        await new_game(store, channel=10)
    assert (await store.active_game(10)).id == first.id

    await moved(store, first, running.version, "last", finished=True)
    assert await store.active_game(10) is None
    second = await new_game(store, channel=10)  # a finished game frees the channel
    await store.abort_game(second.id, 0)
    third = await new_game(store, channel=10)  # so does an aborted one
    assert [g.id for g in await store.active_games()] == [other.id, third.id]


async def test_active_games_by_server(store: Store) -> None:
    a = await new_game(store, channel=10, guild=1)
    b = await new_game(store, channel=11, guild=2)
    c = await new_game(store, channel=12, guild=1)
    assert [g.id for g in await store.active_games(1)] == [a.id, c.id]
    assert [g.id for g in await store.active_games(2)] == [b.id]
    assert [g.id for g in await store.active_games()] == [a.id, b.id, c.id]


async def test_each_write_saves_its_fields_and_bumps_the_version(store: Store) -> None:
    record = await new_game(store)
    seated = await store.save_seats(record.id, 0, [*SEATS, Seat(101, "Ben")], host_id=101)
    assert (seated.version, seated.host_id, seated.seats[2]) == (1, 101, Seat(101, "Ben"))
    assert seated.status == "lobby" and seated.updated_at >= record.updated_at
    state = {"phase": "bid", "hands": [[1, 2], [3]], "note": "ü"}
    running = await store.start_game(record.id, 1, seed=0, state=state, clocks=clocks({0: 2}))
    assert (running.version, running.status, running.seed) == (2, "running", 0)
    assert running.state == state and running.waiting == {0: 2}
    timed = await store.set_timing(record.id, 2, {"paused": True})
    assert timed.version == 3 and timed.timing == {"paused": True}
    changed = await store.save_seat_change(
        record.id, 3, seats=SEATS, auto_moves={1: 2}, clocks=clocks({0: 4})
    )
    assert changed.seats == tuple(SEATS) and changed.auto_moves == {1: 2}
    assert changed.waiting == {0: 4}
    played = await store.save_move(
        record.id,
        4,
        seat=0,
        user_id=100,
        action="bid 1",
        state={"phase": "done"},
        finished=False,
        clocks=clocks({1: 5}),
        seats=[Seat(None, "Ann (bot)", bot=True), SEATS[1]],
        auto_moves={},
    )
    assert (played.version, played.status, played.waiting) == (5, "running", {1: 5})
    assert played.seats[0].bot and played.auto_moves == {} and played.state == {"phase": "done"}
    kept = await store.save_move(
        record.id,
        5,
        seat=1,
        user_id=None,
        action="pass",
        state={},
        finished=False,
        clocks=clocks({1: 5}),
    )
    assert kept.seats == played.seats and kept.auto_moves == {}  # not given: unchanged
    arranged = await store.replace_state(record.id, 6, {"arranged": 1}, clocks({0: 7}))
    assert arranged.state == {"arranged": 1} and arranged.waiting == {0: 7}
    assert [a.action for a in await store.actions(record.id)] == ["bid 1", "pass"]
    aborted = await store.abort_game(record.id, 7)
    assert (aborted.version, aborted.status) == (8, "aborted")
    assert await store.get_game(record.id) == aborted
    assert await store.turn_timers(record.id) == []  # an ended game keeps no timer


async def test_a_lobby_left_by_its_last_member_is_aborted_with_its_seats(store: Store) -> None:
    record = await new_game(store)
    aborted = await store.abort_game(record.id, 0, seats=SEATS[1:])
    assert aborted.status == "aborted" and aborted.seats == tuple(SEATS[1:])


async def test_stale_version_writes_nothing(store: Store) -> None:
    record = await new_game(store)
    await started(store, record)
    good = await moved(store, record, 1, "a", state={"n": 1})
    for wrong in (0, 1, 99):
        with pytest.raises(StaleVersion):
            await moved(store, record, wrong, "b", state={"n": 2})
        with pytest.raises(StaleVersion):
            await store.save_seats(record.id, wrong, SEATS[:1])
        with pytest.raises(StaleVersion):
            await store.set_timing(record.id, wrong, {"paused": True})
        with pytest.raises(StaleVersion):
            await store.abort_game(record.id, wrong)
    assert await store.get_game(record.id) == good
    assert [a.action for a in await store.actions(record.id)] == ["a"]
    assert await store._read("SELECT COUNT(*) FROM actions") == [(1,)]


async def test_a_write_to_a_missing_game(store: Store) -> None:
    with pytest.raises(GameNotFound):
        await store.abort_game(404, 0)
    with pytest.raises(GameNotFound):
        await store.start_game(404, 0, seed=1, state={}, clocks=clocks({}))


async def test_concurrent_writes_at_one_version_one_wins(store: Store) -> None:
    record = await new_game(store)
    await started(store, record)
    results = await asyncio.gather(
        *(moved(store, record, 1, f"move {i}", state={"by": i}) for i in range(20)),
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
    v1 = await started(store, record)  # a change without an action
    v2 = await moved(store, record, v1.version, "bid 1,2")
    await moved(store, record, v2.version, "pass", seat=1, user_id=None)
    after = datetime.now(UTC) + timedelta(seconds=1)
    log = await store.actions(record.id)
    assert [(a.game_id, a.version, a.seat, a.user_id, a.action) for a in log] == [
        (record.id, 2, 0, 100, "bid 1,2"),
        (record.id, 3, 1, None, "pass"),
    ]
    for entry in log:
        at = datetime.fromisoformat(entry.at)
        assert at.tzinfo is not None and before <= at <= after
    assert log[0].at <= log[1].at
    assert await store.actions(record.id + 1) == []


async def test_state_and_action_commit_together(store: Store) -> None:
    """If the action cannot be logged, the game change is rolled back with it."""
    record = await new_game(store)
    saved = await started(store, record, {"n": 0})
    await store.backend.execute(
        "INSERT INTO actions (game_id, version, seat, user_id, action, at) VALUES (?,?,?,?,?,?)",
        (record.id, 2, 0, 100, "squatter", "2026-01-01T00:00:00+00:00"),
    )
    with pytest.raises(store.backend.integrity_errors):
        await moved(store, record, 1, "real", state={"n": 1})
    assert await store.get_game(record.id) == saved
    # The connection is usable afterwards (no transaction left open).
    again = await store.replace_state(record.id, 1, {"n": 1}, clocks({0: 2}))
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


async def test_a_delivery_reads_its_game_and_everything_outstanding_in_one_snapshot(
    store: Store,
) -> None:
    record = await started(store, await new_game(store))
    first = await moved(
        store, record, record.version, "a", announce=Announcement(events=[{"e": 1}], panels=[0])
    )
    await store.mark_delivered(record.id, [first.version], (10, 700), {0: True, 1: False})
    await store.set_message(record.id, "hand:1", 55, 900)
    await store.set_message(record.id, "lobby", 10, 600)
    second = await moved(
        store, record, first.version, "b", announce=Announcement(events=[{"e": 2}], ping=[1])
    )
    found = await store.outstanding(record.id)
    assert found is not None
    game, outstanding = found
    assert game.version == second.version
    assert outstanding.pending.versions == [second.version]
    assert outstanding.pending.events == [{"e": 2}]
    assert outstanding.due == {0: True, 1: False}
    assert outstanding.messages == {"board": (10, 700), "hand:1": (55, 900)}, "not the lobby"
    assert outstanding.shown.versions == [first.version], "what the live board shows"
    assert outstanding.shown.events == [{"e": 1}]
    assert await store.outstanding(record.id + 1) is None


# ------------------------------------------------------------------ restarting


async def test_reopening_keeps_everything(db_path: Path) -> None:
    first = await Store.open(str(db_path))
    record = await new_game(first)
    await first.start_game(record.id, 0, seed=42, state={"x": [0]}, clocks=clocks({0: 1}))
    saved = await moved(first, record, 1, "go", state={"x": [1]})
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
    write = asyncio.create_task(
        store.start_game(game.id, 0, seed=1, state={"x": 1}, clocks=clocks({0: 1}))
    )
    await entered.wait()
    seen = await store.get_game(game.id)
    with pytest.raises(RuntimeError):
        await write
    assert seen is not None
    assert (seen.version, seen.state) == (0, game.state)
    after = await store.get_game(game.id)
    assert after is not None and (after.version, after.state) == (0, game.state)


# ------------------------------------------------------------------ flags


async def test_flags_per_game_and_user(store: Store) -> None:
    record = await new_game(store)
    other = await new_game(store, channel=11)
    assert not await store.has_flag(record.id, "dm_closed", 100)
    await store.set_flag(record.id, "dm_closed", 100)
    await store.set_flag(record.id, "dm_closed", 100)  # again: no error, still one flag
    assert await store.has_flag(record.id, "dm_closed", 100)
    assert not await store.has_flag(record.id, "dm_closed", 101)  # another user
    assert not await store.has_flag(other.id, "dm_closed", 100)  # another game
    assert not await store.has_flag(record.id, "other_flag", 100)  # another flag
    assert await store.get_message(record.id, "dm_closed:100") is None  # not a message


async def test_forgetting_a_server_deletes_its_flags(store: Store) -> None:
    record = await new_game(store, guild=7)
    await store.set_flag(record.id, "dm_closed", 100)
    counts = await store.forget_guild(7)
    assert counts["flags"] == 1 and counts["games"] == 1
    assert await store._read("SELECT COUNT(*) FROM flags") == [(0,)]


async def test_migration_moves_dm_closed_messages_to_flags(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database from before the flags table kept `dm_closed:<user>` rows in `messages`; the
    migration makes them flags and leaves the real messages where they were."""
    old = tmp_path / "old_migrations"
    old.mkdir()
    for number, path in migrations.migration_files():
        if number < 5:
            (old / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "old.db"
    with monkeypatch.context() as patch:
        patch.setattr(migrations, "MIGRATIONS_DIR", old)
        before = await Store.open(str(path))
        raw(  # a game as the code of that time wrote it (today's code writes newer columns)
            path,
            "INSERT INTO games (guild_id, channel_id, game, status, host_id, seats, options, "
            "created_at, updated_at) VALUES (1, 10, 'money', 'lobby', 100, '[]', '{}', '', '')",
        )
        (game_id,) = raw(path, "SELECT id FROM games")[0]
        await before.set_message(game_id, "board", 10, 5001)
        await before.set_message(game_id, "dm_closed:100", 10, 5002)
        await before.set_message(game_id, "dm_closed:123456789012345678", 10, 5003)
        await before.close()
    assert raw(path, "PRAGMA user_version") == [(4,)]

    store = await Store.open(str(path))  # all migrations
    try:
        assert await store.has_flag(game_id, "dm_closed", 100)
        assert await store.has_flag(game_id, "dm_closed", 123456789012345678)
        assert not await store.has_flag(game_id, "dm_closed", 101)
        assert await store.get_message(game_id, "dm_closed:100") is None
        assert await store.get_message(game_id, "board") == (10, 5001)
    finally:
        await store.close()
    assert raw(path, "SELECT kind FROM messages") == [("board",)]


async def test_forgetting_a_server_and_compacting_leaves_the_store_usable(store: Store) -> None:
    """`--compact` rewrites the database (SQLite: VACUUM; PostgreSQL: VACUUM FULL) after the
    deletion; the other servers' games are untouched and the store keeps working."""
    gone = await new_game(store, guild=7)
    kept = await new_game(store, guild=8, channel=2)
    counts = await store.forget_guild(7, compact=True)
    assert counts["games"] == 1
    assert await store.get_game(gone.id) is None
    assert await store.get_game(kept.id) == kept
    await store.set_meta("after", "compact")
    assert await store.get_meta("after") == "compact"
