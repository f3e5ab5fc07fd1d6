"""Deadlines and reminders run per turn, not per action: in games whose turn holds several
actions (an exact payment in the New York card game earns another action, Palazzo's second
tile), a player's own extra actions do not restart the clock, and when the deadline passes the
game's bot finishes the whole turn for the seat, which counts as one auto-moved turn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from db.records import GameRecord
from db.store import Store
from games import rules_of
from rules.contract import Choices, GameInfo, Outcome, State, View
from service.change import TableChange
from service.deadlines import Deadlines
from service.games import bot_seed
from service.tables import TableService
from service.timing import parse_time
from tests.helpers.clock import FakeClock
from tests.helpers.rules_only import registered_rules

pytestmark = pytest.mark.both_backends

ANN, BEN, CAS = 100, 101, 102
NAMES = {ANN: "Ann", BEN: "Ben", CAS: "Cas"}


@pytest.fixture
def table_seed() -> int:
    """This module's games are dealt from seeds 700, 701, ..."""
    return 700


@pytest.fixture
def table_clock(clock: FakeClock) -> FakeClock:
    """The service runs on the hand-moved clock."""
    return clock


async def started(tables: TableService, game: str, **timing: int) -> TableChange:
    """A running game of three members hosted by Ann, with these timing settings."""
    record = await tables.lobby.open(
        guild_id=1, channel_id=10, game_id=game, host_id=ANN, host_name="Ann"
    )
    for user in (BEN, CAS):
        record = await tables.lobby.join(record.id, user, NAMES[user])
    await tables.deadlines.configure(record.id, ANN, manager=False, **timing)
    return await tables.lobby.start(record.id, ANN)


def policy(record: GameRecord, seat: int) -> str:
    """What the member in `seat` plays (the game's bot policy on their own view)."""
    game = rules_of(record.game)
    return game.bot_action(game.view(record.state, seat), 31 * record.version + seat)


def deadline_choice(record: GameRecord, seat: int) -> str:
    """What the deadline's bot would play for `seat` now."""
    game = rules_of(record.game)
    return game.bot_action(game.view(record.state, seat), bot_seed(record))


def continues(record: GameRecord, seat: int, action: str) -> bool:
    """Whether `seat` must act again in the same turn after playing `action`."""
    game = rules_of(record.game)
    after = game.apply(record.state, seat, action)
    return seat in game.to_act(after) and game.turn(after) == game.turn(record.state)


async def to_a_turn_start(
    tables: TableService, step: TableChange, wanted: Callable[[GameRecord, int], bool]
) -> tuple[GameRecord, int]:
    """Members play at once until a member's turn has just begun and `wanted(record, seat)`."""
    for _ in range(3000):
        record = step.record
        assert record.status == "running"
        (seat,) = record.waiting
        if seat in step.newly_waiting and wanted(record, seat):
            return record, seat
        user = record.seats[seat].user_id
        assert user is not None
        step = await tables.play.move(
            record.id, user, policy(record, seat), since=record.waiting[seat]
        )
    raise AssertionError("no such turn")


async def timer_of(store: Store, record: GameRecord, seat: int):
    (timer,) = [t for t in await store.turn_timers(record.id) if t.seat == seat]
    return timer


async def test_an_extra_action_does_not_restart_the_clock_of_the_turn(
    tables: TableService, deadlines: Deadlines, store: Store, clock: FakeClock
) -> None:
    step = await started(tables, "nycards", reminder_hours=24, deadline_hours=30)
    record, seat = await to_a_turn_start(tables, step, lambda r, s: continues(r, s, policy(r, s)))
    game = rules_of("nycards")
    label, began = game.turn(record.state), clock()
    first = record.waiting[seat]
    user = record.seats[seat].user_id
    assert user is not None

    clock.advance(hours=20)
    step = await tables.play.move(
        record.id, user, policy(record, seat), since=first
    )  # exact payment
    record = step.record
    assert seat in record.waiting and game.turn(record.state) == label
    assert step.newly_waiting == []
    timer = await timer_of(store, record, seat)
    assert (timer.since_version, parse_time(timer.started_at)) == (record.waiting[seat], began)

    clock.advance(hours=4)  # 24 h into the turn: its first reminder
    (reminder,) = (await deadlines.tick()).reminders
    assert (reminder.seat, reminder.count, reminder.waiting_since) == (seat, 1, began)

    clock.advance(hours=5, minutes=59)
    assert (await deadlines.tick()).changes == []
    clock.advance(minutes=1)  # 30 h into the turn: the deadline
    assert (
        await tables.deadlines.auto_move(record.id, seat, first) is None
    )  # read before the payment
    (step,) = (await deadlines.tick()).changes

    assert step.moves and all(mover == seat for mover, _ in step.moves)  # only its turn
    after = step.record
    assert seat not in after.waiting or game.turn(after.state) != label  # the turn is over
    assert after.auto_moves == {seat: 1}
    assert [(n["type"], n["count"]) for n in step.notes] == [("auto_move", 1)]
    log = [a for a in await store.actions(record.id) if a.version > record.version]
    assert log and all(a.seat == seat and a.user_id is None for a in log[: len(step.moves)])


@pytest.mark.parametrize("game_id", ["nycards", "palazzo"])
async def test_the_bot_finishes_a_late_turn_and_it_counts_once(
    game_id: str, tables: TableService, deadlines: Deadlines, store: Store, clock: FakeClock
) -> None:
    step = await started(tables, game_id, deadline_hours=12, auto_moves=2)
    record, seat = await to_a_turn_start(
        tables, step, lambda r, s: continues(r, s, deadline_choice(r, s))
    )
    game = rules_of(game_id)
    label = game.turn(record.state)

    clock.advance(hours=12)
    (step,) = (await deadlines.tick()).changes

    mine = [action for mover, action in step.moves if mover == seat]
    assert len(mine) >= 2  # the whole turn, in one go
    after = step.record
    assert seat not in after.waiting or game.turn(after.state) != label
    assert after.auto_moves == {seat: 1}  # one turn, though several actions
    assert not after.seats[seat].bot  # the limit of 2 is not reached
    assert [(n["type"], n["count"]) for n in step.notes] == [("auto_move", 1)]
    log = [a for a in await store.actions(record.id) if a.version > record.version]
    assert [a.action for a in log[: len(mine)]] == mine
    assert all(a.seat == seat and a.user_id is None for a in log[: len(mine)])
    assert (await deadlines.tick()).changes == []  # nothing more is due


async def test_a_turn_interrupted_midway_is_finished_later_without_counting_again(
    tables: TableService, deadlines: Deadlines, store: Store, clock: FakeClock, monkeypatch
) -> None:
    step = await started(tables, "nycards", deadline_hours=12)
    record, seat = await to_a_turn_start(
        tables, step, lambda r, s: continues(r, s, deadline_choice(r, s))
    )
    clock.advance(hours=12)
    # The database fails after the deadline's first action is saved: the turn is half done.
    save_move, calls = store.save_move, []

    async def failing_after_one(*args, **kwargs):
        calls.append(kwargs.get("action"))
        if len(calls) > 1:
            raise OSError("disk I/O error")
        return await save_move(*args, **kwargs)

    monkeypatch.setattr(store, "save_move", failing_after_one)
    assert (await deadlines.tick()).changes == []  # logged; nothing delivered
    monkeypatch.setattr(store, "save_move", save_move)
    half = await tables.game(record.id)
    assert half.version == record.version + 1 and half.auto_moves == {seat: 1}
    assert seat in half.waiting and (await timer_of(store, half, seat)).deadline_moved

    (late,) = (await deadlines.tick()).changes  # the next check finishes the turn

    assert late.moves[0][0] == seat and late.notes == []  # no second auto-move note
    assert late.record.auto_moves == {seat: 1}
    assert seat not in late.record.waiting


class Laps:
    """A tiny game whose turns are two actions ("go") each: Ann plays turns 0 and 1 in a row,
    Ben turn 2, then it is over. The turn label is the turn number."""

    info = GameInfo("laps", "money.name", "money.summary", 2, 2)

    def new_game(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {"turn": 0, "done": 0, "events": []}

    def to_act(self, state: State) -> list[int]:
        return [[0, 0, 1][state["turn"]]] if state["turn"] < 3 else []

    def turn(self, state: State) -> str:
        return str(state["turn"])

    def choices(self, state: State, seat: int) -> Choices:
        return Choices(moves=("go",)) if seat in self.to_act(state) else Choices()

    def apply(self, state: State, seat: int, action: str) -> State:
        done = state["done"] + 1
        turn = state["turn"] + done // 2
        return {"turn": turn, "done": done % 2, "events": []}

    def view(self, state: State, seat: int | None) -> View:
        return dict(state)

    def outcome(self, state: State) -> Outcome | None:
        return Outcome("done", (0, 0), ()) if state["turn"] >= 3 else None

    def bot_action(self, view: View, seed: int) -> str:
        return "go"

    def describe(self, event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
        return ""

    def undoable(self, before: State, after: State, seat: int, action: str) -> bool:
        return False


async def test_a_turn_the_deadline_finished_is_followed_by_a_new_wait_of_its_own(
    tables: TableService, deadlines: Deadlines, clock: FakeClock
) -> None:
    with registered_rules(Laps()):
        await laps_with_deadlines(tables, deadlines, clock)


async def laps_with_deadlines(tables: TableService, deadlines: Deadlines, clock: FakeClock) -> None:
    """Ann's deadline finishes her turn 0, then her turn 1 waits on a clock of its own."""
    record = await tables.lobby.open(
        guild_id=1, channel_id=10, game_id="laps", host_id=ANN, host_name="Ann"
    )
    await tables.lobby.join(record.id, BEN, "Ben")
    await tables.deadlines.configure(record.id, ANN, manager=False, deadline_hours=5, auto_moves=2)
    await tables.lobby.start(record.id, ANN)

    clock.advance(hours=5)
    (step,) = (await deadlines.tick()).changes
    assert step.moves == [(0, "go"), (0, "go")]  # turn 0, finished; Ann waits in turn 1 anew
    assert step.record.state["turn"] == 1 and step.record.auto_moves == {0: 1}
    clock.advance(hours=4)
    assert (await deadlines.tick()).changes == []  # turn 1's own clock

    clock.advance(hours=1)
    (step,) = (await deadlines.tick()).changes
    assert [(n["type"], n.get("count")) for n in step.notes] == [
        ("auto_move", 2),
        ("handed_to_bot", None),
    ]
    assert step.record.seats[0].bot and step.record.state["turn"] == 2
