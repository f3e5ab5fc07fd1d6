"""Answering interactions: the locales to answer in, ephemeral replies, the table service
behind an interaction, and the safety net that answers every unexpected failure."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine
from datetime import datetime
from typing import Any, TypeVar

import discord

from db.errors import DatabaseUnavailable, OutcomeUnknown
from db.records import GameRecord
from i18n import t
from interface.host import Host, host
from interface.languages import MemberLanguages
from service.errors import TableError
from service.languages import member_language
from service.tables import TableService

log = logging.getLogger("tavolo.cogs")
S = TypeVar("S")


def user_locale(interaction: discord.Interaction) -> str:
    """The language of a private answer to this interaction: the member's own choice
    (`/settings language:`), else their Discord language when it is ours, else English."""
    languages = getattr(interaction.client, "languages", None)
    if isinstance(languages, MemberLanguages):
        return languages.of_interaction(interaction)
    return member_language(None, interaction.locale)


def member_locale(bot: Host, user_id: int | None, record: GameRecord) -> str:
    """The language of a DM to a member about a game: their own choice, else the Discord
    language they last used here, else the game's."""
    languages = getattr(bot, "languages", None)
    if isinstance(languages, MemberLanguages):
        return languages.of_member(user_id, record.language)
    return record.language


def game_locale(record: GameRecord) -> str:
    """The language of a game's channel posts and pictures."""
    return record.language


def relative_time(moment: datetime) -> str:
    """A Discord timestamp each reader sees in their own words, e.g. "3 hours ago"."""
    return f"<t:{int(moment.timestamp())}:R>"


def tables(interaction: discord.Interaction) -> TableService:
    """The table service of the bot that received the interaction."""
    return host(interaction).tables


async def reply(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, as the first response or as a follow-up if one was already sent."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not send an ephemeral reply (interaction %s)", interaction.id)


def private_panel(interaction: discord.Interaction) -> bool:
    """Whether the pressed component sits on a private message (an ephemeral answer or a DM),
    not on the channel's board."""
    message = interaction.message
    return message is not None and (interaction.guild_id is None or message.flags.ephemeral)


async def channel_game_or_reply(interaction: discord.Interaction) -> GameRecord | None:
    """The active game of the interaction's channel; None (and the reason, privately) when
    the channel has none."""
    try:
        return await tables(interaction).channel_game(interaction.channel_id or 0)
    except TableError as err:
        await reply(interaction, err.message(user_locale(interaction)))
        return None


def is_manager(interaction: discord.Interaction) -> bool:
    """Whether the member may manage the server (abort, pause, replace, timing settings)."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def failure_text(error: BaseException, locale: str) -> str:
    """What a member is told when their request failed: the database out of reach (a
    PostgreSQL server restarting: nothing was changed, try again shortly), lost during the
    commit (the action may have been made: look at the board), else something else."""
    if isinstance(error, OutcomeUnknown):
        return t("error.database_outcome_unknown", locale)
    if isinstance(error, DatabaseUnavailable):
        return t("error.database_unavailable", locale)
    return t("error.internal", locale)


async def answer_failure(interaction: discord.Interaction, error: BaseException) -> None:
    """The last resort for an unexpected error while handling an interaction: log it and tell
    the user, privately, that nothing was changed (the database commit is the last step of any
    change, so a failure before it saved nothing, and one after it is past the user's action)."""
    if isinstance(error, DatabaseUnavailable):
        log.warning(
            "interaction %s refused: the database is out of reach (%s)", interaction.id, error
        )
    else:
        log.error("interaction %s failed", interaction.id, exc_info=error)
    await reply(interaction, failure_text(error, user_locale(interaction)))


def guarded(
    callback: Callable[[S, discord.Interaction[Any]], Awaitable[None]],
) -> Callable[[S, discord.Interaction[Any]], Coroutine[Any, Any, None]]:
    """Wrap a component callback so an unexpected error is answered (discord.py only logs
    errors of persistent `DynamicItem` callbacks, and the user would see "interaction failed")."""

    @functools.wraps(callback)
    async def run(self: S, interaction: discord.Interaction[Any]) -> None:
        try:
            await callback(self, interaction)
        except Exception as error:  # the safety net: answered and logged
            await answer_failure(interaction, error)

    return run


async def command_failed(
    interaction: discord.Interaction, error: discord.app_commands.AppCommandError
) -> None:
    """The command tree's error handler: every failed slash command gets an answer."""
    await answer_failure(interaction, getattr(error, "original", None) or error)
