"""Channel permissions as Discord computes and enforces them: overwrites hide a channel from a
role or a member, the bot's own requests are refused (50001 Missing Access, 50013 Missing
Permissions) where it lacks a permission, and a kicked or banned member is no member."""

from __future__ import annotations

import discord
import pytest

from fakediscord import permissions as perms

from .conftest import Table


async def test_an_overwrite_denies_what_the_guild_allows_and_a_member_overwrite_wins(
    table: Table,
) -> None:
    guild, chan, alice, bob = table.guild, table.chan, table.alice, table.bob
    staff = guild.add_role("staff")
    guild.grant(bob, staff)
    chan.hide_from(guild.everyone)
    chan.set_overwrite(staff, allow=perms.VIEW_CHANNEL)
    assert not guild.permissions_in(chan, alice) & perms.VIEW_CHANNEL
    assert guild.permissions_in(chan, bob) & perms.VIEW_CHANNEL
    chan.set_overwrite(bob, deny=perms.VIEW_CHANNEL)  # the member's own overwrite comes last
    assert not guild.permissions_in(chan, bob) & perms.VIEW_CHANNEL
    thread = chan.add_thread("t")  # a thread takes its parent's overwrites
    assert not guild.permissions_in(thread, alice) & perms.VIEW_CHANNEL
    assert guild.permissions_in(chan, table.fake.owner) == perms.ALL


async def test_the_bot_reads_the_overwrites_from_the_gateway(table: Table) -> None:
    table.chan.set_overwrite(table.guild.everyone, deny=perms.ATTACH_FILES)
    await table.fake.wait_for(
        lambda: table.bot.get_channel(table.chan.id).overwrites != {}, timeout=5
    )
    channel = table.bot.get_channel(table.chan.id)
    me = channel.guild.me
    assert not channel.permissions_for(me).attach_files
    assert channel.permissions_for(me).send_messages


async def test_the_bot_is_refused_where_it_lacks_a_permission(table: Table) -> None:
    guild, chan = table.guild, table.chan
    channel = table.bot.get_channel(chan.id)
    bot_role = guild.bot_role

    chan.set_overwrite(bot_role, deny=perms.ATTACH_FILES)
    await channel.send("words go")
    with pytest.raises(discord.Forbidden) as caught:
        await channel.send("a file", file=discord.File(__file__, "f.txt"))
    assert caught.value.code == 50013

    chan.set_overwrite(bot_role, deny=perms.SEND_MESSAGES)
    with pytest.raises(discord.Forbidden) as caught:
        await channel.send("words")
    assert caught.value.code == 50013

    chan.set_overwrite(bot_role, deny=perms.VIEW_CHANNEL)
    with pytest.raises(discord.Forbidden) as caught:
        await channel.send("words")
    assert caught.value.code == 50001
    assert [m.content for m in chan.messages()] == ["words go"]


async def test_a_kicked_or_banned_member_is_no_member(table: Table) -> None:
    guild = table.guild
    await table.bot.http.get_member(guild.id, table.alice.id)
    guild.kick(table.alice)
    guild.ban(table.bob)
    for user in (table.alice, table.bob):
        with pytest.raises(discord.NotFound) as caught:
            await table.bot.http.get_member(guild.id, user.id)
        assert caught.value.code == 10007
    assert table.bob.id in guild.bans
    channel = table.bot.get_channel(table.chan.id)
    await channel.send("after the kick")
    assert not table.alice.visible_messages()
