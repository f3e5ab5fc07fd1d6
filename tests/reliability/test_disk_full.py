"""A full disk, for every registered game: SQLite's real `database or disk is full`, brought
about by capping the store's database at its present size (`PRAGMA max_page_count`) and playing
until a save needs one more page.

The failed save changes nothing and raises that error itself (not a failed rollback after
it); the player pressing the move is told clearly, privately, and nothing is posted; other
games are still served; once there is room again the same press plays.
"""

from __future__ import annotations

import random
import sqlite3

import pytest

from cogs.play import Play
from db.records import GameRecord
from db.store import Store
from fakediscord.inprocess import FakeBot, FakeInteraction
from games import rules_of
from i18n import t
from interface.play_actions import press_move, show_hand
from service.tables import TableService
from tests.reliability.driving import GAME_IDS, assert_consistent, member_move, seated_game

INTERNAL = t("error.internal")


async def pragma(store: Store, sql: str) -> int:
    async with store._conn.execute(sql) as cur:
        row = await cur.fetchone()
    assert row is not None
    return row[0]


async def play_until_full(
    tables: TableService, record: GameRecord, rng: random.Random
) -> tuple[GameRecord, tuple[int, int, str, int]]:
    """Play `record` through the service until a save fails for want of room: the game as it
    was then, and the (seat, user, action, since) that could not be saved."""
    for _ in range(2_000):
        move = member_move(record, rng)
        assert move is not None, "the game ended before the database was full"
        _, user, action, since = move
        try:
            record = (await tables.play.move(record.id, user, action, since=since)).record
        except sqlite3.OperationalError as exc:
            assert str(exc) == "database or disk is full", f"not the first error: {exc!r}"
            return record, move
    raise AssertionError("the database never filled up")


pytestmark = pytest.mark.usefixtures("no_pictures")


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_full_disk(game_id: str, tables: TableService, store: Store, bot: FakeBot) -> None:
    info = rules_of(game_id).info
    members = [[100 * ch + k for k in range(info.min_players)] for ch in (1, 2)]
    a = await seated_game(tables, game_id, 1, members[0], options=info.default_options())
    b = await seated_game(tables, game_id, 2, members[1])
    unlimited = await pragma(store, "PRAGMA max_page_count")
    await pragma(store, f"PRAGMA max_page_count = {await pragma(store, 'PRAGMA page_count')}")
    a, (seat, user, action, since) = await play_until_full(tables, a, random.Random(3))
    assert await assert_consistent(store, a.id) == a, "the failed save changed the game"

    # The player is told, privately and clearly; nothing changes and nothing is posted.
    sent = len(bot.sent)
    press = FakeInteraction(bot, user, guild_id=1, channel_id=1)
    await press_move(press, a.id, seat, since, action)
    typed = FakeInteraction(bot, user, guild_id=1, channel_id=1, command=True)
    await Play.move.callback(Play(bot), typed, action=action)  # type: ignore[arg-type]
    assert press.refusal == INTERNAL and typed.refusal == INTERNAL
    assert await tables.game(a.id) == a and len(bot.sent) == sent

    # Other games are served meanwhile: a hand is shown, a move is answered.
    look = FakeInteraction(bot, members[1][0], guild_id=1, channel_id=2)
    await show_hand(look, b.id)
    assert look.answers[0].ephemeral and look.answers[0].kwargs.get("files")
    move = member_move(b, random.Random(4))
    assert move is not None
    other = FakeInteraction(bot, move[1], guild_id=1, channel_id=2)
    await press_move(other, b.id, move[0], move[3], move[2])
    assert [x.how for x in other.answers] == ["defer"] or other.refusal == INTERNAL
    await assert_consistent(store, b.id)

    # Room again: the same press plays, and the board is posted.
    await pragma(store, f"PRAGMA max_page_count = {unlimited}")
    posted = len(bot.in_channel(1))
    again = FakeInteraction(bot, user, guild_id=1, channel_id=1)
    await press_move(again, a.id, seat, since, action)
    assert [x.how for x in again.answers] == ["defer"]
    assert (await assert_consistent(store, a.id)).version > a.version
    assert len(bot.in_channel(1)) > posted
