"""Who holds which seat of a running game: one seat per member (a replace or a rejoin never
gives someone a second one), and who hosts after the host leaves."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import pytest

from db.records import NO_HOST, GameRecord, Seat
from db.store import Store
from service.deadlines import Deadlines
from service.errors import TableError
from service.tables import TableService
from tests.helpers.clock import FakeClock
from tests.service.test_timers import (
    ANN,
    BEN,
    CAS,
    DEE,
    member_waiting,
    move,
    started,
    table_clock,
    table_seed,
)

__all__ = ["table_clock", "table_seed"]  # the fixtures: games dealt and timed as the timer tests'


async def refused(key: str, request: Awaitable[Any]) -> TableError:
    """Await the request; it must fail with TableError `key`."""
    with pytest.raises(TableError) as err:
        await request
    assert err.value.key == key, err.value.key
    return err.value


async def bench_cas(tables: TableService, deadlines: Deadlines, clock: FakeClock) -> GameRecord:
    """A Money match in which Cas (seat 3) missed a deadline and a bot plays her seat."""
    record = (await started(tables, deadline_hours=2, auto_moves=1)).record
    record = (await move(tables, record, 0)).record
    record = (await move(tables, record, 1)).record
    clock.advance(hours=2)
    (step,) = (await deadlines.tick()).changes
    assert step.record.benched_seat_of(CAS) == 2
    return step.record


async def test_a_benched_member_is_not_given_a_second_seat_by_replace(
    tables: TableService, deadlines: Deadlines, clock: FakeClock
) -> None:
    record = await bench_cas(tables, deadlines, clock)

    err = await refused(
        "error.benched_use_rejoin",
        tables.seats.replace(record.id, ANN, 0, (CAS, "Cas"), manager=False),
    )
    assert err.params == {}  # players read no seat numbers
    assert "`/game rejoin`" in err.message("en")
    assert (await tables.game(record.id)).seats == record.seats  # nothing changed

    # Her own seat back by the host is no second seat: she plays seat 3 as before.
    step = await tables.seats.replace(record.id, ANN, 2, (CAS, "Cas"), manager=False)
    seats = step.record.seats
    assert seats[2] == Seat(CAS, "Cas")
    assert [s for s in seats if s.user_id == CAS] == [seats[2]]


async def test_rejoin_is_refused_to_a_member_who_plays_another_seat(
    tables: TableService, deadlines: Deadlines, clock: FakeClock, store: Store
) -> None:
    record = await bench_cas(tables, deadlines, clock)
    # A game saved before seats were guarded: Cas plays seat 1 and is benched in seat 3.
    seats = [Seat(CAS, "Cas"), *record.seats[1:]]
    record = await store.save_seats(record.id, record.version, seats)

    err = await refused("error.rejoin_already_seated", tables.seats.rejoin(record.id, CAS, "Cas"))

    assert err.params == {}
    assert "already play" in err.message("en")
    assert (await tables.game(record.id)).seats == record.seats


async def test_a_leaving_host_hands_hosting_to_the_lowest_seated_member(
    tables: TableService, deadlines: Deadlines, clock: FakeClock
) -> None:
    started_record = (await started(tables, (ANN, BEN, CAS, DEE))).record
    game_id = started_record.id
    await tables.leave(game_id, BEN)  # seat 2 is a bot now; Ann still hosts
    assert (await tables.game(game_id)).host_id == ANN

    step = await tables.leave(game_id, ANN)

    assert (step.before.host_id, step.record.host_id) == (ANN, CAS)  # seat 3: first member left
    await refused(
        "error.host_only_manage",
        tables.deadlines.configure(game_id, ANN, manager=False, paused=True),
    )
    await tables.deadlines.configure(game_id, CAS, manager=False, paused=True)
    step = await tables.leave(game_id, DEE)  # not the host: hosting stays
    assert step.record.host_id == CAS


async def test_a_benched_member_does_not_become_host(
    tables: TableService, deadlines: Deadlines, clock: FakeClock
) -> None:
    record = await bench_cas(tables, deadlines, clock)
    await tables.seats.replace(  # Ben left the server: his seat to a bot
        record.id, ANN, 1, None, manager=False, holder_present=False
    )

    step = await tables.leave(record.id, ANN)

    # Nobody is seated (Cas's seat is a bot's until she rejoins): the game is deserted, so
    # the bots do not play it out; it waits for Cas (service/desertion.py).
    assert step.record.host_id == NO_HOST
    assert step.record.status == "running" and step.record.deserted
    assert step.moves == [] and member_waiting(step.record) == []
