"""Handing over a seat with its holder's consent: `/game replace` on a seat whose member is
present (and not past their turn deadline) asks that member, by DM, whether to hand their seat
over (`ask`); their answer (`press_consent`) hands it over through the table service
(`Seats.consent`, which commits and logs the change) or keeps it. The request lapses after
`service.seats.CONSENT_HOURS`; nothing changes until the holder agrees."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

import discord

from db.records import GameRecord
from i18n import t
from interface.components import SeatConsentButton
from interface.deferral import in_time
from interface.delivery import deliver_change
from interface.failures import DISCORD_FAILURES
from interface.hand_dms import dm_channel
from interface.host import Host, host
from interface.replies import member_locale, relative_time, reply, tables, user_locale
from service.errors import TableError

log = logging.getLogger("tavolo.seats")
Interaction = discord.Interaction[Any]


def newcomer_text(to: int | None, locale: str | None) -> str:
    """Who would take the seat: a member's mention, or "a bot"."""
    return f"<@{to}>" if to else t("seat.a_bot", locale)


async def ask(
    bot: Host,
    record: GameRecord,
    seat: int,
    holder: int,
    to: int | None,
    by: int,
    expires: datetime,
) -> bool:
    """DM the seat's holder the request (from member `by`) to hand seat `seat` to member `to`
    (None: a bot), with the buttons to agree or keep it. False when the DM could not be sent."""
    locale = member_locale(bot, holder, record)
    text = t(
        "seat.consent_request",
        locale,
        by=f"<@{by}>",
        seat=seat + 1,
        new=newcomer_text(to, locale),
        channel=f"<#{record.channel_id}>",
        expires=relative_time(expires),
    )
    stamp = int(expires.timestamp())
    view = discord.ui.View(timeout=None)
    for yes, key in ((True, "seat.consent_yes"), (False, "seat.consent_no")):
        view.add_item(SeatConsentButton(record.id, seat, to or 0, stamp, yes, t(key, locale)))
    try:
        dm = await dm_channel(bot, holder)
        await dm.send(text, view=view, allowed_mentions=discord.AllowedMentions.none())
    except DISCORD_FAILURES:
        log.info("could not ask a seat holder of game %s", record.id)
        return False
    return True


async def member_name(bot: Host, guild_id: int | None, user_id: int) -> str | None:
    """A member's display name in a server (nickname, else global name, else username), asked
    of Discord; None when they are not a member."""
    if guild_id is None:
        return None
    try:
        data = await bot.http.get_member(guild_id, user_id)
    except DISCORD_FAILURES:
        return None
    user = data.get("user") or {}
    name = data.get("nick") or user.get("global_name") or user.get("username") or "?"
    return str(name)[:32]


async def press_consent(
    interaction: Interaction, game_id: int, seat: int, to: int, expires: int, yes: bool
) -> None:
    """The holder answered a request: keep the seat, or hand it over (the channel is told by
    the board post, as for any seat change)."""
    locale = user_locale(interaction)
    bot = host(interaction)
    if not yes:
        await settle(interaction, t("seat.consent_kept", locale))
        return
    record = await bot.store.get_game(game_id)
    newcomer: tuple[int, str] | None = None
    if to:
        name = await member_name(bot, record.guild_id if record else None, to)
        if name is None:
            await reply(interaction, t("seat.newcomer_gone", locale))
            return
        newcomer = (to, name)
    lapses = datetime.fromtimestamp(expires, UTC)
    try:
        handing = tables(interaction).seats.consent(
            game_id, interaction.user.id, seat, newcomer, lapses
        )
        change = await in_time(interaction, handing, ephemeral=True)
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    await settle(interaction, t("seat.consent_done", locale, new=newcomer_text(to, locale)))
    await deliver_change(bot, change)


async def settle(interaction: Interaction, text: str) -> None:
    """Replace the request in the DM with `text` (its buttons go)."""
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(content=text, view=None)
        else:
            await interaction.response.edit_message(content=text, view=None)
    except DISCORD_FAILURES:
        log.info("could not answer a seat holder (interaction %s)", interaction.id)
