"""Boards in version order (issue 16, point 8): two moves that land together each finish their
request and deliver; the channel must end with the newest state, never an older board over a
newer one, and steps queued meanwhile are shown as one (the newest)."""

from __future__ import annotations

import asyncio
import random

import pytest

from db.store import Store
from fakediscord.inprocess import FakeBot
from interface.delivery import deliver_change
from interface.messages import status_line
from service.tables import TableService
from tests.reliability.driving import member_move, seated_step

pytestmark = [pytest.mark.usefixtures("no_pictures"), pytest.mark.both_backends]


async def test_two_moves_landing_together_leave_the_newest_board_last(
    tables: TableService, store: Store, bot: FakeBot
) -> None:
    """Money's bids are simultaneous: two members bid at once, both saved before either is
    delivered; delivered in the opposite order, the live board still shows the newest state
    (the older request finds nothing left to deliver)."""
    start = await seated_step(tables, "money", 1, [100, 101, 102], options={"hands": "1"})
    await deliver_change(bot, start)
    rng = random.Random(2)
    record = start.record
    first_move = member_move(record, rng)
    assert first_move is not None
    seat, user, action, since = first_move
    first = await tables.play.move(record.id, user, action, since=since)
    second_move = member_move(first.record, rng)
    assert second_move is not None and second_move[0] != seat
    seat2, user2, action2, since2 = second_move
    second = await tables.play.move(record.id, user2, action2, since=since2)
    await asyncio.gather(deliver_change(bot, second), deliver_change(bot, first))

    newest = await tables.game(record.id)
    where = await store.get_message(record.id, "board")
    assert where is not None
    board = bot.discord.fake.world.messages[where[1]]
    assert board.content.endswith(status_line(newest, "en")), board.content
    waiting_mentions = [f"<@{record.seats[s].user_id}>" for s in (seat, seat2)]
    assert not any(m in board.content.splitlines()[-1] for m in waiting_mentions)
    assert not await store.pending(record.id, newest.version)
    channel_calls = bot.in_channel(1)
    last = channel_calls[-1].message
    assert last is not None and last.id == where[1], "the newest board is the last word"
