"""PostgreSQL restarting or out of reach during play: a member's press is refused with a clear
private message, nothing is half-written, and once the server is back the same press works
without restarting the bot (the connection pool opens new connections by itself).

The server is the session's throwaway one (`postgres_server`), stopped and started here; a
server given by TAVOLO_TEST_POSTGRES_URL is not stopped (these tests are skipped then)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from db.errors import DatabaseUnavailable, OutcomeUnknown
from db.records import GameRecord, TurnClocks
from db.store import Store, open_store
from fakediscord.inprocess import FakeBot, FakeInteraction
from games import rules_of
from i18n import t
from interface.lobby_actions import press_lobby
from interface.play_actions import press_move
from interface.replies import failure_text, guarded
from service.tables import TableService
from tests.helpers.postgres import PostgresServer
from tests.reliability.driving import GAME_IDS, assert_consistent, member_move, seated_game

UNAVAILABLE = t("error.database_unavailable")
GAME = GAME_IDS[0]

pytestmark = pytest.mark.usefixtures("no_pictures")


@pytest.fixture
def server(postgres_server: PostgresServer) -> PostgresServer:
    if not postgres_server.own:
        pytest.skip("the PostgreSQL server of TAVOLO_TEST_POSTGRES_URL is not ours to stop")
    return postgres_server


@pytest.fixture
async def pg_store(server: PostgresServer) -> AsyncIterator[Store]:
    store = await open_store(await server.new_database())
    yield store
    await store.close()


async def through_component(press: FakeInteraction, handler: Any, *args: Any) -> None:
    """Hand a press to `handler` as a persistent component's callback does (`guarded`: an
    error the handler does not answer is answered by the safety net)."""

    async def callback(_item: object, interaction: FakeInteraction) -> None:
        await handler(interaction, *args)

    await guarded(callback)(None, press)


async def members_game(tables: TableService, channel: int) -> GameRecord:
    info = rules_of(GAME).info
    return await seated_game(
        tables, GAME, channel, [100 * channel + k for k in range(info.min_players)]
    )


async def test_a_press_while_postgres_is_down_is_refused_and_works_once_it_is_back(
    server: PostgresServer, pg_store: Store
) -> None:
    tables = TableService(pg_store)
    bot = FakeBot(pg_store, tables)
    record = await members_game(tables, 1)
    lobby = await tables.lobby.open(
        guild_id=1, channel_id=3, game_id=GAME, host_id=300, host_name="Host"
    )
    move = member_move(record, random.Random(5))
    assert move is not None
    seat, user, action, since = move
    await asyncio.to_thread(server.pause)
    try:
        press = FakeInteraction(bot, user, guild_id=1, channel_id=1)
        await through_component(press, press_move, record.id, seat, since, action)
        assert press.refusal == UNAVAILABLE
        join = FakeInteraction(bot, 301, guild_id=1, channel_id=3)
        await through_component(join, press_lobby, lobby.id, "join")
        assert join.refusal == UNAVAILABLE
    finally:
        await asyncio.to_thread(server.resume)
    assert await assert_consistent(pg_store, record.id) == record
    press = FakeInteraction(bot, user, guild_id=1, channel_id=1)
    await press_move(press, record.id, seat, since, action)  # the same press, now it works
    assert [a.how for a in press.answers] == ["defer"]
    assert (await tables.game(record.id)).version > record.version
    join = FakeInteraction(bot, 301, guild_id=1, channel_id=3)
    await press_lobby(join, lobby.id, "join")
    assert len((await tables.game(lobby.id)).seats) == 2


async def test_a_save_cut_off_by_a_restart_leaves_nothing_half_written(
    server: PostgresServer, pg_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server stops in the middle of a move's transaction (the game row updated and the
    action logged, the turn timers not yet): the move is refused, and after the restart the
    game, its log and its timers are exactly as before it."""
    tables = TableService(pg_store)
    record = await members_game(tables, 1)
    timers = await pg_store.turn_timers(record.id)
    log = await pg_store.log(record.id)
    move = member_move(record, random.Random(2))
    assert move is not None
    _seat, user, action, since = move
    write_timers = pg_store._set_turn_timers

    async def stopped_midway(tx: object, game_id: int, clocks: TurnClocks) -> None:
        await asyncio.to_thread(server.pause)
        await write_timers(tx, game_id, clocks)  # type: ignore[arg-type]

    monkeypatch.setattr(pg_store, "_set_turn_timers", stopped_midway)
    try:
        with pytest.raises(DatabaseUnavailable):
            await tables.play.move(record.id, user, action, since=since)
    finally:
        await asyncio.to_thread(server.resume)
    monkeypatch.undo()
    assert await pg_store.get_game(record.id) == record
    assert await pg_store.log(record.id) == log
    assert await pg_store.turn_timers(record.id) == timers
    moved = await tables.play.move(record.id, user, action, since=since)
    assert moved.record.version == record.version + 1


async def test_a_connection_lost_during_the_commit_tells_the_member_to_look_at_the_board(
    server: PostgresServer, pg_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The connection of a move's transaction is cut while it commits: the bot cannot know
    whether the move was saved, so the member is not told that nothing changed but to look at
    the board; the game is consistent either way, and trying the move again is safe (done
    once: here the server had rolled it back, so the second try makes it)."""
    tables = TableService(pg_store)
    record = await members_game(tables, 1)
    move = member_move(record, random.Random(3))
    assert move is not None
    _seat, user, action, since = move
    backend: Any = pg_store.backend
    commit = backend._commit

    async def cut_at_commit(conn: Any) -> None:
        admin = await asyncpg.connect(server.url)
        try:  # waits until the server process of `conn` has gone
            assert await admin.fetchval(
                "SELECT pg_terminate_backend($1, 5000)", conn.get_server_pid()
            )
        finally:
            await admin.close()
        await commit(conn)

    monkeypatch.setattr(backend, "_commit", cut_at_commit)
    with pytest.raises(OutcomeUnknown) as raised:
        await tables.play.move(record.id, user, action, since=since)
    monkeypatch.undo()
    told = failure_text(raised.value, "en")
    assert told == t("error.database_outcome_unknown") and "nothing was changed" not in told
    await assert_consistent(pg_store, record.id)
    assert await pg_store.get_game(record.id) == record
    moved = await tables.play.move(record.id, user, action, since=since)
    assert moved.record.version == record.version + 1
