"""Asynchronous play's rules of time, as plain data and pure functions (no Discord, no store).

A game's timing settings live in its record (`GameRecord.timing`, JSON); a missing key means
the default below. Each waiting seat has a `TurnTimer` (when its turn's wait began, reminders
sent); reminders and deadlines are *computed* from those and `now`, never stored as due times, so a
changed setting applies at once and a restart loses nothing:

* a seat's clock runs per turn: it starts when the seat must act under a new `turn` label (or
  begins waiting again, or changes hands) and goes on across the seat's own extra actions of
  that turn; or it starts at the latest restart of the game's clocks (a resume, or a change of
  the settings), whichever is later;
* a reminder is due one reminder interval after the clock's start or after the last reminder,
  at most MAX_REMINDERS per wait, so a reminder due while the bot was down is sent once;
* a deadline is due `deadline_hours` after the clock's start; when it passes the game's bot
  finishes the turn for the seat (one auto-moved turn, however many actions), and after
  `auto_moves` such turns in a row a bot takes the seat for good;
* while a game is paused nothing is due (players may still move).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from db.records import TurnTimer

Clock = Callable[[], datetime]
"""Returns the current time (aware, UTC). Production uses `utc_now`; tests inject their own."""

DEFAULT_REMINDER_HOURS = 24
DEFAULT_DEADLINE_HOURS = 0  # off
DEFAULT_AUTO_MOVES = 3
MAX_REMINDERS = 3  # reminders per wait, at most
MAX_HOURS = 24 * 30  # the longest interval a setting accepts
MAX_AUTO_MOVES = 20

NOTICES = ("mention", "dm", "both")
"""How a player hears it is their turn: a mention in the channel (default), a DM, or both."""
DEFAULT_NOTICE = "mention"


def utc_now() -> datetime:
    """The real clock."""
    return datetime.now(UTC)


def parse_time(text: str) -> datetime:
    """A time the store wrote (ISO text) as an aware datetime."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def wants_mention(notice: str) -> bool:
    return notice in ("mention", "both")


def wants_dm(notice: str) -> bool:
    return notice in ("dm", "both")


@dataclass(frozen=True)
class Timing:
    """A game's timing settings. Hours of 0 switch reminders or the deadline off."""

    paused: bool = False
    reminder_hours: int = DEFAULT_REMINDER_HOURS
    deadline_hours: int = DEFAULT_DEADLINE_HOURS
    auto_moves: int = DEFAULT_AUTO_MOVES
    restarted_at: str | None = None  # ISO UTC: the clocks' latest restart (resume, new settings)

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Timing:
        """The settings stored in a record's `timing` (defaults for what is missing)."""
        return cls(
            paused=bool(data.get("paused", False)),
            reminder_hours=int(data.get("reminder_hours", DEFAULT_REMINDER_HOURS)),
            deadline_hours=int(data.get("deadline_hours", DEFAULT_DEADLINE_HOURS)),
            auto_moves=int(data.get("auto_moves", DEFAULT_AUTO_MOVES)),
            restarted_at=data.get("restarted_at"),
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "paused": self.paused,
            "reminder_hours": self.reminder_hours,
            "deadline_hours": self.deadline_hours,
            "auto_moves": self.auto_moves,
        }
        if self.restarted_at is not None:
            data["restarted_at"] = self.restarted_at
        return data


def clock_start(timer: TurnTimer, timing: Timing) -> datetime:
    """When the seat's clock started: its wait's start, or the clocks' latest restart."""
    start = parse_time(timer.started_at)
    if timing.restarted_at is not None:
        start = max(start, parse_time(timing.restarted_at))
    return start


def deadline_at(timer: TurnTimer, timing: Timing) -> datetime | None:
    """When the seat's deadline passes (None: no deadline, or the game is paused)."""
    if timing.paused or timing.deadline_hours <= 0:
        return None
    return clock_start(timer, timing) + timedelta(hours=timing.deadline_hours)


def reminder_at(timer: TurnTimer, timing: Timing) -> datetime | None:
    """When the seat's next reminder is due (None: off, paused, or all reminders sent)."""
    if timing.paused or timing.reminder_hours <= 0 or timer.sent_count >= MAX_REMINDERS:
        return None
    start = clock_start(timer, timing)
    if timer.last_sent_at is not None:
        start = max(start, parse_time(timer.last_sent_at))
    return start + timedelta(hours=timing.reminder_hours)


def due(timer: TurnTimer, timing: Timing, now: datetime) -> str | None:
    """What the timer must do at `now`: "deadline", "remind" or None. A passed deadline comes
    first: the move it makes ends the wait, so no reminder is sent for it."""
    deadline = deadline_at(timer, timing)
    if deadline is not None and deadline <= now:
        return "deadline"
    reminder = reminder_at(timer, timing)
    if reminder is not None and reminder <= now:
        return "remind"
    return None
