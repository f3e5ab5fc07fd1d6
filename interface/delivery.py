"""Telling Discord what committed changes did, from the outbox (`db/outbox.py`).

Every saved change of a running game leaves an announcement in the outbox, in the same
transaction. `deliver(bot, game_id)` reads a game's pending announcements and tells Discord,
one game at a time (a lock per game), in version order: queued steps are shown as one, the
newest state (`interface/live_board.py`: the live board is edited within a turn, a new board
posted when a turn begins). The announcements are marked delivered only once the board is
shown; then the changed private panels are DMed, each marked done once sent. Anything that
fails is left pending and tried again (`retry_soon`, the timer loop, start-up): nothing is
recorded as delivered that was not, and a board post carries a nonce, so a post repeated
after a crash is not shown twice. When several processes share the database, a delivery first
claims its game (`service/shards.py`): one process delivers a game at a time.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from typing import Any

import discord

from db.outbox import Outstanding, Pending
from db.records import GameRecord
from i18n import t
from interface.attachments import draw_soon
from interface.failures import DISCORD_FAILURES, cannot_post, channel_unknown
from interface.hand_dms import dm_channel, dm_hand, draw_ahead, files_of, kind_of, turn_notices
from interface.host import Host
from interface.live_board import collapse_board, edit_board, keeps_every_board, post_board
from interface.messages import board, board_summary, lobby, note_line, scoring_posts
from interface.outgoing import Outgoing
from interface.replies import game_locale, member_locale
from service.change import TableChange
from service.game_length import game_length
from service.timing import Timing, wants_dm, wants_mention

log = logging.getLogger("tavolo.delivery")
RETRY_SECONDS = (2.0, 10.0, 60.0)  # after a failure; then the timer loop keeps trying
BLOCKED_FLAG = "told_cannot_post"  # a game's flag: the player was told the bot cannot post

MAX_DELIVERING = 8  # games delivered at once; the others wait their turn (see `deliver`)

_locks: weakref.WeakKeyDictionary[Any, dict[int, asyncio.Lock]] = weakref.WeakKeyDictionary()
_delivering: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)
_retries: weakref.WeakKeyDictionary[Any, dict[int, asyncio.Task[None]]] = (
    weakref.WeakKeyDictionary()
)


def game_lock(bot: Host, game_id: int) -> asyncio.Lock:
    """The lock a game's delivery holds: whatever else sends or edits the game's hand DMs (a
    reminder) holds it too, so a delivery's reads of where they are stay true."""
    return _locks.setdefault(bot, {}).setdefault(game_id, asyncio.Lock())


def _turns() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    turns = _delivering.get(loop)
    if turns is None:
        turns = _delivering[loop] = asyncio.Semaphore(MAX_DELIVERING)
    return turns


async def deliver_change(bot: Host, change: TableChange) -> None:
    """Deliver what a request committed (its game's pending announcements, in the game's
    language)."""
    await deliver(bot, change.record.id)


async def deliver(bot: Host, game_id: int) -> bool:
    """Tell Discord everything pending of one game, once and in order. True when nothing is
    left pending; False when something failed (it is tried again soon).

    At most MAX_DELIVERING games are delivered at once: under a burst the others wait (their
    pictures are not queued, their reads do not line up before the answers to interactions),
    and a game's steps saved meanwhile are shown as one when its turn comes."""
    work = bot.tables.work  # several processes: the game is claimed, or left to its holder
    async with game_lock(bot, game_id), _turns():
        if work is not None and not await work.claim(game_id, anywhere=True):
            retry_soon(bot, game_id)  # another process delivers it; if it died, taken later
            return False
        try:
            found = await bot.store.outstanding(game_id)  # one read, one snapshot
            if found is None:
                return True
            record, outstanding = found
            panels: dict[int, Outgoing] = {}  # the hand panels built ahead, by seat
            seats = sorted(set(outstanding.due) | set(outstanding.pending.panels))

            def ahead() -> None:  # the hands due and those the steps changed, behind the board
                draw_ahead(bot, record, seats, panels)

            done = await show(bot, record, outstanding, ahead) if outstanding.pending else True
            done = done and await send_panels(bot, record, outstanding, panels)
        except Exception:  # e.g. the database cannot record a delivery (a full disk)
            log.exception("delivering game %s failed", game_id)
            done = False
        finally:
            if work is not None:
                await work.release_game(game_id)
    if not done:
        retry_soon(bot, game_id)
    return done


async def deliver_everything(bot: Host) -> None:
    """Deliver every game's pending announcements and panels (start-up, each timer tick); with
    several processes, those of the games this process may take (`Work.may_take`)."""
    pending = await bot.store.games_with_pending()
    work = bot.tables.work
    if work is not None:
        guilds = await bot.store.game_guilds(pending)
        pending = [g for g in pending if g in guilds and work.may_take(guilds[g])]
    for game_id in pending:
        await deliver(bot, game_id)


def retry_soon(bot: Host, game_id: int, attempt: int = 0) -> None:
    """Try a game's delivery again after a pause (one retry under way per game)."""
    retries = _retries.setdefault(bot, {})
    if game_id in retries and not retries[game_id].done():
        return
    if attempt >= len(RETRY_SECONDS):
        return  # the timer loop keeps trying

    async def later() -> None:
        await asyncio.sleep(RETRY_SECONDS[attempt])
        retries.pop(game_id, None)
        if not await deliver(bot, game_id):
            retry_soon(bot, game_id, attempt + 1)

    retries[game_id] = asyncio.get_running_loop().create_task(later(), name=f"deliver-{game_id}")


async def show(
    bot: Host,
    record: GameRecord,
    outstanding: Outstanding,
    ahead: Callable[[], None] | None = None,
) -> bool:
    """Show the pending announcements in the channel: scoring posts, then the board (a new post
    when a turn begins for someone or the game ended, else the live board edited). Marks them
    delivered and the changed panels due, and brings `outstanding` up to date with that (its
    panels due, its board). `ahead` is called once the board's picture is asked for (to draw
    the hands behind it, while the board is sent). False when Discord failed (left pending)."""
    locale = game_locale(record)
    pending = outstanding.pending
    if record.status == "aborted":
        return await show_end_without_result(bot, record, outstanding, locale)
    if record.status not in ("running", "finished"):
        await bot.store.mark_delivered(record.id, pending.versions, None)
        return True
    last = pending.versions[-1]
    live = outstanding.messages.get("board")
    waiting = [s for s in pending.ping if s in record.waiting]
    notices = await turn_notices(bot, record, waiting)
    ping = [s for s, notice in notices.items() if wants_mention(notice)]
    fresh_board = (
        live is None or bool(pending.ping) or record.status == "finished"
    ) or keeps_every_board(record)
    try:
        for number, post in enumerate(scoring_posts(record, pending.events, locale)):
            await send_post(bot, record, post, nonce=f"s{record.id}.{last}.{number}")
        where = None
        if not fresh_board and live is not None:
            shown = outstanding.shown
            events = shown.events + pending.events
            lines = note_lines(record, shown.notes + pending.notes, locale)
            out = board(record, locale, events, [], lines)
            _board_first(out, ahead)
            ahead = None  # called once
            try:
                await edit_board(bot, live, out)
                where = live
            except discord.NotFound:  # the live board was deleted: post a new one
                fresh_board = True
        if where is None:
            lines = note_lines(record, pending.notes, locale)
            length = await game_length(bot.store, record) if record.status == "finished" else None
            out = board(record, locale, pending.events, ping, lines, length)
            _board_first(out, ahead)
            where = (record.channel_id, await post_board(bot, record, out, f"b{record.id}.{last}"))
    except DISCORD_FAILURES as exc:
        await failed(bot, record, exc, locale)
        return False
    panels = {
        s: wants_dm(notices.get(s, "mention")) and s in notices
        for s in pending.panels
        if s < len(record.seats) and not record.seats[s].bot
    }
    await bot.store.mark_delivered(record.id, pending.versions, where, panels)
    for seat, fresh in panels.items():  # as the store merged them
        outstanding.due[seat] = outstanding.due.get(seat, False) or fresh
    outstanding.messages["board"] = where
    if fresh_board and live is not None and live != where:
        await collapse_board(bot, record, live, locale, outstanding.shown)
    if Timing.of(record.timing).blocked:  # a post went through again: the clocks restart
        await bot.tables.deadlines.set_blocked(record.id, False)
    return True


def _board_first(out: Outgoing, ahead: Callable[[], None] | None) -> None:
    """Ask for the board's pictures, then call `ahead` (the pictures asked for later queue
    behind the board's)."""
    for image, _ in out.images:
        draw_soon(image)
    if ahead is not None:
        ahead()


async def show_end_without_result(
    bot: Host, record: GameRecord, outstanding: Outstanding, locale: str | None
) -> bool:
    """An aborted game's last word (e.g. abandoned when nobody came back): its live board
    becomes its text, with why it ended, and loses picture and buttons."""
    pending = outstanding.pending
    if not pending.notes:
        await bot.store.mark_delivered(record.id, pending.versions, None)
        return True
    live = outstanding.messages.get("board")
    shown = outstanding.shown if live else Pending([], [])
    text = board_summary(record, shown.events + pending.events, shown.notes + pending.notes, locale)
    text = f"{text}\n{t('board.aborted', locale)}"[:2000]
    try:
        if live is not None:
            await edit_board(bot, live, Outgoing(text))
            where = live
        else:
            channel = bot.get_partial_messageable(record.channel_id)
            message = await channel.send(
                text,
                allowed_mentions=discord.AllowedMentions.none(),
                nonce=f"a{record.id}.{pending.versions[-1]}",
            )
            where = (record.channel_id, message.id)
    except DISCORD_FAILURES as exc:
        if channel_unknown(exc):
            await bot.store.mark_delivered(record.id, pending.versions, None)
            return True
        log.warning("could not show game %s's end: %s", record.id, kind_of(exc))
        return False
    await bot.store.mark_delivered(record.id, pending.versions, where)
    return True


def note_lines(record: GameRecord, notes: list[dict[str, Any]], locale: str | None) -> list[str]:
    return [line for note in notes if (line := note_line(record, note, locale))]


async def send_panels(
    bot: Host,
    record: GameRecord,
    outstanding: Outstanding,
    panels: dict[int, Outgoing] | None = None,
) -> bool:
    """DM each due private panel (a fresh DM, which notifies, for a seat whose turn began and
    whose player asked for DMs; `panels`: those built already, by seat); a fresh one is marked
    done as soon as it is sent, the others sent (or that cannot be) together, in one write.
    False if one failed in a way that may pass (it stays due). The seats' panels go at the
    same time: their pictures are drawn side by side, not one after another."""
    due = outstanding.due
    if not due:
        return True
    outcomes = await asyncio.gather(
        *(
            send_panel(bot, record, seat, fresh, outstanding, (panels or {}).get(seat))
            for seat, fresh in due.items()
        ),
        return_exceptions=True,
    )
    edits = [s for s, outcome in zip(due, outcomes, strict=True) if outcome is True and not due[s]]
    await bot.store.panels_done(record.id, edits)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
    return all(outcome is True for outcome in outcomes)


async def send_panel(
    bot: Host,
    record: GameRecord,
    seat: int,
    fresh: bool,
    outstanding: Outstanding,
    panel: Outgoing | None = None,
) -> bool:
    """DM one seat's due panel. True: it is done (sent, or it cannot be sent); False: it
    failed in a way that may pass (it stays due). A `fresh` panel (a new DM, which notifies:
    sent twice, it shows twice) is marked done here at once; the others (edits, which repeat
    harmlessly) are left to the caller's one write."""
    if record.status in ("running", "finished") and seat < len(record.seats):
        locale = member_locale(bot, record.seats[seat].user_id, record)
        note = t("dm.your_turn", locale, channel=f"<#{record.channel_id}>") if fresh else None
        sent = await dm_hand(
            bot,
            record,
            seat,
            locale,
            fresh=fresh,
            note=note,
            shown_in=outstanding.messages.get(f"hand:{seat}"),
            panel=panel,
        )
        if sent is None:
            return False
    if fresh:
        await bot.store.panel_done(record.id, seat)
    return True


async def send_post(bot: Host, record: GameRecord, out: Outgoing, nonce: str) -> None:
    """Post a message without buttons or pings (a scoring's own post). Raises what Discord
    raises; `nonce` makes it idempotent."""
    await bot.get_partial_messageable(record.channel_id).send(
        content=out.content,
        files=await files_of(out),
        allowed_mentions=discord.AllowedMentions.none(),
        nonce=nonce,
    )


async def failed(bot: Host, record: GameRecord, exc: BaseException, locale: str | None) -> None:
    """A board could not be shown. A deleted channel ends its game; a channel where the bot
    may not post stops the game's clocks and tells the players privately; anything else is
    tried again later."""
    if channel_unknown(exc):
        await end_without_channel(bot, record.channel_id)
        return
    if cannot_post(exc):
        log.warning("the bot cannot post in game %s's channel: %s", record.id, kind_of(exc))
        await bot.tables.deadlines.set_blocked(record.id, True)
        await tell_cannot_post(bot, record, locale)
        return
    log.warning("could not show game %s's board: %s", record.id, kind_of(exc))


async def tell_cannot_post(bot: Host, record: GameRecord, locale: str | None) -> None:
    """DM each member of the game, once per game, that the bot cannot post in its channel
    and that the game's clocks stand still until it can."""
    for seat in record.seats:
        if seat.bot or seat.user_id is None:
            continue
        if await bot.store.has_flag(record.id, BLOCKED_FLAG, seat.user_id):
            continue
        text = t("delivery.cannot_post", locale, channel=f"<#{record.channel_id}>")
        try:
            await (await dm_channel(bot, seat.user_id)).send(text)
        except DISCORD_FAILURES as exc:
            log.info("could not tell a player of game %s: %s", record.id, kind_of(exc))
            continue
        await bot.store.set_flag(record.id, BLOCKED_FLAG, seat.user_id)


async def end_without_channel(bot: Host, channel_id: int) -> None:
    """Abort the active game of a channel (or thread) that was deleted, if it has one."""
    ended = await bot.tables.lobby.channel_gone(channel_id)
    if ended is not None:
        log.warning("the channel of game %s is gone; the game is aborted", ended.id)


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
    except DISCORD_FAILURES as exc:
        log.info("could not redraw the lobby of game %s: %s", record.id, kind_of(exc))
