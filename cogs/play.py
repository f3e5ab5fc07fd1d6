"""Slash commands for playing: `/hand` and `/move` (every button's move, typed, with autocomplete
that offers only legal choices). Registers the persistent components and installs the handlers
of their presses."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from games import presentation, rules_of
from interface.components import ALL_ITEMS, install
from interface.host import host
from interface.play_actions import act, send_hand
from interface.press_handlers import PRESS_HANDLERS
from interface.replies import channel_game_or_reply, reply, user_locale
from service.errors import TableError

Interaction = discord.Interaction[Any]
_NUMBER = re.compile(r"#?(\d{1,3})")


def legal_entries(record: Any, seat: int, typed: str, locale: str | None) -> list[tuple[str, str]]:
    """(label, action) pairs of the seat's legal choices matching what was typed.

    Complete moves are listed as they are. A pick (e.g. a bid) is built a card at a time: the
    numbers already typed are kept, and each entry adds one more of the remaining items; the
    pick's suggestions that hold every number typed are listed before those.
    """
    game, ui = rules_of(record.game), presentation(record.game)
    own = game.view(record.state, seat)
    names = record.names()
    choices = game.choices(record.state, seat)
    entries = [(ui.move_label(m, own, names, locale), m) for m in choices.moves]
    for pick in choices.picks:
        chosen = [int(n) for n in _NUMBER.findall(typed) if int(n) in pick.items]
        chosen = list(dict.fromkeys(chosen))
        for items in pick.suggestions:  # complete legal selections (e.g. exact payments) first
            if set(chosen) <= set(items):
                summary = ui.view_pick_summary(pick.kind, list(items), own, locale)
                entries.append((summary, pick.action(items)))
        if chosen:
            summary = ui.view_pick_summary(pick.kind, chosen, own, locale)
            entries.append((summary, pick.action(chosen)))
        for item in pick.items:
            if item not in chosen and len(chosen) < pick.max:
                more = [*chosen, item]
                summary = ui.view_pick_summary(pick.kind, more, own, locale)
                entries.append((summary, pick.action(more)))
    needle = typed.strip().lower()
    # Text narrows the list; numbers are a pick's items, unless there is no pick (e.g. `b3`).
    if needle and not (_NUMBER.search(needle) and choices.picks):
        entries = [e for e in entries if needle in e[0].lower() or needle in e[1]]
    return entries[:25]


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
        text = action.strip()
        entries = legal_entries(record, seat, text, locale)
        chosen = next((a for label, a in entries if text in (a, label)), text)
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
        return [
            app_commands.Choice(name=label[:100], value=action[:100]) for label, action in entries
        ]


async def setup(bot: commands.Bot) -> None:
    install(PRESS_HANDLERS)
    bot.add_dynamic_items(*ALL_ITEMS)
    await bot.add_cog(Play(bot))
