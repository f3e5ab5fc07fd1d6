"""`/rules <game>`: a short summary of a game's rules and of how to play it here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.lobby import GAME_CHOICES
from games import presentation, rules_of
from i18n import t
from interface.replies import user_locale


class RulesInfo(commands.Cog):
    """`/rules`."""

    @app_commands.command(
        name="rules", description="How to play a game, in short (only you see it)."
    )
    @app_commands.describe(game="Which game.")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(
        self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]
    ) -> None:
        locale = user_locale(interaction)
        info = rules_of(game.value).info
        embed = discord.Embed(title=t(info.name_key, locale), colour=discord.Colour.dark_green())
        embed.description = presentation(game.value).rules_text(locale)[:4000]
        embed.set_footer(text=t("rules.footer", locale, min=info.min_players, max=info.max_players))
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesInfo())
