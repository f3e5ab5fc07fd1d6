"""Channel messages, attachments on loopback, DMs, history, edits, deletes, visibility."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from .conftest import Table
from .minibot import tiny_png


async def test_multipart_file_is_stored_and_served_on_loopback(table: Table) -> None:
    await table.alice.slash(table.chan, "game board")
    board = table.chan.messages()[-1]
    (attachment,) = board.attachments
    assert attachment.filename == "board.png" and attachment.content_type == "image/png"
    assert attachment.url.startswith(table.fake.http_base + "/attachments/")
    assert board.embeds[0]["image"]["url"] == attachment.url
    async with aiohttp.ClientSession() as session, session.get(attachment.url) as response:
        assert await response.read() == tiny_png()
    fetched = await table.bot.get_channel(table.chan.id).fetch_message(board.id)
    assert fetched.attachments[0].width == 2 and fetched.embeds[0].title == "Board"


async def test_bot_sends_edits_deletes_and_reads_history(table: Table) -> None:
    channel = table.bot.get_channel(table.chan.id)
    sent = await channel.send(f"hello {table.alice.mention}")
    stored = table.fake.world.messages[sent.id]
    assert stored.pinged == {table.alice.id}
    await sent.edit(content="edited secret")
    await sent.delete()
    assert stored.deleted and stored.content == "edited secret"
    assert [m.id async for m in channel.history(limit=10)] == []
    with pytest.raises(AssertionError, match="bob saw 'hello'"):
        table.fake.assert_never_seen(table.bob, "hello")


async def test_every_create_edit_and_delete_is_logged_in_order_as_it_was(table: Table) -> None:
    channel = table.bot.get_channel(table.chan.id)
    start = len(table.fake.world.log.events)
    sent = await channel.send("first", file=discord.File(__file__, "a.txt"))
    await sent.edit(content="second", attachments=[])
    await sent.delete()
    events = table.fake.world.log.since(start)
    assert [e.kind for e in events] == ["create", "edit", "delete"]
    assert [e.seq for e in events] == [start + 1, start + 2, start + 3]
    assert [e.payload["content"] for e in events] == ["first", "second", "second"]
    assert [[a.filename for a in e.attachments] for e in events] == [["a.txt"], [], []]
    assert all(e.message is table.fake.world.messages[sent.id] for e in events)


async def test_dm_to_open_and_closed_users(table: Table) -> None:
    alice = await table.bot.fetch_user(table.alice.id)
    await alice.send("psst", file=discord.File(__file__, "notes.txt"))
    assert [m.content for m in table.alice.dms()] == ["psst"]
    table.fake.assert_never_seen(table.bob, "notes.txt")
    bob = await table.bot.fetch_user(table.bob.id)
    with pytest.raises(discord.Forbidden) as caught:
        await bob.send("psst")
    assert caught.value.code == 50007


async def test_wait_for_message_sees_later_messages_and_edits(table: Table) -> None:
    channel = table.bot.get_channel(table.chan.id)

    async def later() -> None:
        await asyncio.sleep(0.05)
        message = await channel.send("draft")
        await message.edit(content="final")

    task = asyncio.create_task(later())
    found = await table.fake.wait_for_message(table.chan, lambda m: m.content == "final")
    await task
    assert found.revisions[0]["content"] == "draft"


async def test_synced_commands_round_trip_through_discord_py(table: Table) -> None:
    fetched = await table.bot.tree.fetch_commands(guild=discord.Object(table.guild.id))
    (game,) = fetched
    subs = {o.name: o for o in game.options}
    assert {"new", "deal", "board", "ask"} <= set(subs)
    assert subs["new"].options[0].autocomplete is True


async def test_message_events_reach_a_bot_with_message_intents(table: Table) -> None:
    session = table.fake.gateway.current
    assert session is not None
    session.intents |= 1 << 9  # as if the bot had identified with GUILD_MESSAGES
    channel = table.bot.get_channel(table.chan.id)
    waiting = asyncio.create_task(table.bot.wait_for("message", timeout=5))
    await asyncio.sleep(0)
    sent = await channel.send("echo")
    received = await waiting
    assert received.id == sent.id and received.guild is not None
