"""Deserted games, as pure functions (no Discord, no store).

A game is deserted when deadlines (or leaving) have left bots in every seat, at least one of
them standing in for a member who missed too many deadlines (`GameRecord.deserted`). Its bots
then do not play it out alone: it waits. The members whose seats the bots hold are reminded,
every `reminder_hours` of the game, that `/game rejoin` takes their seat back; if nobody has
come back `abandon_after` after the game was deserted (counted from the clocks' latest restart
if later, so a pause or new timing settings start it again), it ends without a result. Once
someone is back, play resumes and the count is forgotten.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from db.records import GameRecord
from service.timing import Timing, parse_time


def deserted_since(timing: Timing) -> datetime | None:
    """Since when the deserted game's wait for its players counts (None: not yet recorded)."""
    if timing.deserted_at is None:
        return None
    since = parse_time(timing.deserted_at)
    if timing.restarted_at is not None:
        since = max(since, parse_time(timing.restarted_at))
    return since


def absent_members(record: GameRecord) -> list[int]:
    """The members whose seats bots hold after their missed deadlines, by seat."""
    return [s.user_id for s in record.seats if s.bot and s.user_id is not None]


def abandon_at(timing: Timing, abandon_after: timedelta) -> datetime | None:
    """When the deserted game is abandoned if nobody comes back (None: not yet recorded)."""
    since = deserted_since(timing)
    return None if since is None else since + abandon_after


def reminders_due(timing: Timing, abandon_after: timedelta, now: datetime) -> int:
    """How many reminders to come back should have been sent by `now`: one per reminder
    interval of the game since it was deserted, before it is abandoned (none while paused or
    with reminders off)."""
    since = deserted_since(timing)
    if since is None or timing.paused or timing.reminder_hours <= 0:
        return 0
    interval = timedelta(hours=timing.reminder_hours)
    count = int((min(now, since + abandon_after) - since) / interval)
    if since + count * interval >= since + abandon_after:
        count -= 1  # the abandonment itself is told, not a last reminder
    return max(count, 0)


def hours_text(span: timedelta) -> str:
    """A span in hours for the players ("72", "1.5")."""
    return f"{span.total_seconds() / 3600:g}"
