"""Sending what a step produced to Discord: the board to the channel, hands to DMs.

Called only after the store has committed. Discord failures are logged and survived: the
game is safe in the database, and `/game status` or `/hand` show it again.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from cogs.board import Outgoing, board, hand_panel
from cogs.common import png_file
from db.records import GameRecord
from i18n import t
from service.tables import Step

if TYPE_CHECKING:
    from bot import TavoloBot

log = logging.getLogger("tavolo.delivery")
DM_CLOSED = 50007


async def files_of(out: Outgoing) -> list[discord.File]:
    return [await png_file(image, name) for image, name in out.images]


def allowed(out: Outgoing) -> discord.AllowedMentions:
    """Ping exactly the users the message is meant to ping."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in out.mentions]
    )


async def send_board(bot: TavoloBot, record: GameRecord, out: Outgoing) -> None:
    """Post a board to the game's channel, retire the previous board's buttons, remember it."""
    channel = bot.get_partial_messageable(record.channel_id)
    kwargs = {
        "content": out.content,
        "files": await files_of(out),
        "allowed_mentions": allowed(out),
    }
    if out.view is not None:
        kwargs["view"] = out.view
    try:
        message = await channel.send(**kwargs)
    except discord.HTTPException:
        log.exception("could not post the board of game %s", record.id)
        return
    previous = await bot.store.get_message(record.id, "board")
    await bot.store.set_message(record.id, "board", record.channel_id, message.id)
    if previous is not None:
        try:
            await (
                bot.get_partial_messageable(previous[0])
                .get_partial_message(previous[1])
                .edit(view=None)
            )
        except discord.HTTPException:
            log.info("could not retire the buttons of an old board of game %s", record.id)


async def after_step(bot: TavoloBot, step: Step, locale: str | None) -> None:
    """Tell Discord what a committed step did: one board post, then the changed hands by DM."""
    record = step.record
    await send_board(bot, record, board(record, locale, step.events, step.newly_waiting))
    if record.status != "running" and record.status != "finished":
        return
    targets = set(step.hands_changed) | set(step.newly_waiting)
    for seat in sorted(targets):
        if not record.seats[seat].bot:
            await dm_hand(bot, record, seat, locale)


async def dm_hand(bot: TavoloBot, record: GameRecord, seat: int, locale: str | None) -> bool:
    """DM a seat its hand panel. A closed DM (403/50007) is reported once in the channel."""
    user_id = record.seats[seat].user_id
    assert user_id is not None
    out = hand_panel(record, seat, locale)
    try:
        channel_id = bot.dm_channels.get(user_id)
        if channel_id is None:
            data = await bot.http.start_private_message(user_id)
            channel_id = int(data["id"])
            bot.dm_channels[user_id] = channel_id
        dm = bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        kwargs = {"content": out.content, "files": await files_of(out)}
        if out.view is not None:
            kwargs["view"] = out.view
        await dm.send(**kwargs)
        return True
    except discord.Forbidden as exc:
        if exc.code == DM_CLOSED and (record.id, user_id) not in bot.dm_warned:
            bot.dm_warned.add((record.id, user_id))
            text = t("dm.closed", locale, user=f"<@{user_id}>")
            try:
                await bot.get_partial_messageable(record.channel_id).send(
                    text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)])
                )
            except discord.HTTPException:
                log.warning("could not tell game %s's channel that a DM failed", record.id)
        return False
    except discord.HTTPException:
        log.warning("could not DM a hand for game %s (seat %s)", record.id, seat)
        return False
