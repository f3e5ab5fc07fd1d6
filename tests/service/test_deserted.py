"""A game that missed deadlines have left to bots alone waits for its players: the bots do not
play it out, the absent players are reminded that `/game rejoin` takes their seat back, one
coming back resumes play, and after the abandon time without anyone back the game ends
without a result, told in the channel."""

from __future__ import annotations

from datetime import timedelta

import pytest

from db.records import GameRecord
from db.store import Store
from interface.messages import note_line
from service.change import TableChange
from service.deadlines import Deadlines
from service.tables import TableService
from service.timing import Timing
from tests.helpers.clock import FakeClock

pytestmark = pytest.mark.both_backends

ANN, BEN, CAS = 100, 101, 102
NAMES = {ANN: "Ann", BEN: "Ben", CAS: "Cas"}


@pytest.fixture
def table_seed() -> int:
    """This module's games are dealt from seeds 950, 951, ..."""
    return 950


@pytest.fixture
def table_clock(clock: FakeClock) -> FakeClock:
    return clock


async def deserted_game(tables: TableService, clock: FakeClock) -> tuple[GameRecord, TableChange]:
    """A Money match whose three members never move: with a 2-hour deadline and one auto-moved
    turn before a bot takes the seat, the first deadline hands every seat to a bot. The game
    and the change that handed over the last seat."""
    record = await tables.lobby.open(
        guild_id=1,
        channel_id=10,
        game_id="money",
        host_id=ANN,
        host_name="Ann",
        options={"hands": "1"},
    )
    for user in (BEN, CAS):
        record = await tables.lobby.join(record.id, user, NAMES[user])
    await tables.deadlines.configure(
        record.id, ANN, manager=False, deadline_hours=2, auto_moves=1, reminder_hours=24
    )
    await tables.lobby.start(record.id, ANN)
    clock.advance(hours=2)
    changes = (await tables.deadlines.tick()).changes
    assert [n["type"] for c in changes for n in c.notes if n["type"] == "handed_to_bot"] == [
        "handed_to_bot"
    ] * 3
    return await tables.game(record.id), changes[-1]


async def test_a_game_left_to_bots_waits_and_reminds_its_absent_players(
    tables: TableService, deadlines: Deadlines, store: Store, clock: FakeClock
) -> None:
    record, last = await deserted_game(tables, clock)
    assert record.status == "running" and record.deserted
    assert last.notes[-1] == {"type": "deserted", "hours": "72"}
    assert "`/game rejoin` takes your seat back" in note_line(record, last.notes[-1], "en")
    assert "within 72 h" in note_line(record, last.notes[-1], "en")
    moves = len(await store.actions(record.id))
    state = record.state

    clock.advance(hours=23)
    tick = await deadlines.tick()
    assert tick.changes == [] and tick.absent == []
    clock.advance(hours=1)
    tick = await deadlines.tick()  # a day later: the absent players hear of it, once
    assert tick.changes == []
    (absent,) = tick.absent
    assert absent.user_ids == [ANN, BEN, CAS]
    assert absent.abandon_at == clock() + timedelta(hours=48)
    assert (await deadlines.tick()).absent == []
    clock.advance(hours=24)
    assert len((await deadlines.tick()).absent) == 1

    after = await tables.game(record.id)
    assert after.status == "running" and after.state == state  # the bots never moved
    assert len(await store.actions(record.id)) == moves


async def test_a_player_who_rejoins_a_deserted_game_resumes_play(
    tables: TableService, deadlines: Deadlines, store: Store, clock: FakeClock
) -> None:
    record, _ = await deserted_game(tables, clock)
    moves = len(await store.actions(record.id))
    clock.advance(hours=30)
    await deadlines.tick()

    step = await tables.seats.rejoin(record.id, BEN, "Ben")

    assert not step.record.deserted and Timing.of(step.record.timing).deserted_at is None
    assert len(await store.actions(record.id)) > moves  # the bots play on up to Ben's turn
    assert step.record.status == "running" and step.record.waiting.keys() == {1}
    # Ben falls silent again: deserted anew, the 72 hours count from now, not from before.
    clock.advance(hours=2)
    (change,) = (await deadlines.tick()).changes
    assert change.record.deserted and change.notes[-1]["type"] == "deserted"
    clock.advance(hours=71)
    assert all(c.record.status != "aborted" for c in (await deadlines.tick()).changes)
    clock.advance(hours=1)
    (change,) = (await deadlines.tick()).changes
    assert change.record.status == "aborted"


async def test_a_deserted_game_is_abandoned_after_the_time_limit(
    tables: TableService, deadlines: Deadlines, clock: FakeClock
) -> None:
    record, _ = await deserted_game(tables, clock)
    clock.advance(hours=72, seconds=-1)
    assert (await deadlines.tick()).changes == []
    clock.advance(seconds=1)

    (change,) = (await deadlines.tick()).changes

    assert change.record.status == "aborted" and change.record.id == record.id
    assert change.notes == [{"type": "abandoned", "hours": "72"}]
    line = note_line(change.record, change.notes[0], "en")
    assert line == "🕰 Nobody came back within 72 h, so the game is abandoned without a result."
    assert (await tables.game(record.id)).status == "aborted"
    assert (await deadlines.tick()).changes == []


async def test_the_abandon_time_is_a_setting(store: Store, clock: FakeClock) -> None:
    tables = TableService(store, clock=clock, abandon_after=timedelta(hours=5))
    _, last = await deserted_game(tables, clock)
    assert last.notes[-1] == {"type": "deserted", "hours": "5"}
    clock.advance(hours=5)
    (change,) = (await tables.deadlines.tick()).changes
    assert change.record.status == "aborted"
