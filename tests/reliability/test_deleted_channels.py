"""A deleted game channel or thread ends its game cleanly, for every registered game: the game is
aborted through the table service (`TableService.channel_gone`), whichever way the bot learns of it:

- Discord tells it (`on_guild_channel_delete`, with the threads it had; `on_raw_thread_delete`);
- posting a board answers 404 Unknown Channel (10003);
- sending a turn reminder answers the same.

Other channels' games go on, and a late button of the ended game answers clearly.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from bot import EXTENSIONS
from cogs.channel_watch import ChannelWatch
from cogs.timers import TimerLoop
from db.records import GameRecord
from db.store import Store
from fakediscord.errors import unknown_channel
from fakediscord.inprocess import FakeBot, FakeInteraction
from i18n import t
from interface.play_actions import press_move
from service.tables import TableService
from tests.helpers.clock import FakeClock
from tests.reliability.driving import GAME_IDS, assert_consistent
from tests.reliability.test_faults import members_game, press_genuine

pytestmark = pytest.mark.usefixtures("no_pictures")


async def assert_ended(store: Store, record: GameRecord, bot: FakeBot) -> None:
    """Aborted, consistent, and a late button of it is refused clearly."""
    ended = await assert_consistent(store, record.id)
    assert ended.status == "aborted", ended.status
    assert await store.turn_timers(record.id) == []
    if record.status != "running":
        return
    seat = sorted(record.waiting)[0]
    user = record.seats[seat].user_id
    assert user is not None
    late = FakeInteraction(bot, user, guild_id=1, channel_id=record.channel_id)
    await press_move(late, record.id, seat, record.waiting[seat], "pass")
    assert late.refusal in (t("error.not_running"), t("error.stale"))


# ------------------------------------------------------------------ the service


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_the_service_ends_the_game_of_a_channel_that_is_gone(
    game_id: str, tables: TableService, store: Store, bot: FakeBot
) -> None:
    running = await members_game(tables, game_id, 1)
    other = await members_game(tables, game_id, 2)
    lobby = await tables.lobby.open(
        guild_id=1, channel_id=3, game_id=game_id, host_id=300, host_name="Host"
    )
    ended = await tables.lobby.channel_gone(1)
    assert ended is not None and ended.id == running.id and ended.version == running.version + 1
    await assert_ended(store, running, bot)
    assert (await tables.lobby.channel_gone(3)).id == lobby.id
    await assert_ended(store, lobby, bot)
    assert await tables.lobby.channel_gone(1) is None, "nothing left to end"
    assert await tables.lobby.channel_gone(99) is None
    assert await tables.game(other.id) == other


# ------------------------------------------------------------------ Discord tells the bot


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_deleting_a_channel_or_thread_ends_its_game(
    game_id: str, tables: TableService, store: Store, bot: FakeBot
) -> None:
    games = {ch: await members_game(tables, game_id, ch) for ch in (1, 2, 3, 4)}
    watch = ChannelWatch(bot)  # type: ignore[arg-type]
    # Channel 1 is deleted with its thread 2 (a thread's channel id is its own id).
    await watch.on_guild_channel_delete(SimpleNamespace(id=1, threads=[SimpleNamespace(id=2)]))
    await watch.on_raw_thread_delete(SimpleNamespace(thread_id=3))  # type: ignore[arg-type]
    for ch in (1, 2, 3):
        await assert_ended(store, games[ch], bot)
    assert (await tables.game(games[4].id)).status == "running"
    press = await press_genuine(bot, games[4], random.Random(1))  # the other game goes on
    assert [a.how for a in press.answers] == ["defer"]
    await watch.on_guild_channel_delete(SimpleNamespace(id=77))  # no game there: nothing


def test_the_listeners_are_loaded_under_discords_event_names() -> None:
    assert "cogs.channel_watch" in EXTENSIONS
    names = {name for name, _ in ChannelWatch(SimpleNamespace()).get_listeners()}  # type: ignore[arg-type]
    assert names == {"on_guild_channel_delete", "on_raw_thread_delete"}


# ------------------------------------------------------------------ Discord answers 10003


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_board_post_to_a_deleted_channel_ends_its_game(
    game_id: str, tables: TableService, store: Store, bot: FakeBot
) -> None:
    game_a = await members_game(tables, game_id, 1)
    game_b = await members_game(tables, game_id, 2)
    bot.fail("send", unknown_channel, channel_id=game_a.channel_id)
    sent = len(bot.sent)
    press = await press_genuine(bot, game_a, random.Random(1))
    assert [a.how for a in press.answers] == ["defer"]  # the move itself was committed
    after = await tables.game(game_a.id)
    await assert_ended(store, after, bot)
    assert len(bot.sent) == sent, "nothing is DMed for a game that has just ended"
    again = await press_genuine(bot, game_b, random.Random(2))  # the other game goes on
    assert [a.how for a in again.answers] == ["defer"]
    assert (await tables.game(game_b.id)).status == "running"


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_reminder_to_a_deleted_channel_ends_its_game(game_id: str, store: Store) -> None:
    clock = FakeClock()
    tables = TableService(store, new_seed=iter(range(7, 99)).__next__, clock=clock)
    bot = FakeBot(store, tables)
    gone = await members_game(tables, game_id, 1)
    kept = await members_game(tables, game_id, 2)
    bot.fail("send", unknown_channel, channel_id=1)
    clock.advance(hours=25)  # past the first reminder (every 24 hours by default)
    tick = await TimerLoop(bot).run_once()  # type: ignore[arg-type]
    assert {r.record.id for r in tick.reminders} == {gone.id, kept.id}
    await assert_ended(store, gone, bot)
    reminded = [s for s in bot.in_channel(2) if s.content and s.content.startswith("⏰")]
    assert reminded and (await tables.game(kept.id)).status == "running"
