"""Undo (`service/undo.py`) through the table service, for all four titles: an allowed undo
restores the state before the move exactly (the log keeps the move and an undo row; replays
leave the undone move out); an undo of a move that revealed something, pressed twice, after
another seat acted, or by someone else is refused with its reason and changes nothing; an undo
racing another seat's move: one of them wins, and the log replays to the state saved."""

from __future__ import annotations

import asyncio
import json

import pytest

from db.records import GameRecord
from games import rules_of
from service.errors import TableError
from service.tables import TableService

pytestmark = pytest.mark.both_backends

CHANNEL = 10
ANN, BEN, CAS = 100, 101, 102
TITLES = ("money", "newyork", "nycards", "palazzo")


@pytest.fixture
def table_seed() -> int:
    return 3_100


async def running(tables: TableService, title: str) -> GameRecord:
    """A game of three members, dealt."""
    record = await tables.lobby.open(
        guild_id=1, channel_id=CHANNEL, game_id=title, host_id=ANN, host_name="Ann"
    )
    for user, name in ((BEN, "Ben"), (CAS, "Cas")):
        await tables.lobby.join(record.id, user, name)
    return (await tables.lobby.start(record.id, ANN)).record


async def play_until(
    tables: TableService, record: GameRecord, undoable: bool
) -> tuple[GameRecord, int, str]:
    """Members play their bot's choices until one's move is (or is not) undoable; that move is
    made too. Returns the game before it, its player and the action."""
    game = rules_of(record.game)
    for step in range(2_000):
        record = await tables.game(record.id)
        assert record.state is not None and record.status == "running"
        seat = game.to_act(record.state)[0]
        user = record.seats[seat].user_id
        assert user is not None
        action = game.bot_action(game.view(record.state, seat), step)
        after = game.apply(record.state, seat, action)
        await tables.play.move(record.id, user, action)
        if game.undoable(record.state, after, seat, action) == undoable:
            return record, user, action
    raise AssertionError("no such move")


async def replayed(tables: TableService, record: GameRecord) -> dict[str, object]:
    game = rules_of(record.game)
    assert record.seed is not None
    state = game.new_game(len(record.seats), dict(record.options), record.seed)
    for entry in await tables.store.actions(record.id):
        state = game.apply(state, entry.seat, entry.action)
    return state


async def refused(tables: TableService, game_id: int, user: int, key: str, **kw: int) -> None:
    before = await tables.game(game_id)
    with pytest.raises(TableError) as err:
        await tables.undo.undo(game_id, user, **kw)
    assert err.value.key == key
    assert (await tables.game(game_id)).version == before.version


@pytest.mark.parametrize("title", TITLES)
async def test_an_undo_restores_the_state_before_the_move(tables: TableService, title: str) -> None:
    before, user, action = await play_until(tables, await running(tables, title), True)
    moved = await tables.game(before.id)
    moves = await tables.store.actions(before.id)
    change = await tables.undo.undo(before.id, user, version=moved.version)
    after = change.record
    assert json.dumps(after.state, sort_keys=True) == json.dumps(before.state, sort_keys=True)
    seat = after.seat_of(user)
    assert seat in after.waiting
    assert [n["type"] for n in change.notes] == ["undone"]
    log = await tables.store.log(before.id)
    assert (log[-2].kind, log[-2].action, log[-1].kind) == ("move", action, "undo")
    assert await tables.store.actions(before.id) == moves[:-1]
    assert await replayed(tables, after) == after.state
    await refused(tables, before.id, user, "undo.already", version=moved.version)
    await refused(tables, before.id, user, "undo.already")


@pytest.mark.parametrize("title", TITLES)
async def test_a_move_that_revealed_something_cannot_be_undone(
    tables: TableService, title: str
) -> None:
    before, user, _ = await play_until(tables, await running(tables, title), False)
    record = await tables.game(before.id)
    if record.status != "running":
        pytest.skip("the game ended with that move")
    await refused(tables, before.id, user, "undo.reveals")


async def test_an_undo_after_another_seat_acted_or_by_someone_else_is_refused(
    tables: TableService,
) -> None:
    record = await running(tables, "money")  # everyone bids at once
    game = rules_of("money")
    assert record.state is not None
    bids = {}
    for user in (ANN, BEN):
        seat = record.seat_of(user)
        assert seat is not None
        bids[user] = game.bot_action(game.view(record.state, seat), 1)
    await tables.play.move(record.id, ANN, bids[ANN])
    ann_move = (await tables.game(record.id)).version
    await tables.play.move(record.id, BEN, bids[BEN])
    await refused(tables, record.id, ANN, "undo.someone_acted")
    await refused(tables, record.id, ANN, "undo.someone_acted", version=ann_move)
    await refused(tables, record.id, CAS, "undo.not_yours")
    await tables.undo.undo(record.id, BEN)  # the last move is Ben's: he may take it back
    with pytest.raises(TableError):
        await tables.undo.undo(record.id, 999)


async def test_an_undo_racing_another_seats_move_one_wins_and_the_log_replays(
    tables: TableService,
) -> None:
    record = await running(tables, "money")
    game = rules_of("money")
    assert record.state is not None
    ann, cas = record.seat_of(ANN), record.seat_of(CAS)
    assert ann is not None and cas is not None
    await tables.play.move(record.id, ANN, game.bot_action(game.view(record.state, ann), 1))
    cas_bid = game.bot_action(game.view(record.state, cas), 2)
    outcomes = await asyncio.gather(
        tables.undo.undo(record.id, ANN),
        tables.play.move(record.id, CAS, cas_bid),
        return_exceptions=True,
    )
    final = await tables.game(record.id)
    log = await tables.store.log(record.id)
    undone = [e for e in log if e.kind == "undo"]
    if isinstance(outcomes[0], TableError):  # Cas's bid first: the undo is refused
        assert outcomes[0].key == "undo.someone_acted"
        assert not undone
        assert [e.seat for e in await tables.store.actions(record.id)] == [ann, cas]
    else:  # the undo first: Cas's bid is checked again and saved after it
        assert len(undone) == 1
        assert [e.seat for e in await tables.store.actions(record.id)] == [cas]
    assert await replayed(tables, final) == final.state
