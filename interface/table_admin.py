"""Running a game over days: `/game settings`, `/game pause`, `/game resume`, `/game replace`
and `/game rejoin`. The `/game` commands themselves live in `cogs.lobby`; each calls one
function here, which acts through the table service (which commits) and only then answers."""

from __future__ import annotations

import logging
from typing import Any

import discord

from db.records import NO_HOST, GameRecord
from i18n import t
from interface import seat_consent
from interface.access import is_member
from interface.deferral import in_time
from interface.delivery import deliver_change
from interface.host import Host, host
from interface.lobby_actions import display_name
from interface.names import shown_name
from interface.replies import (
    game_locale,
    is_manager,
    relative_time,
    reply,
    tables,
    user_locale,
)
from interface.summaries import timing_text
from service.change import TableChange
from service.errors import NeedsConsent, TableError
from service.timing import Timing

log = logging.getLogger("tavolo.admin")
Interaction = discord.Interaction[Any]


async def change_timing(interaction: Interaction, **changes: Any) -> None:
    """Show the game's timing settings (no changes given: only to the asker), or change them
    (host or server manager) and tell the channel."""
    locale = user_locale(interaction)
    service = tables(interaction)
    wanted = {name: value for name, value in changes.items() if value is not None}
    try:
        record = await service.channel_game(interaction.channel_id or 0)
        if wanted:
            record = await service.deadlines.configure(
                record.id, interaction.user.id, manager=is_manager(interaction), **wanted
            )
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    if not wanted:
        text = timing_text(Timing.of(record.timing), locale)
        await reply(interaction, t("timing.current", locale, number=record.id, timing=text))
        return
    here = game_locale(record)
    text = t(
        "timing.changed", here, number=record.id, timing=timing_text(Timing.of(record.timing), here)
    )
    terms = {"deadline_hours", "auto_moves"} & set(wanted)
    if record.status == "running" and terms:  # the turns under way keep their settings
        text += "\n" + t("timing.next_turn", here)
    await interaction.response.send_message(text)


async def pause(interaction: Interaction, paused: bool) -> None:
    """Pause or resume the channel's game (host or server manager)."""
    locale = user_locale(interaction)
    service = tables(interaction)
    try:
        record = await service.channel_game(interaction.channel_id or 0)
        record = await service.deadlines.configure(
            record.id, interaction.user.id, manager=is_manager(interaction), paused=paused
        )
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    here = game_locale(record)
    key = "timing.paused_now" if paused else "timing.resumed_now"
    await interaction.response.send_message(t(key, here, number=record.id))


async def replace(interaction: Interaction, seat: int, member: discord.Member | None) -> None:
    """Give seat `seat` (1-based) to `member`, or to a bot (host or server manager). A seat
    whose member is still in the server (and not past their turn deadline) is theirs: they are
    asked by DM (`interface.seat_consent`) and the seat changes only when they agree."""
    locale = user_locale(interaction)
    bot = host(interaction)
    service = tables(interaction)
    if member is not None and member.bot:
        await reply(interaction, TableError("error.member_is_bot").message(locale))
        return
    newcomer = None if member is None else (member.id, member.display_name[:32])
    try:
        record = await service.channel_game(interaction.channel_id or 0)
        present = await holder_present(bot, record, seat - 1)
        replacing = service.seats.replace(
            record.id,
            interaction.user.id,
            seat - 1,
            newcomer,
            manager=is_manager(interaction),
            holder_present=present,
        )
        change = await in_time(interaction, replacing, ephemeral=True)
    except NeedsConsent as need:
        expires = service.seats.consent_expires()
        to = None if member is None else member.id
        asked = await seat_consent.ask(
            bot, record, need.seat, need.holder, to, interaction.user.id, expires
        )
        key = "seat.consent_asked" if asked else "seat.consent_unreachable"
        holder = f"<@{need.holder}>"
        await reply(interaction, t(key, locale, holder=holder, expires=relative_time(expires)))
        return
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    await reply(interaction, t("move.done", locale))  # the board post says what changed
    await deliver_change(host(interaction), change)


async def holder_present(bot: Host, record: GameRecord, seat: int) -> bool:
    """Whether the member holding `seat` (0-based) is still in the game's server (asked of
    Discord; a seat of a bot, or an answer Discord could not give, counts as present)."""
    if not 0 <= seat < len(record.seats):
        return True
    held = record.seats[seat]
    if held.bot or held.user_id is None:
        return True
    return await is_member(bot, record.guild_id, held.user_id) is not False


def left_text(change: TableChange, name: str, locale: str | None) -> str:
    """What the channel learns when `name` (as typed) leaves a running game: a bot has the seat,
    and who hosts the game now if they were its host."""
    name = shown_name(name)
    host = change.record.host_id
    if change.before is None or change.before.host_id == host:
        return t("lobby.left_to_bot", locale, name=name)
    if host == NO_HOST:
        return t("lobby.left_host_to_nobody", locale, name=name)
    return t("lobby.left_host_to", locale, name=name, host=f"<@{host}>")


async def rejoin(interaction: Interaction) -> None:
    """Take back one's seat from the bot that plays it after missed deadlines."""
    locale = user_locale(interaction)
    service = tables(interaction)
    try:
        record = await service.channel_game(interaction.channel_id or 0)
        rejoining = service.seats.rejoin(record.id, interaction.user.id, display_name(interaction))
        change = await in_time(interaction, rejoining, ephemeral=True)
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    await reply(interaction, t("move.done", locale))  # the board post says what changed
    await deliver_change(host(interaction), change)
