"""Small helpers shared by the cogs: locales, ephemeral replies, PNG attachments."""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import datetime
from typing import TYPE_CHECKING

import discord
from PIL.Image import Image

from render.png import encode

if TYPE_CHECKING:
    from bot import TavoloBot
    from service.tables import Tables

log = logging.getLogger("tavolo.cogs")


def user_locale(interaction: discord.Interaction) -> str:
    """The clicking user's language (for ephemeral replies)."""
    return str(interaction.locale) if interaction.locale else "en"


def channel_locale(bot: TavoloBot, interaction: discord.Interaction | None = None) -> str:
    """The language of public channel messages: the server's, else the configured default."""
    if interaction is not None and interaction.guild_locale:
        return str(interaction.guild_locale)
    return bot.settings.locale


def guild_locale(bot: TavoloBot, guild_id: int | None) -> str:
    """The language of a server's channel messages when no interaction carries it (timers)."""
    guild = bot.get_guild(guild_id) if guild_id is not None else None
    if guild is not None and guild.preferred_locale:
        return str(guild.preferred_locale)
    return bot.settings.locale


def relative_time(moment: datetime) -> str:
    """A Discord timestamp each reader sees in their own words, e.g. "3 hours ago"."""
    return f"<t:{int(moment.timestamp())}:R>"


def tables(interaction: discord.Interaction) -> Tables:
    """The table service of the bot that received the interaction."""
    return interaction.client.tables  # type: ignore[attr-defined]


async def png_file(image: Image, filename: str) -> discord.File:
    """Encode a picture off the event loop and wrap it as an attachment."""
    data = await asyncio.to_thread(encode, image)
    return discord.File(io.BytesIO(data), filename=filename)


async def reply(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, as the first response or as a follow-up if one was already sent."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not send an ephemeral reply (interaction %s)", interaction.id)


def is_manager(interaction: discord.Interaction) -> bool:
    """Whether the member may manage the server (abort, pause, replace, timing settings)."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)
