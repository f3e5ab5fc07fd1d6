"""Sending what a committed change produced to Discord: the board to the channel, hands to DMs.

Called only after the store has committed. Discord failures are logged and survived: the
game is safe in the database, and `/game status` or `/hand` show it again.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from db.records import GameRecord
from i18n import t
from interface.attachments import png_file
from interface.host import Host
from interface.messages import board, hand_panel, lobby, note_line, scoring_posts
from interface.outgoing import Outgoing
from service.change import TableChange
from service.timing import wants_dm, wants_mention

log = logging.getLogger("tavolo.delivery")
DM_CLOSED = 50007
DM_CLOSED_FLAG = "dm_closed"  # a game's flag: the player was told their DMs are closed
UNKNOWN_CHANNEL = 10003


async def files_of(out: Outgoing) -> list[discord.File]:
    return [await png_file(image, name) for image, name in out.images]


def allowed(out: Outgoing) -> discord.AllowedMentions:
    """Ping exactly the users the message is meant to ping."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in out.mentions]
    )


async def send_board(bot: Host, record: GameRecord, out: Outgoing) -> bool:
    """Post a board to the game's channel, retire the previous board's buttons, remember it.

    False when the channel no longer exists (deleted, 10003): then the game is aborted, since
    nobody can see or play it any more."""
    channel = bot.get_partial_messageable(record.channel_id)
    kwargs: dict[str, Any] = {
        "content": out.content,
        "files": await files_of(out),
        "allowed_mentions": allowed(out),
    }
    if out.view is not None:
        kwargs["view"] = out.view
    try:
        message = await channel.send(**kwargs)
    except discord.HTTPException as exc:
        if channel_unknown(exc):
            await end_without_channel(bot, record.channel_id)
            return False
        log.exception("could not post the board of game %s", record.id)
        return True
    previous = await bot.store.get_message(record.id, "board")
    await bot.store.set_message(record.id, "board", record.channel_id, message.id)
    if previous is not None:
        await retire_board(bot, record, previous)
    return True


async def send_post(bot: Host, record: GameRecord, out: Outgoing) -> None:
    """Post a message without buttons or pings to the game's channel (e.g. a scoring's own
    message); a Discord failure is logged and survived."""
    try:
        await bot.get_partial_messageable(record.channel_id).send(
            content=out.content,
            files=await files_of(out),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException:
        log.warning("could not post a message of game %s", record.id)


def channel_unknown(exc: discord.HTTPException) -> bool:
    """Whether Discord answered that the channel does not exist (deleted: 404, code 10003)."""
    return isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL


async def end_without_channel(bot: Host, channel_id: int) -> None:
    """Abort the active game of a channel (or thread) that was deleted, if it has one."""
    ended = await bot.tables.lobby.channel_gone(channel_id)
    if ended is not None:
        log.warning("the channel of game %s is gone; the game is aborted", ended.id)


async def retire_board(bot: Host, record: GameRecord, where: tuple[int, int] | None = None) -> None:
    """Take the buttons off a board (`where`; default: the game's latest board)."""
    where = where or await bot.store.get_message(record.id, "board")
    if where is None:
        return
    try:
        await bot.get_partial_messageable(where[0]).get_partial_message(where[1]).edit(view=None)
    except discord.HTTPException:
        log.info("could not retire the buttons of an old board of game %s", record.id)


async def redraw_lobby(bot: Host, record: GameRecord, locale: str | None) -> None:
    """Show a change made by command (join, leave, start, abort) on the lobby message itself;
    a lobby that is no longer open loses its buttons."""
    where = await bot.store.get_message(record.id, "lobby")
    if where is None:
        return
    out = lobby(record, locale)
    try:
        await (
            bot.get_partial_messageable(where[0])
            .get_partial_message(where[1])
            .edit(embed=out.embed, view=out.view)
        )
    except discord.HTTPException:
        log.info("could not redraw the lobby of game %s", record.id)


async def deliver_change(bot: Host, change: TableChange, locale: str | None) -> None:
    """Tell Discord what a committed change did: one board post, then the changed hands by DM.

    The players who must now act are told once, as each of them asked (`/settings`): a mention
    in the board post, or a new hand DM (which notifies), or both. Other hand DMs are edited
    in place, silently."""
    record = change.record
    notices = await turn_notices(bot, record, change.newly_waiting)
    ping = [s for s, notice in notices.items() if wants_mention(notice)]
    notes = [note_line(record, note, locale) for note in change.notes]
    for post in scoring_posts(record, change.events, locale):
        await send_post(bot, record, post)
    posted = await send_board(bot, record, board(record, locale, change.events, ping, notes))
    if not posted or record.status not in ("running", "finished"):
        return
    for seat in change.panels_changed:
        fresh = wants_dm(notices.get(seat, "mention"))
        note = t("dm.your_turn", locale, channel=f"<#{record.channel_id}>") if fresh else None
        await dm_hand(bot, record, seat, locale, fresh=fresh, note=note)


async def turn_notices(bot: Host, record: GameRecord, seats: list[int]) -> dict[int, str]:
    """How each of these members' seats is told it is their turn (`mention`, `dm`, `both`).
    Someone who asked for DMs but whose DMs are known to be closed is mentioned instead."""
    users = {s: record.seats[s].user_id for s in seats if not record.seats[s].bot}
    chosen = await bot.tables.notices.of(u for u in users.values() if u is not None)
    notices = {}
    for seat, user in users.items():
        notice = chosen.get(user, "mention") if user is not None else "mention"
        if notice == "dm" and user is not None and await closed_dms(bot, record, user):
            notice = "mention"
        notices[seat] = notice
    return notices


async def closed_dms(bot: Host, record: GameRecord, user_id: int) -> bool:
    """Whether a player was told in this game that their DMs are closed."""
    return await bot.store.has_flag(record.id, DM_CLOSED_FLAG, user_id)


async def dm_channel(bot: Host, user_id: int) -> discord.PartialMessageable:
    """The DM channel with a user (opened once, then remembered)."""
    channel_id = bot.dm_channels.get(user_id)
    if channel_id is None:
        data = await bot.http.start_private_message(user_id)
        channel_id = int(data["id"])
        bot.dm_channels[user_id] = channel_id
    return bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)


async def dm_hand(
    bot: Host,
    record: GameRecord,
    seat: int,
    locale: str | None,
    *,
    fresh: bool = True,
    note: str | None = None,
) -> bool:
    """DM a seat its hand panel, with `note` as its first line: a new message when `fresh`
    (which notifies), else the last hand DM is edited in place. A closed DM (403/50007) is
    reported once in the game's channel; the game goes on."""
    user_id = record.seats[seat].user_id
    assert user_id is not None
    out = hand_panel(record, seat, locale)
    if note:
        out.content = f"{note}\n{out.content}"[:2000]
    kind = f"hand:{seat}"
    try:
        dm = await dm_channel(bot, user_id)
        previous = None if fresh else await bot.store.get_message(record.id, kind)
        if previous is not None and previous[0] == dm.id:
            try:
                await dm.get_partial_message(previous[1]).edit(
                    content=out.content, attachments=await files_of(out), view=out.view
                )
                return True
            except discord.NotFound:
                pass
        kwargs: dict[str, Any] = {"content": out.content, "files": await files_of(out)}
        if out.view is not None:
            kwargs["view"] = out.view
        message = await dm.send(**kwargs)
        await bot.store.set_message(record.id, kind, dm.id, message.id)
        return True
    except discord.Forbidden as exc:
        if exc.code == DM_CLOSED:
            await warn_dm_closed(bot, record, user_id, locale)
        return False
    except discord.HTTPException:
        log.warning("could not DM a hand for game %s (seat %s)", record.id, seat)
        return False


async def warn_dm_closed(bot: Host, record: GameRecord, user_id: int, locale: str | None) -> None:
    """Tell a player in the game's channel that their DMs are closed and where to look instead,
    once per game: the notice is remembered in the store, so a restart does not repeat it."""
    if await closed_dms(bot, record, user_id):
        return
    text = t("dm.closed", locale, user=f"<@{user_id}>")
    try:
        await bot.get_partial_messageable(record.channel_id).send(
            text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)])
        )
    except discord.HTTPException:
        log.warning("could not tell game %s's channel that a DM failed", record.id)
        return
    await bot.store.set_flag(record.id, DM_CLOSED_FLAG, user_id)
