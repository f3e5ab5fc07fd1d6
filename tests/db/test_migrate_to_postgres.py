"""`scripts/migrate_to_postgres.py`: a SQLite database moves to an empty PostgreSQL database
with every row of every table (games, log, timers, outbox, messages, flags, settings, results,
ratings, meta, liveness), numbering that continues after the copied games, every running game
replayed from its log; a non-empty database is refused, and a game whose log no longer replays
to its state is named."""

from __future__ import annotations

import itertools
import random
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest

from db.records import Seat
from db.store import Store, open_store
from games import rules_of
from scripts.migrate_to_postgres import Refused, main, move, sqlite_tables
from service.tables import TableService
from tests.helpers.postgres import PostgresServer
from tests.reliability.driving import member_move, seated_game

GAME = "money"


@pytest.fixture
async def empty_url(postgres_server: PostgresServer) -> str:
    return await postgres_server.empty_database()


async def filled(path: Path) -> int:
    """A SQLite database with a row in every table: a running game a few moves in, a rated
    game bots finished, a lobby, and every kind of setting. The running game's id."""
    store = await open_store(str(path))
    try:
        tables = TableService(store, new_seed=itertools.count(7).__next__)
        members = [101, 102, 103][: rules_of(GAME).info.min_players]
        running = await seated_game(tables, GAME, 1, members)
        rng = random.Random(3)
        for _ in range(4):
            found = member_move(running, rng)
            assert found is not None
            _, user, action, since = found
            running = (await tables.play.move(running.id, user, action, since=since)).record
        ended = await seated_game(tables, GAME, 2, [501], bots=2)
        await tables.leave(ended.id, 501)  # its bots play it to the end: results and ratings
        await tables.lobby.open(guild_id=1, channel_id=3, game_id=GAME, host_id=7, host_name="H")
        await store.set_user_language(101, "it")
        await store.set_guild_language(1, "nl")
        await store.set_turn_notice(102, "dm")
        await store.set_stats_shown(103, False)
        await store.set_flag(running.id, "dm_closed", 101)
        await store.set_message(running.id, "lobby", 1, 55)
        await store.mark_delivered(running.id, [1], (1, 56), {0: True})
        await store.set_meta("commands:global", "abc")
        await store.beat(datetime.now(UTC))
        await store.claim_shards([0], 2, "host:1:a", now_ms=1, until_ms=2)  # a stopped bot's
        await store.claim_game(running.id, "host:1:a", 1, 2)
        return running.id
    finally:
        await store.close()


async def every_row(store: Store, tables: list[str]) -> dict[str, list[tuple]]:
    return {
        t: sorted(tuple(row) for row in await store._read(f'SELECT * FROM "{t}"')) for t in tables
    }


async def test_every_table_is_copied_and_every_running_game_replays(
    tmp_path: Path, empty_url: str
) -> None:
    path = tmp_path / "tavolo.db"
    await filled(path)
    moved = await move(str(path), empty_url)
    assert moved.replayed == 1 and moved.differing == []
    source, target = await open_store(str(path)), await open_store(empty_url)
    try:
        names = list(await sqlite_tables(source))
        assert set(moved.rows) == set(names)
        empty = [t for t in names if not moved.rows[t]]
        assert empty == [], f"the test leaves tables empty: {empty}"
        assert await every_row(target, names) == await every_row(source, names)
        newest = max(row[0] for row in await source._read("SELECT id FROM games"))
        added = await target.create_game(
            guild_id=1, channel_id=9, game=GAME, host_id=7, seats=[Seat(7, "H")], options={}
        )
        assert added.id == newest + 1  # the numbering continues after the copied games
    finally:
        await source.close()
        await target.close()


async def test_a_database_holding_rows_is_refused_and_left_as_it_was(
    tmp_path: Path, empty_url: str
) -> None:
    path = tmp_path / "tavolo.db"
    await filled(path)
    first = await move(str(path), empty_url)
    with pytest.raises(Refused, match="not empty"):
        await move(str(path), empty_url)
    conn = await asyncpg.connect(empty_url)
    try:
        for table, count in first.rows.items():
            assert await conn.fetchval(f'SELECT count(*) FROM "{table}"') == count
    finally:
        await conn.close()


async def test_a_running_game_that_does_not_replay_to_its_state_is_named(
    tmp_path: Path, empty_url: str
) -> None:
    path = tmp_path / "tavolo.db"
    running = await filled(path)
    conn = sqlite3.connect(path)
    with conn:  # its last move lost from the log: the log no longer leads to its state
        conn.execute(
            "DELETE FROM actions WHERE game_id = ? AND version = "
            "(SELECT max(version) FROM actions WHERE game_id = ? AND kind = 'move')",
            (running, running),
        )
    conn.close()
    moved = await move(str(path), empty_url)
    assert moved.differing == [running]


def test_the_command_refuses_a_missing_file_or_another_database(tmp_path: Path) -> None:
    assert main([str(tmp_path / "none.db"), "postgresql://127.0.0.1:1/x"]) == 2
    path = tmp_path / "t.db"
    sqlite3.connect(path).close()
    assert main([str(path), "mysql://127.0.0.1/x"]) == 2
