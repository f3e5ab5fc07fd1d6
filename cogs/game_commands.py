"""The `/game` subcommands the games declare (`games.SeatPictureCommand`, e.g. New York's
`/game city [player]`): one player's picture, drawn from the public view, only the caller sees
it. Added to the `/game` group of `cogs.lobby` (load this extension after it). In a channel whose
game does not declare the command, the answer says there is no such picture.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from games import SeatPictureCommand, entry, rules_of, seat_picture_commands
from i18n import t
from interface.attachments import png_file
from interface.replies import channel_game_or_reply, reply, user_locale

Interaction = discord.Interaction[Any]


async def show_seat_picture(
    interaction: Interaction, name: str, player: discord.Member | None
) -> None:
    """Answer `/game <name>` with the picture of `player` (default: the caller) in this
    channel's game, drawn by the command that game declares under `name`."""
    locale = user_locale(interaction)
    record = await channel_game_or_reply(interaction)
    if record is None:
        return
    described = seat_picture_commands()[name]
    declared = {c.name: c for c in entry(record.game).commands}.get(name)
    if declared is None or record.state is None:
        await reply(interaction, t(described.absent_key, locale))
        return
    target = player or interaction.user
    seat = record.seat_of(target.id)
    if seat is None:
        await reply(interaction, t(declared.not_playing_key, locale, name=target.display_name))
        return
    names = record.names()
    public = rules_of(record.game).view(record.state, None)
    file = await png_file(partial(declared.draw, public, seat, names, locale), declared.filename)
    await interaction.response.send_message(
        t(declared.title_key, locale, name=names[seat]),
        file=file,
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


def seat_picture_command(spec: SeatPictureCommand) -> app_commands.Command[Any, Any, None]:
    """The slash command of one declared seat picture: `/game <name> [player]`."""

    async def callback(interaction: Interaction, player: discord.Member | None = None) -> None:
        await show_seat_picture(interaction, spec.name, player)

    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name=spec.name, description=spec.description, callback=callback
    )
    return app_commands.describe(player=spec.player_description)(command)


async def setup(bot: commands.Bot) -> None:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        return
    for spec in seat_picture_commands().values():
        if group.get_command(spec.name) is None:
            group.add_command(seat_picture_command(spec))
