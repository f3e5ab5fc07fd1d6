"""Lobby buttons (Join, Leave, Add bot, Remove bot, Start) and the start of a game."""

from __future__ import annotations

import logging
from typing import Any

import discord

from db.records import GameRecord
from i18n import t
from interface.deferral import in_time
from interface.delivery import deliver_change, redraw_lobby
from interface.failures import DISCORD_FAILURES
from interface.host import host
from interface.messages import lobby
from interface.replies import failure_text, game_locale, reply, tables, user_locale
from rules.errors import RuleError
from service.errors import TableError
from service.lobby import members_of

log = logging.getLogger("tavolo.lobby")
Interaction = discord.Interaction[Any]


def display_name(interaction: Interaction) -> str:
    """The clicker's name as shown in the server, trimmed for pictures."""
    return interaction.user.display_name[:32]


# The lobby's "add a bot" buttons and the level of the bot each adds.
BOT_LEVEL_OPS = {"boteasy": "easy", "bot": "standard", "botstrong": "strong"}


async def press_lobby(interaction: Interaction, game_id: int, op: str) -> None:
    """Handle one lobby button; the lobby message is redrawn in place."""
    if op == "rematch":
        await rematch(interaction, game_id)
        return
    service = tables(interaction)
    locale = user_locale(interaction)
    user = interaction.user.id
    try:
        record = await service.game(game_id)
        if interaction.channel_id != record.channel_id:
            raise TableError("error.wrong_channel")
        if op == "join":
            record = await service.lobby.join(game_id, user, display_name(interaction))
        elif op == "leave":  # bots may play on at once (slow: see `in_time`)
            record = (
                await in_time(interaction, service.leave(game_id, user), ephemeral=True)
            ).record
        elif op in BOT_LEVEL_OPS:
            record = await service.lobby.add_bot(game_id, user, BOT_LEVEL_OPS[op])
        elif op == "unbot":
            record = await service.lobby.remove_bot(game_id, user)
        else:
            change = await in_time(interaction, service.lobby.start(game_id, user), ephemeral=True)
    except (TableError, RuleError) as err:
        await reply(interaction, err.message(locale))
        return
    except Exception as error:  # e.g. the database is locked or out of reach: nothing was saved
        log.exception("lobby button %s failed in game %s", op, game_id)
        await reply(interaction, failure_text(error, locale))
        return
    if op == "start":  # committed: show it
        await redraw(interaction, change.record)
        await deliver_change(host(interaction), change)
        return
    await redraw(interaction, record)


async def redraw(interaction: Interaction, record: GameRecord) -> None:
    """Show the lobby's new state on the message whose button was pressed, and on the lobby
    message itself when the button was on a copy (the private one `/game status` shows)."""
    locale = game_locale(record)
    out = lobby(record, locale)
    try:
        if interaction.response.is_done():  # deferred while the work was slow
            await interaction.edit_original_response(embed=out.embed, view=out.view)
        else:
            await interaction.response.edit_message(embed=out.embed, view=out.view)
    except discord.HTTPException:
        log.info("could not redraw the lobby of game %s", record.id)
    where = await host(interaction).store.get_message(record.id, "lobby")
    if where is not None and (interaction.message is None or interaction.message.id != where[1]):
        await redraw_lobby(host(interaction), record, locale)


async def rematch(interaction: Interaction, game_id: int) -> None:
    """The final board's Rematch: a new lobby in the channel with the same game, options and
    bots, the presser hosting; the finished game's other members are pinged to join."""
    service = tables(interaction)
    locale = user_locale(interaction)
    try:
        old = await service.game(game_id)
        if interaction.channel_id != old.channel_id:
            raise TableError("error.wrong_channel")
        record = await service.lobby.rematch(
            game_id, interaction.user.id, display_name(interaction)
        )
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    here = game_locale(record)
    others = [u for u in members_of(old) if u != interaction.user.id]
    out = lobby(record, here)
    assert out.embed is not None and out.view is not None  # an open lobby has both
    players = ", ".join(f"<@{u}>" for u in others) or "—"
    await interaction.response.send_message(
        t("lobby.rematch", here, number=old.id, players=players),
        embed=out.embed,
        view=out.view,
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in others]),
    )
    try:
        message = await interaction.original_response()
        await host(interaction).store.set_message(record.id, "lobby", record.channel_id, message.id)
    except DISCORD_FAILURES:
        log.info("could not read back the lobby message of game %s", record.id)
