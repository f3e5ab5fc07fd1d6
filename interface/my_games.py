"""`/mygames`: a member's running games in every server they share with the bot, the ones
where it is their turn first, each with how long it has waited and a link to its live board.

Only what the member may know: their own tables (where they hold a seat), the game, its
number, the channel, who must act and since when; never a hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games import rules_of
from i18n import t
from interface.host import Host
from interface.names import shown_name
from interface.replies import relative_time
from service.overview import TableSummary

MAX_CHARS = 2000


def jump_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    """The address that opens a message (or, without one, the channel) in Discord."""
    where = f"{guild_id if guild_id is not None else '@me'}/{channel_id}"
    return f"https://discord.com/channels/{where}" + (f"/{message_id}" if message_id else "")


async def board_links(bot: Host, summaries: Sequence[TableSummary]) -> dict[int, str]:
    """Each game's link to its live board (its channel when no board is known)."""
    links = {}
    for summary in summaries:
        record = summary.record
        stored = await bot.store.get_message(record.id, "board")
        channel, message = stored if stored is not None else (record.channel_id, None)
        links[record.id] = jump_link(record.guild_id, channel, message)
    return links


def my_game_line(summary: TableSummary, user_id: int, link: str, locale: str | None) -> str:
    """One game: its name and number, the channel, whose turn (since when), the link."""
    record = summary.record
    params = {
        "game": t(rules_of(record.game).info.name_key, locale),
        "number": record.id,
        "channel": f"<#{record.channel_id}>",
        "link": link,
    }
    seat = record.seat_of(user_id)
    if seat is not None and seat in record.waiting:
        since = summary.waiting_since.get(seat)
        when = relative_time(since) if since else t("mygames.a_while", locale)
        return t("mygames.your_turn", locale, since=when, **params)
    waiting = []
    for other in sorted(record.waiting):
        name = shown_name(record.seats[other].name)
        since = summary.waiting_since.get(other)
        waiting.append(f"{name} ({relative_time(since)})" if since else name)
    return t("mygames.waiting", locale, waiting=", ".join(waiting) or "—", **params)


def my_games_text(
    summaries: Sequence[TableSummary],
    user_id: int,
    links: Mapping[int, str],
    locale: str | None,
) -> str:
    """The `/mygames` answer, cut to fit one message."""
    if not summaries:
        return t("mygames.none", locale)
    mine = sum(
        1
        for s in summaries
        if (seat := s.record.seat_of(user_id)) is not None and seat in s.record.waiting
    )
    lines = [t("mygames.title", locale, count=len(summaries), turns=mine)]
    for index, summary in enumerate(summaries):
        line = my_game_line(summary, user_id, links[summary.record.id], locale)
        more = t("overview.more", locale, count=len(summaries) - index)
        if len("\n".join([*lines, line, more])) > MAX_CHARS:
            lines.append(more)
            break
        lines.append(line)
    return "\n".join(lines)
