"""The game's live board in its channel: one board post at a time.

A new board is posted (with the turn's pings) when a new turn begins for someone, and at the end
of the game; every other change edits the live board in place. When a new board is posted, the
previous one collapses into its short text summary: what happened while it was live, without
picture or buttons. A game whose `boards` setting is `all` keeps every board's picture instead
(each new state is a new post; old boards only lose their buttons).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from db.outbox import Pending
from db.records import GameRecord
from interface.failures import DISCORD_FAILURES
from interface.hand_dms import files_of, kind_of
from interface.host import Host
from interface.messages import board_summary
from interface.outgoing import Outgoing
from service.timing import Timing

log = logging.getLogger("tavolo.delivery")
KEEP_ALL = "all"


def allowed(out: Outgoing) -> discord.AllowedMentions:
    """Ping exactly the users the message is meant to ping."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in out.mentions]
    )


def keeps_every_board(record: GameRecord) -> bool:
    """Whether the game keeps every board picture in the channel (its `boards` setting)."""
    return Timing.of(record.timing).boards == KEEP_ALL


async def post_board(bot: Host, record: GameRecord, out: Outgoing, nonce: str) -> int:
    """Post a new board; returns its message id. `nonce` makes the post idempotent: posting
    again with the same nonce (after a crash between the post and its record) returns the
    message already posted instead of a second one. Raises what Discord raises."""
    channel = bot.get_partial_messageable(record.channel_id)
    kwargs: dict[str, Any] = {
        "content": out.content,
        "files": await files_of(out),
        "allowed_mentions": allowed(out),
        "nonce": nonce,
    }
    if out.view is not None:
        kwargs["view"] = out.view
    message = await channel.send(**kwargs)
    return message.id


async def edit_board(bot: Host, where: tuple[int, int], out: Outgoing) -> None:
    """Show the new state on the live board itself (text, pictures, buttons; pings nobody).
    Raises what Discord raises (`discord.NotFound` when the board was deleted)."""
    message = bot.get_partial_messageable(where[0]).get_partial_message(where[1])
    await message.edit(
        content=out.content,
        attachments=await files_of(out),
        view=out.view,  # None: no buttons
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def collapse_board(
    bot: Host,
    record: GameRecord,
    where: tuple[int, int],
    locale: str | None,
    shown: Pending | None = None,
) -> None:
    """Turn a board that is no longer live into its text summary (or, when the game keeps
    every board, only take its buttons off); `shown`: what it showed, when the caller read it
    already. A failure is logged: the old board's buttons are refused as out of date anyway."""
    message = bot.get_partial_messageable(where[0]).get_partial_message(where[1])
    try:
        if keeps_every_board(record):
            await message.edit(view=None)
            return
        if shown is None:
            shown = await bot.store.shown_in(record.id, where[1])
        await message.edit(
            content=board_summary(record, shown.events, shown.notes, locale),
            attachments=[],
            view=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except DISCORD_FAILURES as exc:
        log.info("could not collapse an old board of game %s: %s", record.id, kind_of(exc))


async def retire_board(bot: Host, record: GameRecord) -> None:
    """Take the buttons off the game's live board (an aborted game)."""
    where = await bot.store.get_message(record.id, "board")
    if where is None:
        return
    try:
        await bot.get_partial_messageable(where[0]).get_partial_message(where[1]).edit(view=None)
    except DISCORD_FAILURES as exc:
        log.info("could not retire the buttons of game %s's board: %s", record.id, kind_of(exc))
