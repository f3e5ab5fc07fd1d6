"""`/settings`: a player's own settings, kept per user across games and servers."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from i18n import t
from interface.languages import member_language_choices
from interface.replies import reply, tables, user_locale
from service.errors import TableError
from service.timing import NOTICES

Interaction = discord.Interaction[Any]

NOTICE_CHOICES = [app_commands.Choice(name=t(f"settings.notice.{n}"), value=n) for n in NOTICES]


class PlayerSettings(commands.Cog):
    """`/settings`."""

    @app_commands.command(
        name="settings",
        description="Your settings: how you hear that it is your turn (only you see it).",
    )
    @app_commands.describe(
        notice="How to tell you it is your turn: a mention in the channel, a DM, or both.",
        language="The language of your private answers and DMs (default: your Discord language).",
    )
    @app_commands.choices(notice=NOTICE_CHOICES, language=member_language_choices())
    async def settings(
        self,
        interaction: Interaction,
        notice: app_commands.Choice[str] | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        locale = user_locale(interaction)
        notices = tables(interaction).notices
        user = interaction.user.id
        try:
            if notice is not None:
                await notices.choose(user, notice.value)
        except TableError as err:
            await reply(interaction, err.message(locale))
            return
        current = (await notices.of([user]))[user]
        key = "settings.saved" if notice is not None else "settings.current"
        await reply(interaction, t(key, locale, notice=t(f"settings.notice.{current}", locale)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayerSettings())
