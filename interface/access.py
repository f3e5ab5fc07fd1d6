"""Who may do what in Discord, as the guild's roles and the channels' permission overwrites
say (discord.py computes them from its cache and the interaction): whether a member may view
a channel, what the bot itself lacks to run a game in a channel, and whether a user is still a
member of a server."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec

import discord

from i18n import t
from interface.failures import DISCORD_FAILURES
from interface.host import Host, host
from interface.replies import reply, user_locale

log = logging.getLogger("tavolo.access")
Interaction = discord.Interaction[Any]
P = ParamSpec("P")

NEEDED: tuple[tuple[str, str], ...] = (
    ("view_channel", "permission.view_channel"),
    ("send_messages", "permission.send_messages"),
    ("send_messages_in_threads", "permission.send_messages_in_threads"),
    ("embed_links", "permission.embed_links"),
    ("attach_files", "permission.attach_files"),
    ("read_message_history", "permission.read_message_history"),
)
"""What the bot needs in a game's channel (its attribute on `discord.Permissions`, the key of
its name for players); `send_messages_in_threads` only in a thread, `send_messages` only
outside one."""


def can_view(interaction: Interaction, channel_id: int) -> bool:
    """Whether the member behind a guild interaction may view channel (or thread)
    `channel_id`, from the guild's roles and the channel's overwrites. A channel the bot does
    not know (deleted, or a thread it never saw) counts as not viewable."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    if interaction.channel_id == channel_id:
        return bool(interaction.permissions.view_channel)
    channel = guild.get_channel_or_thread(channel_id)
    if channel is None:
        return False
    return bool(channel.permissions_for(member).view_channel)


def missing_for_game(interaction: Interaction) -> list[str]:
    """The keys of the permissions the bot lacks in the interaction's channel to run a game
    there (`NEEDED`), from the interaction's `app_permissions`; empty when it has them all."""
    have = interaction.app_permissions
    thread = isinstance(interaction.channel, discord.Thread) or (
        interaction.channel is not None
        and getattr(interaction.channel, "type", None)
        in (discord.ChannelType.public_thread, discord.ChannelType.private_thread)
    )
    skip = "send_messages" if thread else "send_messages_in_threads"
    return [key for name, key in NEEDED if name != skip and not getattr(have, name)]


async def is_member(bot: Host, guild_id: int | None, user_id: int) -> bool | None:
    """Whether `user_id` is (still) a member of server `guild_id`, asked of Discord (the bot
    has no members intent, so its cache does not learn of kicks and bans). True for a game
    outside any server; None when Discord could not be asked (the caller refuses and nothing
    changes: the player may press again)."""
    if guild_id is None:
        return True
    try:
        await bot.http.get_member(guild_id, user_id)
    except discord.NotFound:
        return False
    except DISCORD_FAILURES:
        log.warning("could not check a membership of server %s", guild_id)
        return None
    return True


def members_only(
    handler: Callable[Concatenate[Interaction, int, P], Awaitable[None]],
) -> Callable[Concatenate[Interaction, int, P], Coroutine[Any, Any, None]]:
    """Wrap a press handler (interaction, game id, ...) so that a press from a DM, where no
    server check runs, comes from a member still in the game's server: a kicked or banned
    member (or one who left the server) is told so privately and nothing changes. Presses in a
    server channel are the server's own members' (Discord checks them) and pass at once."""

    async def run(interaction: Interaction, game_id: int, /, *args: P.args, **kw: P.kwargs) -> None:
        if interaction.guild_id is None:
            bot = host(interaction)
            record = await bot.store.get_game(game_id)
            if record is not None:
                member = await is_member(bot, record.guild_id, interaction.user.id)
                if not member:
                    key = "error.not_a_member" if member is False else "error.membership_unknown"
                    await reply(interaction, t(key, user_locale(interaction)))
                    return
        await handler(interaction, game_id, *args, **kw)

    return run
