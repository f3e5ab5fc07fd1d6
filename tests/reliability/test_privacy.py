"""Forgetting a server (SECURITY.md): `Store.forget_guild` and `scripts/forget_guild.py` delete
one server's games and every row about them, and nothing of any other server; with `--compact`
none of the forgotten server's ids is left anywhere in the database's bytes."""

from __future__ import annotations

import random
import sqlite3
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from db.store import Store
from games import rules_of
from service.tables import TableService
from tests.reliability.driving import GAME_IDS, assert_consistent, play_until, seated_game

REPO = Path(__file__).resolve().parents[2]


async def two_servers(path: Path) -> dict[int, list[int]]:
    """Games of every title in servers 1 and 2 (running, finished, lobby), with messages."""
    store = await Store.open(str(path))
    tables = TableService(store, new_seed=iter(range(1, 1_000)).__next__)
    rng = random.Random(6)
    games: dict[int, list[int]] = {1: [], 2: []}
    channel = 0
    for guild in (1, 2):
        for game_id in GAME_IDS:
            info = rules_of(game_id).info
            for finish in (False, True):
                channel += 1
                members = [1_000 * channel + k for k in range(info.min_players)]
                record = await seated_game(tables, game_id, channel, members, guild=guild)
                record = await play_until(tables, record, rng, lambda r, f=finish: not f)
                await store.set_message(record.id, "board", channel, 10 * channel)
                await store.set_message(record.id, f"hand:{0}", 77, 10 * channel + 1)
                games[guild].append(record.id)
            channel += 1
            lobby = await tables.lobby.open(
                guild_id=guild, channel_id=channel, game_id=game_id, host_id=5, host_name="Host"
            )
            games[guild].append(lobby.id)
    await store.close()
    return games


def rows(path: Path, sql: str, params: tuple) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def count(path: Path, sql: str, params: tuple) -> int:
    return rows(path, sql, params)[0][0]


def about(path: Path, game_ids: list[int]) -> dict[str, int]:
    """Rows referring to these games, per table (every table with a game_id, and games), and
    the ratings of their servers."""
    marks, ids = ",".join("?" * len(game_ids)), tuple(game_ids)
    tables = [
        name
        for (name,) in rows(path, "SELECT name FROM sqlite_master WHERE type = 'table'", ())
        if any(col[1] == "game_id" for col in rows(path, f'PRAGMA table_info("{name}")', ()))
    ]
    found = {
        t: count(path, f'SELECT COUNT(*) FROM "{t}" WHERE game_id IN ({marks})', ids)
        for t in tables
    }
    found["games"] = count(path, f"SELECT COUNT(*) FROM games WHERE id IN ({marks})", ids)
    found["ratings"] = count(  # a server's ratings (issue 19) go with it
        path,
        f"SELECT COUNT(*) FROM ratings WHERE guild_id IN "
        f"(SELECT guild_id FROM games WHERE id IN ({marks}))",
        ids,
    )
    return found


async def test_forget_guild_deletes_one_server_and_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "two.db"
    games = await two_servers(path)
    before_other = about(path, games[2])
    before = about(path, games[1])
    assert before["games"] == len(games[1]) and before["actions"] and before["messages"]
    assert before["game_results"] and before["ratings"]  # statistics and ratings go too

    store = await Store.open(str(path))
    try:
        counted = await store.forget_guild(1, dry_run=True)
        assert about(path, games[1]) == before, "a dry run deletes nothing"
        assert counted == before
        deleted = await store.forget_guild(1, compact=True)
        assert deleted == before
        for game_id in games[2]:
            await assert_consistent(store, game_id)
    finally:
        await store.close()
    assert set(about(path, games[1]).values()) == {0}
    assert about(path, games[2]) == before_other
    assert rows(path, "PRAGMA integrity_check", ()) == [("ok",)]
    assert rows(path, "PRAGMA foreign_key_check", ()) == []


def run_script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "scripts/forget_guild.py", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_forget_guild_script(tmp_path: Path) -> None:
    path = tmp_path / "two.db"
    games = await two_servers(path)
    before = about(path, games[1])

    dry = run_script("1", "--db", str(path))
    assert (
        dry.returncode == 0
        and "would delete" in dry.stdout
        and f"games {before['games']}" in dry.stdout
    )
    assert f"ratings {before['ratings']}" in dry.stdout and before["ratings"]
    assert f"game_results {before['game_results']}" in dry.stdout and before["game_results"]
    assert about(path, games[1]) == before

    done = run_script("1", "--db", str(path), "--yes")
    assert done.returncode == 0 and "deleted" in done.stdout, done.stderr
    assert set(about(path, games[1]).values()) == {0}
    assert about(path, games[2])["games"] == len(games[2])

    bad = run_script("server-one", "--db", str(path))
    assert bad.returncode == 2 and bad.stderr.startswith("forget_guild: not a server id")
    missing = run_script("1", "--db", str(tmp_path / "none.db"))
    assert missing.returncode == 2 and "no database" in missing.stderr


# ------------------------------------------------------------------ no trace in the file

FORGOTTEN, KEPT = 811_111_111_111_111_111, 922_222_222_222_222_222  # Discord-sized ids


async def snowflake_servers(path: Path) -> dict[int, set[int]]:
    """Games of every title in two servers with Discord-sized ids, played a little, with a
    board and a hand DM each: the ids each server's rows hold (server, channels, members,
    messages, DM channels)."""
    store = await Store.open(str(path))
    tables = TableService(store, new_seed=iter(range(1, 1_000)).__next__)
    rng = random.Random(8)
    ids: dict[int, set[int]] = {FORGOTTEN: {FORGOTTEN}, KEPT: {KEPT}}
    for guild in (FORGOTTEN, KEPT):
        for k, game_id in enumerate(GAME_IDS):
            channel = guild + 1_000 * (k + 1)
            members = [channel + m + 1 for m in range(rules_of(game_id).info.min_players)]
            record = await seated_game(tables, game_id, channel, members, guild=guild)
            moves = iter(range(6))  # six moves: actions with the members' ids
            await play_until(tables, record, rng, lambda r, m=moves: next(m, None) is None)
            await store.set_message(record.id, "board", channel, channel + 500)
            await store.set_message(record.id, "hand:0", channel + 600, channel + 700)
            ids[guild] |= {channel, *members, channel + 500, channel + 600, channel + 700}
    await store.close()
    return ids


def traces(path: Path, ids: set[int]) -> set[int]:
    """The ids found in the database's files, as text (JSON) or as SQLite stores integers
    (big-endian; eight bytes for ids this large)."""
    data = b"".join(
        p.read_bytes() for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists()
    )
    return {i for i in ids if str(i).encode() in data or struct.pack(">q", i) in data}


@pytest.mark.parametrize("compact", [True, False])
async def test_compacting_leaves_no_trace_of_a_forgotten_server(
    tmp_path: Path, compact: bool
) -> None:
    """`Store.forget_guild(compact=True)` leaves none of the server's ids in the file's bytes;
    without compacting they are still there (as SQLite builds without secure deletion leave
    deleted rows, forced here so the check shows it can see them)."""
    path = tmp_path / "snowflakes.db"
    ids = await snowflake_servers(path)
    assert traces(path, ids[FORGOTTEN]) == ids[FORGOTTEN], "every id is in the file at first"
    store = await Store.open(str(path))
    try:
        await store._conn.execute("PRAGMA secure_delete = OFF")
        await store.forget_guild(FORGOTTEN, compact=compact)
    finally:
        await store.close()
    left = traces(path, ids[FORGOTTEN])
    if compact:
        assert not left, f"{len(left)} ids of the forgotten server are still in the file"
    else:
        assert left, "deleted rows leave traces; only compacting removes them"
    assert traces(path, ids[KEPT]) == ids[KEPT], "the other server's data is all there"


async def test_the_script_with_compact_leaves_no_trace(tmp_path: Path) -> None:
    path = tmp_path / "snowflakes.db"
    ids = await snowflake_servers(path)
    done = run_script(str(FORGOTTEN), "--db", str(path), "--yes", "--compact")
    assert done.returncode == 0 and "deleted" in done.stdout, done.stderr
    assert not traces(path, ids[FORGOTTEN])
    assert traces(path, ids[KEPT]) == ids[KEPT]
