"""A channel where the bot may no longer post (issue 16, point 7): the game does not play
itself out silently. Its clocks stop (no reminder, no deadline move for a board nobody could
see), its players are told privately, once, and when a post goes through again the board is
shown and the clocks start afresh."""

from __future__ import annotations

import random

import pytest

from db.store import Store
from fakediscord.errors import missing_access, missing_permissions
from fakediscord.inprocess import FakeBot
from interface.delivery import BLOCKED_FLAG, deliver_change, deliver_everything
from service.tables import TableService
from service.timing import Clock, Timing
from tests.helpers.clock import FakeClock
from tests.reliability.driving import member_move, seated_step

pytestmark = pytest.mark.usefixtures("no_pictures")


@pytest.fixture
def table_clock(clock: FakeClock) -> Clock:
    return clock


def notices(bot: FakeBot) -> list:
    """The DMs telling a player that the bot cannot post in their game's channel."""
    return [s for s in bot.sent if s.message and "can no longer post" in s.message.content]


@pytest.mark.parametrize("refusal", [missing_permissions, missing_access])
async def test_a_channel_the_bot_cannot_post_in_stops_the_clocks_and_tells_the_players(
    refusal, tables: TableService, store: Store, bot: FakeBot, clock: FakeClock
) -> None:
    members = [100, 101, 102]
    start = await seated_step(tables, "nycards", 1, members)
    record = start.record
    await tables.deadlines.configure(record.id, 100, manager=True, deadline_hours=24)
    await deliver_change(bot, start)
    bot.fail("send", refusal, channel_id=1)
    bot.fail("edit", refusal, channel_id=1)
    move = member_move(await tables.game(record.id), random.Random(1))
    assert move is not None
    _, user, action, since = move
    change = await tables.play.move(record.id, user, action, since=since)
    await deliver_change(bot, change)

    blocked = await tables.game(record.id)
    assert Timing.of(blocked.timing).blocked
    assert await store.pending(record.id, blocked.version), "kept until it can be shown"
    told = [
        s for s in bot.sent if s.message is not None and "can no longer post" in s.message.content
    ]
    assert {bot.dm_id(u) for u in members} <= {s.message.channel.id for s in told}
    for user_id in members:
        assert await store.has_flag(record.id, BLOCKED_FLAG, user_id)

    clock.advance(hours=30)  # past the deadline: nothing moves while nobody can see the board
    tick = await tables.deadlines.tick()
    assert tick.changes == [] and tick.reminders == []
    assert (await tables.game(record.id)).version == blocked.version

    await deliver_everything(bot)  # still refused: still told only once
    told_again = [
        s for s in bot.sent if s.message is not None and "can no longer post" in s.message.content
    ]
    assert len(told_again) == len(told)

    bot.heal()  # the permission is given back
    await deliver_everything(bot)
    healed = await tables.game(record.id)
    assert not Timing.of(healed.timing).blocked
    assert not await store.pending(record.id, healed.version)
    clock.advance(hours=23)  # the clock started afresh when the board could be shown
    assert (await tables.deadlines.tick()).changes == []
    clock.advance(hours=2)
    assert (await tables.deadlines.tick()).changes != []
