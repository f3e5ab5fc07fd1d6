"""The service's check of a click on a component (`Play.clicked`, `Play.current`): the one place
that decides whether the clicker may use it, each refusal a typed error the cogs word."""

from __future__ import annotations

from collections.abc import Awaitable

import pytest

from db.records import GameRecord
from service.errors import NotSeated, OtherSeat, Stale, TableError, WrongChannel
from service.tables import TableService

CHANNEL = 10
ANN, BEN, CAS, EVE = 100, 101, 102, 199


@pytest.fixture
def table_seed() -> int:
    """This module's games are dealt from seeds 2000, 2001, ..."""
    return 2_000


async def running(tables: TableService) -> GameRecord:
    """A Money game of three members, dealt (everyone bids first)."""
    record = await tables.lobby.open(
        guild_id=1, channel_id=CHANNEL, game_id="money", host_id=ANN, host_name="Ann"
    )
    for user, name in ((BEN, "Ben"), (CAS, "Cas")):
        await tables.lobby.join(record.id, user, name)
    return (await tables.lobby.start(record.id, ANN)).record


async def test_a_seated_member_may_use_their_seats_component(tables: TableService) -> None:
    record = await running(tables)
    seat = record.seat_of(BEN)
    assert seat is not None
    assert await tables.play.clicked(record.id, BEN, seat=seat, channel_id=CHANNEL) == record
    assert await tables.play.clicked(record.id, BEN) == record  # from a DM, any seat's panel
    since = record.waiting[seat]
    assert await tables.play.current(record.id, BEN, seat, since, channel_id=CHANNEL) == record


async def test_each_refusal_of_a_click_has_its_own_type(tables: TableService) -> None:
    record = await running(tables)
    seat = record.seat_of(BEN)
    assert seat is not None
    refusals: list[tuple[type[TableError], str, Awaitable[GameRecord]]] = [
        (WrongChannel, "error.wrong_channel", tables.play.clicked(record.id, BEN, channel_id=11)),
        (NotSeated, "error.not_seated", tables.play.clicked(record.id, EVE, channel_id=CHANNEL)),
        (OtherSeat, "error.not_your_turn", tables.play.clicked(record.id, ANN, seat=seat)),
        (Stale, "error.stale", tables.play.current(record.id, BEN, seat, record.version + 5)),
    ]
    for kind, key, request in refusals:
        with pytest.raises(kind) as err:
            await request
        assert err.value.key == key
    with pytest.raises(TableError) as missing:
        await tables.play.clicked(record.id + 1, BEN)
    assert missing.value.key == "error.no_game"


async def test_a_component_of_a_game_that_ended_is_stale(tables: TableService) -> None:
    record = await running(tables)
    seat = record.seat_of(BEN)
    assert seat is not None
    since = record.waiting[seat]
    await tables.lobby.abort(record.id, ANN, manager=False)
    with pytest.raises(Stale):
        await tables.play.current(record.id, BEN, seat, since)
    with pytest.raises(TableError) as err:  # a move is refused as the game is not running
        await tables.play.move(record.id, BEN, "pass", since=since)
    assert err.value.key == "error.not_running"
