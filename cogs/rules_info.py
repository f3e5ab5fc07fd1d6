"""`/rules <game>`: a short summary of a game's rules and of how to play it here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from games import RULES, presentation
from i18n import t
from interface.game_choices import game_choices, resolve_game, shown_as_typed
from interface.replies import reply, user_locale


class RulesInfo(commands.Cog):
    """`/rules`."""

    @app_commands.command(
        name="rules", description="How to play a game, in short (only you see it)."
    )
    @app_commands.describe(game="Which game.")
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        locale = user_locale(interaction)
        game_id = resolve_game(game, locale)
        if game_id is None:
            await reply(interaction, t("error.unknown_game", locale, game=shown_as_typed(game)))
            return
        info = RULES[game_id].info
        embed = discord.Embed(title=t(info.name_key, locale), colour=discord.Colour.dark_green())
        embed.description = presentation(game_id).rules_text(locale)[:4000]
        embed.set_footer(text=t("rules.footer", locale, min=info.min_players, max=info.max_players))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(current, user_locale(interaction))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesInfo())
