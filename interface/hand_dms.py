"""Private hands by DM: a seat's hand panel sent or edited in its player's DMs, how each
player hears it is their turn, and the one notice in the channel when a player's DMs are closed.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import weakref
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

import discord

from db.records import GameRecord
from i18n import t
from interface.attachments import digest, draw_soon, png_bytes, png_file
from interface.failures import DISCORD_FAILURES, dm_closed
from interface.host import Host
from interface.messages import hand_panel
from interface.outgoing import Outgoing
from interface.replies import member_locale

log = logging.getLogger("tavolo.delivery")
DM_CLOSED_FLAG = "dm_closed"  # a game's flag: the player was told their DMs are closed
REMEMBERED = 10_000  # hand DMs whose shown picture and text are remembered (the latest)

Shown = tuple[int, str | None, str, str | None]
"""(message id, hash of its picture's PNG, digest of it all, digest of its picture)"""
_shown: weakref.WeakKeyDictionary[Any, OrderedDict[tuple[int, int], Shown]] = (
    weakref.WeakKeyDictionary()
)


class Unread:
    """A value not read yet (`dm_hand`'s `shown_in`)."""


UNREAD = Unread()


def _remembered(bot: Host) -> OrderedDict[tuple[int, int], Shown]:
    return _shown.setdefault(bot, OrderedDict())


def message_digest(out: Outgoing, picture: str | None) -> str:
    """What a message shows: its text, its picture's digest and its components."""
    components = out.view.to_components() if out.view is not None else None
    text = json.dumps([out.content, picture, components], sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


async def files_of(out: Outgoing) -> list[discord.File]:
    return [await png_file(image, name) for image, name in out.images]


async def pictures_of(out: Outgoing) -> tuple[list[discord.File], str | None]:
    """A message's pictures as attachments, and a hash of the PNG when it has one picture."""
    data = [(await png_bytes(image), name) for image, name in out.images]
    files = [discord.File(io.BytesIO(png), filename=name) for png, name in data]
    picture = hashlib.blake2b(data[0][0], digest_size=16).hexdigest() if len(data) == 1 else None
    return files, picture


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
    shown_in: tuple[int, int] | Unread | None = UNREAD,
    panel: Outgoing | None = None,
) -> bool | None:
    """DM a seat its hand panel (`panel`: as `draw_ahead` built it, else built here), with
    `note` as its first line: a new message when `fresh` (which notifies), else the last hand
    DM is edited in place (`shown_in`: where it is, as the caller read it under the game's
    delivery lock; by default read here). True: sent.
    False: it cannot be sent (the player's DMs are closed: said once in the channel; or the
    seat has no member), None: a failure that may pass (try again later)."""
    user_id = record.seats[seat].user_id
    if user_id is None or record.seats[seat].bot:
        return False
    out = panel if panel is not None else hand_panel(record, seat, locale)
    if note:
        out.content = f"{note}\n{out.content}"[:2000]
    kind = f"hand:{seat}"
    drawn = digest(out.images[0][0]) if len(out.images) == 1 else None
    whole = message_digest(out, drawn)
    remembered = _remembered(bot)
    try:
        dm = await dm_channel(bot, user_id)
        if fresh:
            previous = None
        elif isinstance(shown_in, Unread):
            previous = await bot.store.get_message(record.id, kind)
        else:
            previous = shown_in
        if previous is not None and previous[0] == dm.id:
            shown = remembered.get((record.id, seat))
            if shown is not None and shown[0] != previous[1]:
                shown = None  # remembered of another message
            if shown is not None and shown[2] == whole:
                return True  # the DM shows this already: nothing is drawn or sent
            edit: dict[str, Any] = {"content": out.content, "view": out.view}
            if shown is not None and drawn is not None and shown[3] == drawn:
                picture = shown[1]  # the DM shows this very picture: it is not even drawn
            else:
                files, picture = await pictures_of(out)
                if shown is None or picture is None or shown[1] != picture:
                    edit["attachments"] = files  # else the DM keeps its (identical) picture
            try:
                await dm.get_partial_message(previous[1]).edit(**edit)
                remember(bot, record.id, seat, (previous[1], picture, whole, drawn))
                return True
            except discord.NotFound:
                pass
        files, picture = await pictures_of(out)
        kwargs: dict[str, Any] = {"content": out.content, "files": files}
        if out.view is not None:
            kwargs["view"] = out.view
        message = await dm.send(**kwargs)
        await bot.store.set_message(record.id, kind, dm.id, message.id)
        remember(bot, record.id, seat, (message.id, picture, whole, drawn))
        return True
    except DISCORD_FAILURES as exc:
        if dm_closed(exc):
            await warn_dm_closed(bot, record, user_id)
            return False
        log.warning("could not DM a hand for game %s (seat %s): %s", record.id, seat, kind_of(exc))
        return None


def draw_ahead(
    bot: Host, record: GameRecord, seats: Iterable[int], panels: dict[int, Outgoing] | None = None
) -> list[asyncio.Task[Any]]:
    """Start drawing these seats' hand pictures now (into the picture cache), so that they are
    drawn while the board is shown and `dm_hand` finds them ready; each seat's panel built for
    it is put in `panels` (for `dm_hand`). Skips what `dm_hand` would not draw (a bot's seat, a
    seat without a member, a picture its DM already shows). Sends nothing; a picture that fails
    here is drawn (and fails) again in `dm_hand`."""
    remembered = _remembered(bot)
    tasks = []
    for seat in seats:
        if seat >= len(record.seats) or record.seats[seat].bot:
            continue
        if record.seats[seat].user_id is None:
            continue
        locale = member_locale(bot, record.seats[seat].user_id, record)
        out = hand_panel(record, seat, locale)
        if panels is not None:
            panels[seat] = out
        if len(out.images) != 1:
            continue
        picture = out.images[0][0]
        shown = remembered.get((record.id, seat))
        if shown is not None and shown[3] is not None and shown[3] == digest(picture):
            continue
        tasks.append(draw_soon(picture))
    return tasks


def remember(bot: Host, game_id: int, seat: int, shown: Shown) -> None:
    """Remember what a seat's hand DM shows now (the latest REMEMBERED hand DMs)."""
    remembered = _remembered(bot)
    remembered[(game_id, seat)] = shown
    remembered.move_to_end((game_id, seat))
    while len(remembered) > REMEMBERED:
        remembered.popitem(last=False)


def kind_of(exc: BaseException) -> str:
    """A failure named for a log line (its class and Discord's code; never its text, which
    may quote a request)."""
    code = exc.code if isinstance(exc, discord.HTTPException) else None
    return type(exc).__name__ + (f" {code}" if code else "")


async def warn_dm_closed(bot: Host, record: GameRecord, user_id: int) -> None:
    """Tell a player in the game's channel that their DMs are closed and where to look instead,
    once per game: the notice is remembered in the store, so a restart does not repeat it."""
    if await closed_dms(bot, record, user_id):
        return
    text = t("dm.closed", record.language, user=f"<@{user_id}>")
    try:
        await bot.get_partial_messageable(record.channel_id).send(
            text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)])
        )
    except DISCORD_FAILURES:
        log.warning("could not tell game %s's channel that a DM failed", record.id)
        return
    await bot.store.set_flag(record.id, DM_CLOSED_FLAG, user_id)
