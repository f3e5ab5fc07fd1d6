"""The in-process way into the loopback Discord: the same world, validation and error table."""

from __future__ import annotations

import io

import discord
import pytest

from db.store import Store
from fakediscord.errors import unknown_channel
from fakediscord.inprocess import FakeBot, FakeInteraction, message_with


@pytest.fixture
def bot(store: Store) -> FakeBot:
    return FakeBot(store)


async def test_sent_messages_are_stored_in_the_loopback_world(bot: FakeBot) -> None:
    picture = discord.File(io.BytesIO(b"\x89PNG\r\n\x1a\n" + bytes(16)), filename="board.png")
    sent = await bot.get_partial_messageable(5).send("hello", files=[picture])
    stored = bot.discord.fake.world.messages[sent.id]
    assert stored.channel.id == 5 and stored.content == "hello"
    assert [a.filename for a in stored.attachments] == ["board.png"]
    await bot.get_partial_messageable(5).get_partial_message(sent.id).edit(content="bye")
    assert stored.content == "bye" and stored.revisions[0]["content"] == "hello"
    assert [s.op for s in bot.in_channel(5)] == ["send", "edit"]


async def test_dms_go_to_the_users_dm_channel_in_the_world(bot: FakeBot) -> None:
    opened = await bot.http.start_private_message(42)
    await bot.get_partial_messageable(int(opened["id"])).send("psst")
    user = bot.discord.fake.world.users[42]
    assert [m.content for m in user.dms()] == ["psst"] and bot.dm_id(42) == int(opened["id"])


async def test_closed_dms_and_missing_messages_raise_discordpy_errors(bot: FakeBot) -> None:
    bot.discord.user(42).dms_closed = True
    with pytest.raises(discord.Forbidden) as closed:
        await bot.get_partial_messageable(bot.dm_id(42)).send("psst")
    assert closed.value.code == 50007
    with pytest.raises(discord.NotFound) as missing:
        await bot.get_partial_messageable(5).get_partial_message(123).edit(content="x")
    assert missing.value.code == 10008


async def test_injected_faults_come_from_the_error_table(bot: FakeBot) -> None:
    bot.fail("send", unknown_channel, channel_id=5, times=1)
    with pytest.raises(discord.NotFound) as gone:
        await bot.get_partial_messageable(5).send("x")
    assert (gone.value.status, gone.value.code, gone.value.text) == (404, 10003, "Unknown Channel")
    assert await bot.get_partial_messageable(5).send("x")


async def test_a_body_discord_refuses_is_a_400_and_a_recorded_failure(bot: FakeBot) -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="a", custom_id="twice"))
    view.add_item(discord.ui.Button(label="b", custom_id="twice"))
    with pytest.raises(discord.HTTPException) as refused:
        await bot.get_partial_messageable(5).send("x", view=view)
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert bot.discord.fake.take_failures()


async def test_pressed_messages_carry_the_views_components_back(bot: FakeBot) -> None:
    view = discord.ui.View()
    options = [discord.SelectOption(label=str(n), value=str(n)) for n in (1, 2)]
    view.add_item(discord.ui.Select(custom_id="pick", options=options, max_values=2))
    (row,) = message_with(bot, view, {2}).components
    assert [o.default for o in row.children[0].options] == [False, True]  # type: ignore[attr-defined]


async def test_an_initial_response_is_stored_and_read_back(bot: FakeBot) -> None:
    press = FakeInteraction(bot, 7, guild_id=1, channel_id=5)
    await press.response.send_message("lobby")
    message = await press.original_response()
    assert bot.discord.fake.world.messages[message.id].content == "lobby"
    hidden = FakeInteraction(bot, 7, guild_id=1, channel_id=5)
    await hidden.response.send_message("only you", ephemeral=True)
    assert [m.content for m in bot.discord.user(7).ephemerals()] == ["only you"]
