"""Migration 004: stored game states name their count of applied actions `applied` (was `step`);
everything else in them, 64-bit generator states included, is kept exactly."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from db import migrations
from db.store import Store
from games import RULES

pytestmark = pytest.mark.both_backends


def raw(db_path: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(db_path)
    try:
        rows = conn.execute(sql, params).fetchall()
        conn.commit()
        return rows
    finally:
        conn.close()


def old_state(game_id: str, seed: int) -> dict[str, object]:
    """A state as the rules stored it before 004: `step` where `applied` is now."""
    game = RULES[game_id]
    state = game.new_game(game.info.min_players, {}, seed)
    state["step"] = state.pop("applied") + 7
    return state


async def test_migration_004_renames_step_to_applied_in_stored_states(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    every_migration = migrations.MIGRATIONS_DIR
    folder = tmp_path / "migrations"
    folder.mkdir()
    for number, path in migrations.migration_files():
        if number < 4:
            shutil.copy(path, folder / path.name)
    monkeypatch.setattr(migrations, "MIGRATIONS_DIR", folder)
    db_path = tmp_path / "old.db"
    store = await Store.open(str(db_path))
    await store.close()
    states = {gid: old_state(gid, seed=2**64 - 1 - n) for n, gid in enumerate(sorted(RULES))}
    assert any(int(str(s["rng"])) >= 2**63 for s in states.values())  # beyond SQLite's int64
    now = "2026-01-01T00:00:00+00:00"
    for n, (gid, state) in enumerate(states.items()):
        raw(
            db_path,
            "INSERT INTO games (channel_id, game, status, host_id, seats, options, state, "
            "created_at, updated_at) VALUES (?, ?, 'running', 1, '[]', '{}', ?, ?, ?)",
            (n + 1, gid, json.dumps(state), now, now),
        )
    raw(
        db_path,
        "INSERT INTO games (channel_id, game, status, host_id, seats, options, created_at, "
        "updated_at) VALUES (99, 'money', 'lobby', 1, '[]', '{}', ?, ?)",
        (now, now),
    )

    monkeypatch.setattr(migrations, "MIGRATIONS_DIR", every_migration)
    store = await Store.open(str(db_path))
    await store.close()

    rows = dict(raw(db_path, "SELECT game, state FROM games WHERE state IS NOT NULL"))
    for gid, state in states.items():
        expected = dict(state, applied=state["step"])
        del expected["step"]
        assert json.loads(str(rows[gid])) == expected
    assert raw(db_path, "SELECT state FROM games WHERE status = 'lobby'") == [(None,)]
