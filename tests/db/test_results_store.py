"""The store's side of undo, statistics and ratings (migration 010): undone moves stay in the
log but leave the replayed moves; a finished game's results and ratings are written with it;
forgetting a server removes its results and ratings too."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from db.records import TurnClocks
from db.results import GameResults, SeatResult
from db.store import Store
from tests.db.test_store import new_game

pytestmark = pytest.mark.both_backends

AT = datetime(2026, 1, 1, tzinfo=UTC)


def clocks() -> TurnClocks:
    return TurnClocks({}, AT)


async def moved(store: Store, game_id: int, version: int, action: str, **kw: object):
    return await store.save_move(
        game_id,
        version,
        seat=0,
        user_id=100,
        action=action,
        state={"phase": "bid"},
        finished=False,
        clocks=clocks(),
        **kw,  # type: ignore[arg-type]
    )


async def test_an_undone_move_stays_in_the_log_but_not_in_the_moves(store: Store) -> None:
    record = await new_game(store)
    record = await store.start_game(record.id, record.version, seed=1, state={}, clocks=clocks())
    record = await moved(store, record.id, record.version, "bid 1")
    record = await moved(store, record.id, record.version, "bid 2")
    undone = record.version
    record = await store.save_undo(
        record.id,
        record.version,
        seat=0,
        user_id=100,
        undone=undone,
        action="bid 2",
        state={"phase": "bid"},
        clocks=clocks(),
    )
    assert [(e.kind, e.action) for e in await store.log(record.id)][-1][0] == "undo"
    assert [e.action for e in await store.actions(record.id)] == ["bid 1"]
    await moved(store, record.id, record.version, "bid 3")
    assert [e.action for e in await store.actions(record.id)] == ["bid 1", "bid 3"]


def rater(seats, current):
    return {player: (20.0 + place, 5.0) for player, place in seats}


async def test_results_and_ratings_are_written_with_the_end_and_forgotten_with_the_server(
    store: Store,
) -> None:
    record = await new_game(store, guild=7)
    record = await store.start_game(record.id, record.version, seed=1, state={}, clocks=clocks())
    seats = (
        SeatResult(0, 100, 1, 50, True, 3, 300.0, False),
        SeatResult(1, 101, 2, 40, False, 3, 90.0, True),
    )
    await store.save_move(
        record.id,
        record.version,
        seat=0,
        user_id=100,
        action="row left",
        state={"phase": "over"},
        finished=True,
        clocks=clocks(),
        results=GameResults(7, "money", seats, rater),
    )
    stats = await store.player_stats(7, 101, "money")
    assert (stats.played, stats.won, stats.clean, stats.seconds_per_turn) == (1, 0, 0, 30.0)
    board = await store.leaderboard(7, "money")
    assert [(r.player, r.mu, r.games) for r in board] == [(101, 22.0, 1), (100, 21.0, 1)]
    counts = await store.forget_guild(7)
    assert counts["ratings"] == 2 and counts["game_results"] == 2
    assert await store.leaderboard(7, "money") == []
    assert (await store.player_stats(7, 100)).played == 0
