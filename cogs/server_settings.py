"""`/server`: a server's own Tavolo settings, changed by its managers (the default language of
new games)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from i18n import t
from interface.languages import NATIVE_NAMES, language_choices
from interface.replies import is_manager, reply, tables, user_locale

Interaction = discord.Interaction[Any]


class ServerSettings(commands.Cog):
    """`/server`."""

    @app_commands.command(
        name="server",
        description="This server's Tavolo settings: the language of new games (server managers).",
    )
    @app_commands.describe(language="The default language of new games in this server.")
    @app_commands.choices(language=language_choices())
    @app_commands.guild_only()
    async def server(
        self, interaction: Interaction, language: app_commands.Choice[str] | None = None
    ) -> None:
        locale = user_locale(interaction)
        guild = interaction.guild_id or 0  # guild_only: Discord offers it in servers only
        settings = tables(interaction).store
        if language is not None:
            if not is_manager(interaction):
                await reply(interaction, t("server.managers_only", locale))
                return
            await settings.set_guild_language(guild, language.value)
        chosen = await settings.guild_language(guild)
        key = "server.language_saved" if language is not None else "server.language_current"
        shown = NATIVE_NAMES[chosen] if chosen else t("server.language_discord", locale)
        await reply(interaction, t(key, locale, language=shown))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ServerSettings())
