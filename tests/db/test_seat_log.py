"""Migration 006 and the seat log: the action log's existing rows are moves, a seat change is a
row of its own kind beside the move of the same version, and a replay reads the moves only;
turn timers keep the settings their wait began under."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from db import migrations
from db.records import Seat, SeatChange, TurnClocks
from db.store import Store
from tests.db.test_state_applied_key import raw

pytestmark = pytest.mark.both_backends

AT = datetime(2026, 1, 1, tzinfo=UTC)


async def test_migration_006_keeps_the_logged_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    every_migration = migrations.MIGRATIONS_DIR
    folder = tmp_path / "migrations"
    folder.mkdir()
    for number, path in migrations.migration_files():
        if number < 6:
            shutil.copy(path, folder / path.name)
    monkeypatch.setattr(migrations, "MIGRATIONS_DIR", folder)
    db_path = tmp_path / "old.db"
    store = await Store.open(str(db_path))
    await store.close()
    now = AT.isoformat()
    raw(
        db_path,
        "INSERT INTO games (id, channel_id, game, status, host_id, seats, options, state, "
        "created_at, updated_at) VALUES (1, 5, 'money', 'running', 1, '[]', '{}', '{}', ?, ?)",
        (now, now),
    )
    for version in (1, 2):
        raw(
            db_path,
            "INSERT INTO actions (game_id, version, seat, user_id, action, at) "
            "VALUES (1, ?, 0, 7, 'pass', ?)",
            (version, now),
        )
    raw(
        db_path,
        "INSERT INTO turn_timers (game_id, seat, since_version, started_at) VALUES (1, 0, 2, ?)",
        (now,),
    )

    monkeypatch.setattr(migrations, "MIGRATIONS_DIR", every_migration)
    store = await Store.open(str(db_path))
    try:
        moves = await store.actions(1)
        assert [(a.version, a.user_id, a.action, a.kind) for a in moves] == [
            (1, 7, "pass", "move"),
            (2, 7, "pass", "move"),
        ]
        (timer,) = await store.turn_timers(1)
        assert (timer.deadline_hours, timer.auto_moves) == (None, None)  # the game's settings
    finally:
        await store.close()


async def test_a_seat_change_is_logged_beside_the_move_of_its_version(store: Store) -> None:
    seats = [Seat(1, "Ann"), Seat(2, "Ben")]
    record = await store.create_game(
        guild_id=1, channel_id=3, game="money", host_id=1, seats=seats, options={}
    )
    clocks = TurnClocks({0: 2}, AT, deadline_hours=24, auto_moves=3)
    record = await store.start_game(
        record.id, record.version, seed=1, state={"a": 1}, clocks=clocks
    )
    benched = [seats[0], Seat(2, "Ben (bot)", bot=True)]
    change = SeatChange(1, 2, "Ben", None, "Ben (bot)", None, "missed_deadlines")
    record = await store.save_move(
        record.id,
        record.version,
        seat=1,
        user_id=None,
        action="pass",
        state={"a": 2},
        finished=False,
        clocks=TurnClocks({0: 2}, AT),
        seats=benched,
        seat_log=change,
    )

    assert [a.kind for a in await store.log(record.id)] == ["seat", "move"]
    assert [a.action for a in await store.actions(record.id)] == ["pass"]
    (entry,) = await store.seat_changes(record.id)
    assert SeatChange.from_log(entry) == change
    assert json.loads(entry.action)["reason"] == "missed_deadlines"
    (timer,) = await store.turn_timers(record.id)
    assert (timer.deadline_hours, timer.auto_moves) == (24, 3)  # kept from its wait's start

    await store.set_timing(record.id, record.version, {"deadline_hours": 1}, keep=(5, 2))
    (timer,) = await store.turn_timers(record.id)
    assert (timer.deadline_hours, timer.auto_moves) == (24, 3)  # already kept: unchanged
