"""Slash commands for playing: `/hand` and `/move` (every button's move, typed, with autocomplete
that offers only legal choices). Registers the persistent components and installs the handlers
of their presses."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from i18n import t
from interface.components import ALL_ITEMS, install
from interface.host import host
from interface.move_entries import StaleEntry, chosen_action, suggestions
from interface.play_actions import act, send_hand
from interface.press_handlers import PRESS_HANDLERS
from interface.replies import channel_game_or_reply, reply, user_locale
from service.errors import TableError

Interaction = discord.Interaction[Any]


def legal_entries(record: Any, seat: int, typed: str, locale: str | None) -> list[tuple[str, str]]:
    """(label, value) of the seat's `/move` suggestions for what was typed
    (`interface.move_entries`)."""
    return suggestions(record, seat, typed, locale)


class Play(commands.Cog):
    """`/hand` and `/move`."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="hand", description="Show your hand in this channel's game (only you see it)."
    )
    async def hand(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        record = await channel_game_or_reply(interaction)
        if record is None:
            return
        if record.status != "running" or record.seat_of(interaction.user.id) is None:
            key = "error.not_running" if record.status != "running" else "error.not_seated"
            await reply(interaction, TableError(key).message(locale))
            return
        await send_hand(interaction, record)

    @app_commands.command(
        name="move",
        description="Make a move in this channel's game; start typing to see your legal moves.",
    )
    @app_commands.describe(action="Your move: pick one of the suggestions.")
    async def move(self, interaction: Interaction, action: str) -> None:
        locale = user_locale(interaction)
        record = await channel_game_or_reply(interaction)
        if record is None:
            return
        seat = record.seat_of(interaction.user.id)
        if record.status != "running" or seat is None:
            key = "error.not_running" if record.status != "running" else "error.not_seated"
            await reply(interaction, TableError(key).message(locale))
            return
        try:
            chosen = chosen_action(record, seat, action, locale)
        except StaleEntry:
            await reply(interaction, t("move.stale_entry", locale))
            return
        await act(interaction, record, chosen, None)

    @move.autocomplete("action")
    async def move_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        record = await host(interaction).store.active_game(interaction.channel_id or 0)
        if record is None or record.status != "running":
            return []
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            return []
        entries = legal_entries(record, seat, current, user_locale(interaction))
        return [app_commands.Choice(name=label, value=value) for label, value in entries]


async def setup(bot: commands.Bot) -> None:
    install(PRESS_HANDLERS)
    bot.add_dynamic_items(*ALL_ITEMS)
    await bot.add_cog(Play(bot))
