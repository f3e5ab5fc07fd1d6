"""A game's history and a member's tables (issue 19): `/game log`, `/game replay` and
`/game export` (added to the `/game` group of `cogs.lobby`: load this extension after it), and
`/mygames`, which works in servers and in DMs.

The texts and pictures are built in `interface.game_log`, `interface.replay_view` and
`interface.my_games`, from the public views of a replay of the game's log
(`service.history`); the export document in `service.game_export`.
"""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from i18n import t
from interface.access import is_member
from interface.deferral import in_time, respond
from interface.game_log import LogPageButton, log_message
from interface.host import host
from interface.my_games import board_links, my_games_text
from interface.replay_view import HISTORY_ITEMS, replay_message
from interface.replies import reply, user_locale
from service.errors import TableError
from service.game_export import export_document
from service.history import game_of_channel, history, log_history
from service.my_tables import my_tables

Interaction = discord.Interaction[Any]
Number = app_commands.Range[int, 1, 10**15]


async def game_log(
    interaction: Interaction, page: app_commands.Range[int, 1, 10_000] | None = None
) -> None:
    """`/game log [page]`: the moves of this channel's game (its last one once over)."""
    locale = user_locale(interaction)
    store = host(interaction).store
    try:
        record = await game_of_channel(store, interaction.channel_id or 0, None)
        steps = await in_time(interaction, log_history(store, record), ephemeral=True)
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    content, view = log_message(record, steps, None if page is None else page - 1, locale)
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    await respond(
        interaction,
        content,
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
        **extra,
    )


async def game_replay(interaction: Interaction, number: Number | None = None) -> None:
    """`/game replay [number]`: this channel's game (or its game `number`) step by step."""
    locale = user_locale(interaction)
    store = host(interaction).store
    try:
        record = await game_of_channel(store, interaction.channel_id or 0, number)
        steps = await in_time(interaction, history(store, record), ephemeral=True)
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    latest = len(steps) - 1
    arguments = await in_time(
        interaction, replay_message(record, steps, latest, locale), ephemeral=True
    )
    await respond(interaction, arguments.pop("content"), ephemeral=True, **arguments)


async def game_export(interaction: Interaction, number: Number | None = None) -> None:
    """`/game export [number]`: the JSON document of this channel's last game once it has
    finished (never while it runs: its seed reveals every hidden card)."""
    locale = user_locale(interaction)
    store = host(interaction).store
    try:
        record = await game_of_channel(store, interaction.channel_id or 0, number)
        document = export_document(record, await store.actions(record.id))
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    data = json.dumps(document, indent=1, ensure_ascii=False).encode("utf-8")
    file = discord.File(io.BytesIO(data), filename=f"tavolo-{record.game}-{record.id}.json")
    await interaction.response.send_message(
        t("export.attached", locale, number=record.id),
        file=file,
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


class MyGames(commands.Cog):
    """`/mygames`."""

    @app_commands.command(
        name="mygames",
        description="Your running games in every server, where it is your turn first (only you).",
    )
    async def mygames(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        bot, user = host(interaction), interaction.user.id
        summaries = await my_tables(bot.store, user)
        shared: dict[int | None, bool] = {}
        for summary in summaries:  # only servers the member is still in
            guild = summary.record.guild_id
            if guild not in shared:
                shared[guild] = await is_member(bot, guild, user) is not False
        summaries = [s for s in summaries if shared[s.record.guild_id]]
        links = await board_links(bot, summaries)
        await reply_text(interaction, my_games_text(summaries, user, links, locale))


async def reply_text(interaction: Interaction, text: str) -> None:
    """An ephemeral answer that pings nobody."""
    await respond(
        interaction, text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


def group_commands() -> list[app_commands.Command[Any, Any, None]]:
    """`/game log`, `/game replay` and `/game export`."""
    log_command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name="log",
        description="The moves of this channel's game, who made each and when (only you).",
        callback=game_log,
    )
    log_command = app_commands.describe(page="Which page (default: the latest moves).")(log_command)
    replay_command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name="replay",
        description="Step through this channel's game, or a finished one, board by board.",
        callback=game_replay,
    )
    replay_command = app_commands.describe(
        number="The table number of a finished game of this channel (default: the latest)."
    )(replay_command)
    export_command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name="export",
        description="A finished game of this channel as a file to replay and check.",
        callback=game_export,
    )
    export_command = app_commands.describe(
        number="The table number of a finished game of this channel (default: the latest)."
    )(export_command)
    return [log_command, replay_command, export_command]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MyGames())
    bot.add_dynamic_items(LogPageButton, *HISTORY_ITEMS)
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        return
    for command in group_commands():
        if group.get_command(command.name) is None:
            group.add_command(command)
