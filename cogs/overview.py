"""`/games`: the server's active games at a glance, whose turn it is and since when (the texts:
`interface.summaries`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from interface.access import can_view
from interface.replies import tables, user_locale
from interface.summaries import MAX_LISTED, overview_text

Interaction = discord.Interaction[Any]


class Overview(commands.Cog):
    """`/games`."""

    @app_commands.command(
        name="games", description="The games in this server: whose turn it is and since when."
    )
    @app_commands.guild_only()
    async def games(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        overview = tables(interaction).overview
        assert interaction.guild_id is not None  # guild_only
        listed = [  # only games in channels the member may view
            game_id
            for game_id, channel_id in await overview.channels(interaction.guild_id)
            if can_view(interaction, channel_id)
        ]
        summaries = await overview.summaries(listed[:MAX_LISTED])  # what one answer can show
        await interaction.response.send_message(
            overview_text(summaries, locale, total=len(listed)),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Overview())
