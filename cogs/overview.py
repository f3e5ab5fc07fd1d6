"""`/games`: the server's active games at a glance, whose turn it is and since when (the texts:
`interface.summaries`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from interface.access import can_view
from interface.replies import tables, user_locale
from interface.summaries import overview_text

Interaction = discord.Interaction[Any]


class Overview(commands.Cog):
    """`/games`."""

    @app_commands.command(
        name="games", description="The games in this server: whose turn it is and since when."
    )
    @app_commands.guild_only()
    async def games(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        summaries = [  # only games in channels the member may view
            summary
            for summary in await tables(interaction).overview.server(interaction.guild_id)
            if can_view(interaction, summary.record.channel_id)
        ]
        await interaction.response.send_message(
            overview_text(summaries, locale),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Overview())
