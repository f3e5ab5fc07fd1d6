"""The texts of a server's tables: a game's timing settings, who must act since when, the
seats (with what deadlines did to them), the `/game status` details and the `/games` list."""

from __future__ import annotations

from games import rules_of
from i18n import t
from interface.names import shown_name, text_names
from interface.replies import relative_time
from service.overview import TableSummary
from service.timing import DEFAULT_BOT_SECONDS, MAX_REMINDERS, Timing

MAX_CHARS = 2000
MAX_LISTED = MAX_CHARS // 20  # more games than fit in one `/games` answer (a line has a channel
# mention, 20+ characters, and more)


def seconds_text(seconds: float) -> str:
    """`2`, `0.5`: a number of seconds without a needless fraction."""
    return f"{seconds:g}"


def timing_text(timing: Timing, locale: str | None) -> str:
    """A game's reminder and deadline settings in one line (and the boards kept and the strong
    bots' thinking time, on lines of their own, when not the default)."""
    if timing.reminder_hours:
        reminders = t("timing.reminders", locale, hours=timing.reminder_hours, max=MAX_REMINDERS)
    else:
        reminders = t("timing.no_reminders", locale)
    if timing.deadline_hours:
        deadline = t("timing.deadline", locale, hours=timing.deadline_hours, auto=timing.auto_moves)
    else:
        deadline = t("timing.no_deadline", locale)
    line = t("timing.line", locale, reminders=reminders, deadline=deadline)
    if timing.boards == "all":
        line += "\n" + t("timing.every_board", locale)
    if timing.bot_seconds != DEFAULT_BOT_SECONDS:
        line += "\n" + t("timing.bot_seconds", locale, seconds=seconds_text(timing.bot_seconds))
    return f"{t('timing.paused', locale)}\n{line}" if timing.paused else line


def waiting_text(summary: TableSummary) -> str:
    """`@ann (3 hours ago), @ben (…)`: who must act, since when."""
    record = summary.record
    parts = []
    for seat in sorted(record.waiting):
        s = record.seats[seat]
        who = shown_name(s.name) if s.bot else f"<@{s.user_id}>"
        since = summary.waiting_since.get(seat)
        parts.append(f"{who} ({relative_time(since)})" if since else who)
    return ", ".join(parts) or "—"


def seat_text(summary: TableSummary, seat: int, locale: str | None) -> str:
    """One seat for the status: the player, and what the deadlines did to the seat."""
    record = summary.record
    s = record.seats[seat]
    if s.bot and s.user_id is not None:
        return t("status.benched", locale, name=shown_name(s.name), player=f"<@{s.user_id}>")
    if s.bot:
        level = t(f"bot.level.{s.level}", locale)
        return t("lobby.bot_seat", locale, name=shown_name(s.name), level=level)
    count = record.auto_moves.get(seat, 0)
    if count:
        return t(
            "status.auto_moves",
            locale,
            player=f"<@{s.user_id}>",
            count=count,
            limit=summary.timing.auto_moves,
        )
    return f"<@{s.user_id}>"


def status_details(summary: TableSummary, locale: str | None) -> str:
    """The lines `/game status` shows above the table."""
    record = summary.record
    seats = ", ".join(f"{n + 1}. {seat_text(summary, n, locale)}" for n in range(len(record.seats)))
    lines = [t("status.players", locale, players=seats)]
    if record.status == "running":
        lines.append(t("status.waiting", locale, waiting=waiting_text(summary)))
        lines.append(timing_text(summary.timing, locale))
    if summary.seat_changes:
        lines.append(seat_changes_text(summary, locale))
    return "\n".join(lines)


MAX_SEAT_CHANGES = 5


def seat_changes_text(summary: TableSummary, locale: str | None) -> str:
    """The latest seat changes (at most MAX_SEAT_CHANGES): who held the seat, who holds it
    now, why, and when."""
    parts = []
    for change, when in summary.seat_changes[-MAX_SEAT_CHANGES:]:
        old = f"<@{change.old_user}>" if change.old_user else shown_name(change.old_name)
        new = f"<@{change.new_user}>" if change.new_user else shown_name(change.new_name)
        why = t(f"seat.why.{change.reason}", locale, old=old, new=new)
        parts.append(
            t(
                "status.seat_change",
                locale,
                old=old,
                new=new,
                why=why,
                when=relative_time(when),
            )
        )
    return t("status.seat_changes", locale, changes="; ".join(parts))


def table_line(summary: TableSummary, locale: str | None) -> str:
    """One game in the `/games` list."""
    record = summary.record
    params = {
        "channel": f"<#{record.channel_id}>",
        "game": t(rules_of(record.game).info.name_key, locale),
        "number": record.id,
        "players": ", ".join(text_names(record)),
    }
    if record.status == "lobby":
        return t("overview.lobby", locale, **params)
    paused = t("overview.paused", locale) if summary.timing.paused else ""
    return t("overview.running", locale, waiting=waiting_text(summary), paused=paused, **params)


def overview_text(
    summaries: list[TableSummary], locale: str | None, total: int | None = None
) -> str:
    """The `/games` answer, cut to fit one message. `summaries` may be the first of `total`
    games (at least MAX_LISTED of them, or all): the rest are counted as more."""
    total = len(summaries) if total is None else total
    if not total:
        return t("overview.none", locale)
    lines = [t("overview.title", locale, count=total)]
    for index, summary in enumerate(summaries):
        line = table_line(summary, locale)
        more = t("overview.more", locale, count=total - index)
        if len("\n".join([*lines, line, more])) > MAX_CHARS:
            lines.append(more)
            break
        lines.append(line)
    else:
        if total > len(summaries):
            lines.append(t("overview.more", locale, count=total - len(summaries)))
    return "\n".join(lines)
