"""`/game city [player]`: one player's city, drawn from the public view (only you see it).

Added to the `/game` group of `cogs.lobby` (load this extension after it). Works for games
whose UI offers `city_image(public_view, seat, names, locale)`; others get a short answer.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import png_file, reply, tables, user_locale
from cogs.ui import ui_for
from i18n import t
from rules.registry import get_game
from service.errors import TableError


@app_commands.command(name="city", description="Show a player's city (only you see it).")
@app_commands.describe(player="Whose city; leave empty for your own.")
async def city(interaction: discord.Interaction[Any], player: discord.Member | None = None) -> None:
    """Answer with the city picture of `player` (default: the caller) in this channel's game."""
    locale = user_locale(interaction)
    try:
        record = await tables(interaction).channel_game(interaction.channel_id or 0)
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    draw = getattr(ui_for(record.game), "city_image", None)
    if draw is None or record.state is None:
        await reply(interaction, t("newyork.city.none", locale))
        return
    target = player or interaction.user
    seat = record.seat_of(target.id)
    if seat is None:
        await reply(interaction, t("newyork.city.not_playing", locale, name=target.display_name))
        return
    names = record.names()
    public = get_game(record.game).view(record.state, None)
    file = await png_file(partial(draw, public, seat, names, locale), "city.png")
    await interaction.response.send_message(
        t("newyork.city.title", locale, name=names[seat]),
        file=file,
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def setup(bot: commands.Bot) -> None:
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group) and group.get_command("city") is None:
        group.add_command(city)
