"""Asynchronous play in the service, with a clock moved by hand: turn pings (once per change of
who must act), reminders, deadlines and auto-moves, handing a seat to a bot and taking it back,
replacing players, pausing, and deadlines that survive a restart. Nothing here touches Discord."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from db.records import GameRecord, Seat
from db.store import Store, open_store
from games import RULES, rules_of
from rules.contract import Choices, GameInfo, Outcome, State, View
from service.change import TableChange
from service.deadlines import Deadlines
from service.errors import TableError
from service.tables import TableService
from service.timing import (
    DEFAULT_BOT_SECONDS,
    MAX_BOT_SECONDS,
    MAX_REMINDERS,
    MIN_BOT_SECONDS,
    Timing,
)
from service.turn_clock import due
from tests.helpers.clock import START, FakeClock
from tests.helpers.rules_only import registered_rules

pytestmark = pytest.mark.both_backends

GAME = rules_of("money")
CHANNEL = 10
ANN, BEN, CAS, DEE = 100, 101, 102, 103
NAMES = {ANN: "Ann", BEN: "Ben", CAS: "Cas", DEE: "Dee"}


@pytest.fixture
def table_seed() -> int:
    """This module's games are dealt from seeds 500, 501, ..."""
    return 500


@pytest.fixture
def table_clock(clock: FakeClock) -> FakeClock:
    """The service runs on the hand-moved clock."""
    return clock


async def started(
    tables: TableService, members: tuple[int, ...] = (ANN, BEN, CAS), bots: int = 0, **timing: Any
) -> TableChange:
    """A running Money match (one hand) hosted by the first member, with timing settings."""
    record = await tables.lobby.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_id=RULES["money"].info.id,
        host_id=members[0],
        host_name=NAMES[members[0]],
        options={"hands": "1"},
    )
    for user in members[1:]:
        record = await tables.lobby.join(record.id, user, NAMES[user])
    for _ in range(bots):
        record = await tables.lobby.add_bot(record.id, members[0])
    if timing:
        await tables.deadlines.configure(record.id, members[0], manager=False, **timing)
    return await tables.lobby.start(record.id, members[0])


async def move(tables: TableService, record: GameRecord, seat: int, k: int = 0) -> TableChange:
    """The member in `seat` plays what the bot policy would."""
    user = record.seats[seat].user_id
    assert user is not None and not record.seats[seat].bot
    action = GAME.bot_action(GAME.view(record.state, seat), 31 * record.version + k)
    return await tables.play.move(record.id, user, action, since=record.waiting[seat])


async def refused(key: str, request) -> None:
    with pytest.raises(TableError) as err:
        await request
    assert err.value.key == key, err.value.key


def member_waiting(record: GameRecord) -> list[int]:
    return [s for s in sorted(record.waiting) if not record.seats[s].bot]


# ------------------------------------------------------------------ turn pings


def test_money_turn_label_is_hand_round_phase_and_the_exchanging_seat() -> None:
    """The bids of a round are one turn; in the exchange each seat's move is a turn of its
    own (the label names the seat whose turn it is)."""
    state = GAME.new_game(3, {"hands": "1"}, 5)
    assert GAME.turn(state) == "1.1.bid"
    for seat in range(3):
        label = GAME.turn(state)
        state = GAME.apply(state, seat, GAME.bot_action(GAME.view(state, seat), seat))
        if seat < 2:
            assert GAME.turn(state) == label  # one bid is no new turn
    if state["phase"] == "exchange":
        (acting,) = GAME.to_act(state)
        assert GAME.turn(state) == f"1.1.exchange.{acting}"
    else:
        assert GAME.turn(state) == "1.2.bid"


async def test_each_seat_is_pinged_once_per_turn_in_which_it_must_act(tables: TableService) -> None:
    step = await started(tables)
    assert step.newly_waiting == [0, 1, 2]  # everyone bids
    pinged: list[tuple[int, str]] = [(s, GAME.turn(step.record.state)) for s in step.newly_waiting]
    must_act = {(s, GAME.turn(step.record.state)) for s in step.record.waiting}
    record = step.record
    for k in range(400):
        if record.status != "running":
            break
        waiting = member_waiting(record)
        step = await move(tables, record, waiting[k % len(waiting)], k)
        record = step.record
        if record.status == "running":
            label = GAME.turn(record.state)
            pinged += [(s, label) for s in step.newly_waiting]
            must_act |= {(s, label) for s in record.waiting}
            assert set(step.newly_waiting) <= set(record.waiting)
    assert record.status == "finished"
    assert len(pinged) == len(set(pinged)), "a seat was pinged twice in one turn"
    assert set(pinged) == must_act, "a seat had to act without being pinged"


async def test_no_ping_after_a_bid_while_others_still_bid(tables: TableService) -> None:
    record = (await started(tables)).record
    step = await move(tables, record, 0)
    assert sorted(step.record.waiting) == [1, 2]
    assert step.newly_waiting == []
    assert step.panels_changed == [0]  # the bidder's panel changes (no more bid menus)


class Relay:
    """A tiny game for the contract: seats take turns of two actions each ("go"), three turns
    in all. The turn label is the turn number, so the second action of a turn pings nobody."""

    info = GameInfo("relay", "money.name", "money.summary", 2, 4)

    def new_game(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {"players": players, "turn": 0, "done": 0, "events": []}

    def to_act(self, state: State) -> list[int]:
        return [] if state["turn"] >= 3 else [state["turn"] % state["players"]]

    def turn(self, state: State) -> str:
        return str(state["turn"])

    def choices(self, state: State, seat: int) -> Choices:
        return Choices(moves=("go",)) if seat in self.to_act(state) else Choices()

    def undoable(self, before: State, after: State, seat: int, action: str) -> bool:
        return False

    def apply(self, state: State, seat: int, action: str) -> State:
        new = dict(state, events=[])
        new["done"] += 1
        if new["done"] == 2:
            new["turn"], new["done"] = new["turn"] + 1, 0
        return new

    def view(self, state: State, seat: int | None) -> View:
        return dict(state, seat=seat)

    def outcome(self, state: State) -> Outcome | None:
        return Outcome("done", (0,) * state["players"], ()) if state["turn"] >= 3 else None

    def bot_action(self, view: View, seed: int) -> str:
        return "go"

    def describe(self, event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
        return ""


async def test_a_second_action_in_the_same_turn_pings_nobody_but_stales_old_buttons(
    tables: TableService,
) -> None:
    with registered_rules(Relay()):
        await relay_turns(tables)


async def relay_turns(tables: TableService) -> None:
    """Two actions a turn: the second pings nobody but makes the first's buttons stale."""
    record = await tables.lobby.open(
        guild_id=1, channel_id=CHANNEL, game_id="relay", host_id=ANN, host_name="Ann"
    )
    await tables.lobby.join(record.id, BEN, "Ben")
    step = await tables.lobby.start(record.id, ANN)
    assert step.newly_waiting == [0]
    first = step.record.waiting[0]

    step = await tables.play.move(record.id, ANN, "go", since=first)  # first of two actions

    assert step.record.waiting[0] != first  # a new decision: the old buttons are stale
    assert step.newly_waiting == []  # but the same turn: no second ping
    assert step.panels_changed == [0]
    await refused("error.stale", tables.play.move(record.id, ANN, "go", since=first))
    step = await tables.play.move(record.id, ANN, "go", since=step.record.waiting[0])
    assert step.newly_waiting == [1]  # Ben's turn


async def test_bots_are_never_pinged(tables: TableService) -> None:
    step = await started(tables, (ANN,), bots=2)
    assert step.newly_waiting == [0]
    assert all(not step.record.seats[s].bot for s in step.newly_waiting)


# ------------------------------------------------------------------ reminders


async def test_reminders_once_then_each_interval_at_most_the_cap(
    tables: TableService, deadlines: Deadlines, clock: FakeClock
) -> None:
    record = (await started(tables)).record
    await move(tables, record, 0)  # Ann bids; Ben and Cas keep waiting

    clock.advance(hours=23, minutes=59)
    assert (await deadlines.tick()).reminders == []
    clock.advance(minutes=1)
    sent = (await deadlines.tick()).reminders
    assert sorted((r.seat, r.user_id, r.count) for r in sent) == [(1, BEN, 1), (2, CAS, 1)]
    assert all(r.waiting_since == START for r in sent)
    assert (await deadlines.tick()).reminders == []  # once
    counts = []
    for _ in range(6):
        clock.advance(hours=24)
        counts.append(sorted(r.count for r in (await deadlines.tick()).reminders))
    assert MAX_REMINDERS == 3
    assert counts == [[2, 2], [3, 3], [], [], [], []]


async def test_a_move_ends_the_reminders_of_that_wait(
    tables: TableService, deadlines: Deadlines, clock: FakeClock
) -> None:
    record = (await started(tables)).record
    clock.advance(hours=25)
    assert len((await deadlines.tick()).reminders) == 3
    record = (await move(tables, record, 0)).record
    clock.advance(hours=24)
    assert sorted(r.seat for r in (await deadlines.tick()).reminders) == [1, 2]


async def test_no_reminders_when_switched_off(
    tables: TableService, deadlines: Deadlines, clock: FakeClock
) -> None:
    await started(tables, reminder_hours=0)
    clock.advance(days=10)
    assert (await deadlines.tick()).reminders == []


async def test_a_reminder_due_during_a_downtime_fires_once_after_the_restart(
    database_url: str, clock: FakeClock
) -> None:
    store = await open_store(database_url)
    await started(TableService(store, clock=clock))
    await store.close()

    clock.advance(days=5)  # the bot was down; five reminder intervals passed
    store = await open_store(database_url)
    try:
        deadlines = TableService(store, clock=clock).deadlines
        assert sorted(r.count for r in (await deadlines.tick()).reminders) == [1, 1, 1]
        assert (await deadlines.tick()).reminders == []
        clock.advance(hours=23)
        assert (await deadlines.tick()).reminders == []
        clock.advance(hours=1)
        assert sorted(r.count for r in (await deadlines.tick()).reminders) == [2, 2, 2]
    finally:
        await store.close()


async def test_a_reminder_read_before_a_move_is_not_sent_after_it(
    tables: TableService, store: Store, clock: FakeClock
) -> None:
    record = (await started(tables)).record
    (timer, _) = (await store.running_timers())[0]
    clock.advance(hours=25)
    await move(tables, record, timer.seat)  # lands between the tick's read and its write
    assert not await store.mark_reminded(timer, record.version, clock())


# ------------------------------------------------------------------ pause


async def test_no_reminders_or_deadlines_while_paused_and_clocks_restart_on_resume(
    tables: TableService, deadlines: Deadlines, clock: FakeClock
) -> None:
    record = (await started(tables, deadline_hours=30)).record
    clock.advance(hours=2)
    await tables.deadlines.configure(record.id, ANN, manager=False, paused=True)
    await refused(
        "error.already_paused",
        tables.deadlines.configure(record.id, ANN, manager=False, paused=True),
    )
    record = (await move(tables, await tables.game(record.id), 0)).record  # moves still count

    clock.advance(days=3)
    tick = await deadlines.tick()
    assert tick.reminders == [] and tick.changes == []

    await tables.deadlines.configure(record.id, BEN, manager=True, paused=False)  # a server manager
    clock.advance(hours=23)
    tick = await deadlines.tick()
    assert tick.reminders == [] and tick.changes == []  # nothing for the time while paused
    clock.advance(hours=1)
    assert sorted(r.seat for r in (await deadlines.tick()).reminders) == [1, 2]
    clock.advance(hours=6)
    assert len((await deadlines.tick()).changes) == 2  # 30 h after the resume: the deadlines


async def test_only_the_host_or_a_manager_changes_timing(tables: TableService) -> None:
    record = (await started(tables)).record
    await refused(
        "error.host_only_manage",
        tables.deadlines.configure(record.id, BEN, manager=False, paused=True),
    )
    await refused(
        "error.not_paused", tables.deadlines.configure(record.id, ANN, manager=False, paused=False)
    )
    await refused(
        "error.bad_hours",
        tables.deadlines.configure(record.id, ANN, manager=False, deadline_hours=9999),
    )
    await refused(
        "error.bad_auto_moves",
        tables.deadlines.configure(record.id, ANN, manager=False, auto_moves=0),
    )
    saved = await tables.deadlines.configure(
        record.id, CAS, manager=True, reminder_hours=12, deadline_hours=48, auto_moves=2
    )
    timing = Timing.of(saved.timing)
    assert (timing.reminder_hours, timing.deadline_hours, timing.auto_moves) == (12, 48, 2)
    assert saved.waiting == record.waiting  # buttons stay valid


async def test_the_strong_bots_thinking_time_is_stored_with_the_game_within_its_range(
    tables: TableService,
) -> None:
    record = (await started(tables)).record
    assert Timing.of(record.timing).bot_seconds == DEFAULT_BOT_SECONDS == 2.0
    for wrong in (MIN_BOT_SECONDS / 2, MAX_BOT_SECONDS + 1):
        await refused(
            "error.bad_bot_seconds",
            tables.deadlines.configure(record.id, ANN, manager=False, bot_seconds=wrong),
        )
    saved = await tables.deadlines.configure(record.id, ANN, manager=False, bot_seconds=5.5)
    assert Timing.of((await tables.game(saved.id)).timing).bot_seconds == 5.5
    assert Timing.of(saved.timing).reminder_hours == Timing.of(record.timing).reminder_hours


# ------------------------------------------------------------------ deadlines


async def play_with_a_silent_seat(
    tables: TableService, deadlines: Deadlines, clock: FakeClock, record: GameRecord, silent: int
) -> list[TableChange]:
    """Members move at once, except `silent`, whose deadline passes each time it must act.
    Returns the steps the deadlines made."""
    timed: list[TableChange] = []
    for k in range(400):
        if record.status != "running":
            return timed
        waiting = [s for s in member_waiting(record) if s != silent]
        if waiting:
            record = (await move(tables, record, waiting[0], k)).record
            continue
        clock.advance(hours=Timing.of(record.timing).deadline_hours)
        steps = (await deadlines.tick()).changes
        assert len(steps) == 1 and steps[0].moves[0][0] == silent
        timed += steps
        record = steps[-1].record
    raise AssertionError("the game did not end")


async def test_a_silent_player_is_moved_for_then_handed_to_a_bot_and_the_game_ends(
    tables: TableService, deadlines: Deadlines, clock: FakeClock, store: Store
) -> None:
    record = (await started(tables, deadline_hours=12, auto_moves=3)).record
    clock.advance(hours=11)
    assert (await deadlines.tick()).changes == []  # not yet

    timed = await play_with_a_silent_seat(tables, deadlines, clock, record, silent=1)

    assert [n["type"] for s in timed for n in s.notes] == [
        "auto_move",
        "auto_move",
        "auto_move",
        "handed_to_bot",
    ]
    assert [n.get("count") for s in timed for n in s.notes] == [1, 2, 3, None]
    assert timed[0].record.auto_moves == {1: 1}
    final = await tables.game(record.id)
    assert final.status == "finished"
    assert final.seats[1] == Seat(BEN, "Ben (bot)", bot=True)
    assert final.auto_moves == {}
    log = await store.actions(record.id)
    assert all(a.user_id is None for a in log if a.seat == 1)
    assert {a.user_id for a in log if a.seat != 1} == {ANN, CAS}


async def test_a_real_move_resets_the_count_and_a_late_timer_does_nothing(
    tables: TableService, deadlines: Deadlines, clock: FakeClock, store: Store
) -> None:
    record = (await started(tables, deadline_hours=1)).record
    record = (await move(tables, record, 0)).record
    record = (await move(tables, record, 2)).record
    clock.advance(hours=1)
    step = (await deadlines.tick()).changes[0]  # Ben's bid is made for him
    assert step.record.auto_moves == {1: 1}
    assert [n["type"] for n in step.notes] == ["auto_move"]
    record = step.record
    while 1 not in record.waiting or record.state["phase"] != "bid":  # to Ben's next bid
        record = (await move(tables, record, member_waiting(record)[0])).record
    since = record.waiting[1]
    (timer,) = [t for t in await store.turn_timers(record.id) if t.seat == 1]

    record = (await move(tables, record, 1)).record  # Ben is back and bids himself
    assert record.auto_moves == {}
    clock.advance(hours=5)
    assert (
        await tables.deadlines.auto_move(record.id, 1, since) is None
    )  # the old wait: nothing happens
    assert timer.since_version == since
    assert [a.user_id for a in await store.actions(record.id)][-1] == BEN


async def test_a_seat_handed_to_a_bot_can_be_taken_back(
    tables: TableService, deadlines: Deadlines, clock: FakeClock
) -> None:
    record = (await started(tables, deadline_hours=2, auto_moves=1)).record
    record = (await move(tables, record, 0)).record
    record = (await move(tables, record, 1)).record
    clock.advance(hours=2)
    (step,) = (await deadlines.tick()).changes
    assert [n["type"] for n in step.notes] == ["auto_move", "handed_to_bot"]
    record = step.record
    assert record.seats[2] == Seat(CAS, "Cas (bot)", bot=True)
    assert record.benched_seat_of(CAS) == 2 and record.seat_of(CAS) is None
    await refused("error.not_seated", tables.play.move(record.id, CAS, "pass"))
    await refused("error.nothing_to_rejoin", tables.seats.rejoin(record.id, DEE, "Dee"))
    await refused("error.already_playing", tables.seats.rejoin(record.id, ANN, "Ann"))

    step = await tables.seats.rejoin(record.id, CAS, "Cas")

    assert step.record.seats[2] == Seat(CAS, "Cas")
    assert step.notes == [{"type": "rejoined", "seat": 2}]
    assert 2 in step.hands_changed
    record = step.record
    while 2 not in record.waiting and record.status == "running":
        record = (await move(tables, record, member_waiting(record)[0])).record
    assert record.status == "running" and not record.seats[2].bot  # Cas plays again


async def test_deadlines_survive_a_restart(database_url: str, clock: FakeClock) -> None:
    store = await open_store(database_url)
    record = (await started(TableService(store, clock=clock), deadline_hours=6)).record
    await store.close()
    clock.advance(days=2)
    store = await open_store(database_url)
    try:
        tables = TableService(store, clock=clock)
        steps = (await tables.deadlines.tick()).changes
        # Each of the three bids is made once, though the deadline passed long ago.
        assert sorted(s.moves[0][0] for s in steps) == [0, 1, 2]
        assert (await tables.game(record.id)).auto_moves == {0: 1, 1: 1, 2: 1}
    finally:
        await store.close()


async def test_timers_follow_the_waiting_seats(
    tables: TableService, store: Store, clock: FakeClock
) -> None:
    record = (await started(tables)).record
    deadlines = await store.turn_timers(record.id)
    assert [(t.seat, t.since_version, t.started_at) for t in deadlines] == [
        (s, record.waiting[s], "2024-06-11T09:00:00.000+00:00") for s in range(3)
    ]
    clock.advance(hours=1)
    record = (await move(tables, record, 0)).record
    assert [t.seat for t in await store.turn_timers(record.id)] == [1, 2]
    assert all(due(t, Timing(), clock()) is None for t in await store.turn_timers(record.id))
    await tables.lobby.abort(record.id, ANN, manager=False)
    assert await store.turn_timers(record.id) == []


# ------------------------------------------------------------------ replacing players


async def test_the_host_replaces_a_seat_with_a_member_or_a_bot(
    tables: TableService, store: Store
) -> None:
    record = (await started(tables)).record
    old_since = record.waiting[1]
    await refused(
        "error.host_only_manage",
        tables.seats.replace(record.id, BEN, 1, (DEE, "Dee"), manager=False),
    )
    await refused(
        "error.already_seated", tables.seats.replace(record.id, ANN, 1, (CAS, "Cas"), manager=False)
    )
    await refused(
        "error.no_such_seat", tables.seats.replace(record.id, ANN, 5, None, manager=False)
    )

    # Ben is present and his deadline has not passed: his seat is his until he agrees.
    await refused(
        "seat.consent_needed", tables.seats.replace(record.id, ANN, 1, (DEE, "Dee"), manager=False)
    )
    # Ben has left the server: the host gives his seat away.
    step = await tables.seats.replace(
        record.id, ANN, 1, (DEE, "Dee"), manager=False, holder_present=False
    )

    assert step.record.seats[1] == Seat(DEE, "Dee")
    assert step.newly_waiting == [1]  # the newcomer must bid: pinged
    assert 1 in step.hands_changed and step.notes == [{"type": "replaced", "seat": 1, "old": "Ben"}]
    await refused("error.stale", tables.play.move(record.id, DEE, "pass", since=old_since))
    await refused("error.not_seated", tables.play.move(record.id, BEN, "pass"))

    step = await tables.seats.replace(  # a manager, for Cas who left the server: to a bot
        record.id, CAS, 2, None, manager=True, holder_present=False
    )
    assert step.record.seats[2] == Seat(None, "Cas (bot)", bot=True)
    assert [seat for seat, _ in step.moves] == [2]  # the bot bid at once
    await refused("error.seat_is_bot", tables.seats.replace(record.id, ANN, 2, None, manager=False))
    assert {a.user_id for a in await store.actions(record.id)} == {None}


# ------------------------------------------------------------------ overview and notices


async def test_overview_and_notice_settings(tables: TableService, clock: FakeClock) -> None:
    record = (await started(tables)).record
    clock.advance(hours=3)
    record = (await move(tables, record, 0)).record
    (summary,) = await tables.overview.server(1)
    assert summary.record.id == record.id
    assert summary.waiting_since == {1: START, 2: START}
    assert await tables.overview.server(2) == []

    notices = tables.notices
    assert await notices.of([ANN, BEN]) == {ANN: "mention", BEN: "mention"}
    await notices.choose(BEN, "dm")
    await notices.choose(BEN, "both")
    assert await notices.of([ANN, BEN]) == {ANN: "mention", BEN: "both"}
    await refused("error.bad_notice", notices.choose(BEN, "pigeon"))


async def test_the_database_leaves_out_no_due_timer(
    tables: TableService, deadlines: Deadlines, store: Store, clock: FakeClock
) -> None:
    """The tick reads only the timers the database finds may be due (`timers_maybe_due`, by
    the check instants the tick writes): every timer `due` finds due among all running timers
    is among them, as reminders are sent and a deadline passes; and timers that cannot be due
    yet are left out."""
    record = (await started(tables, deadline_hours=30)).record
    await move(tables, record, 0)
    found_due = left_out = 0
    for _ in range(0, 40 * 60, 29):
        now = clock()
        maybe = await store.timers_maybe_due(now)
        listed = {(t.game_id, t.seat) for t, _, _ in maybe}
        every = await store.running_timers()
        due_now = {(t.game_id, t.seat) for t, timing in every if due(t, Timing.of(timing), now)}
        assert due_now <= listed, now
        left_out += len(every) - len(listed)
        found_due += len(due_now)
        await deadlines.tick()
        clock.advance(minutes=29)
    assert left_out > 40, "timers that cannot be due yet are left out (most ticks)"
    assert found_due, "reminders and deadlines came due meanwhile"


async def test_new_settings_make_the_tick_look_at_a_games_timers_again(
    tables: TableService, deadlines: Deadlines, store: Store, clock: FakeClock
) -> None:
    """The tick wrote when to look at a timer again under the old settings (reminders every
    12 hours); shorter reminder hours are kept from the next reminder on."""
    record = (await started(tables, reminder_hours=12)).record
    await deadlines.tick()
    assert not await store.timers_maybe_due(clock()), "nothing due: looked at later"
    await deadlines.configure(record.id, record.host_id, manager=False, reminder_hours=1)
    clock.advance(minutes=61)
    assert (await deadlines.tick()).reminders, "reminded after the new hour, not 12"
