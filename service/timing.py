"""Asynchronous play's settings, as plain data (no Discord, no store): a game's timing settings
and their limits, the clock type, and how players hear it is their turn.

A game's timing settings live in its record (`GameRecord.timing`, JSON); a missing key means
the default below. What the settings do to the seats' clocks is `service/turn_clock.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from rules.search import DEFAULT_SECONDS

Clock = Callable[[], datetime]
"""Returns the current time (aware, UTC). Production uses `utc_now`; tests inject their own."""

DEFAULT_REMINDER_HOURS = 24
DEFAULT_DEADLINE_HOURS = 0  # off
DEFAULT_AUTO_MOVES = 3
MAX_REMINDERS = 3  # reminders per wait, at most
MAX_HOURS = 24 * 30  # the longest interval a setting accepts
MAX_AUTO_MOVES = 20

DEFAULT_BOT_SECONDS = DEFAULT_SECONDS  # CPU seconds a strong bot thinks per decision
MIN_BOT_SECONDS = 0.5
MAX_BOT_SECONDS = 10.0  # PROPOSED: more would keep a table of strong bots waiting too long

BOARDS = ("live", "all")
"""What the channel keeps of a game: one live board (edited within a turn, collapsed to text
when the next is posted), or every board with its picture."""
OFFLINE_AFTER_CHECKS = 3  # missed timer checks after which the bot counts itself offline
MIN_OFFLINE = timedelta(minutes=2)
DEFAULT_ABANDON_HOURS = 72.0  # a deserted game waits this long for a player to come back


def offline_tolerance(check_seconds: float) -> timedelta:
    """How old the last heartbeat may be before the time since counts as offline: a few timer
    checks, never under MIN_OFFLINE (a slow check is not an outage)."""
    return max(timedelta(seconds=OFFLINE_AFTER_CHECKS * check_seconds), MIN_OFFLINE)


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
    deserted_at: str | None = None  # ISO UTC: since when bots hold every seat (`deserted`)
    deserted_reminders: int = 0  # reminders to take a seat back sent since `deserted_at`
    blocked: bool = False  # the bot cannot post in the game's channel: the clocks stop
    boards: str = "live"  # `live`: one board, edited and collapsed; `all`: keep every board
    bot_seconds: float = DEFAULT_BOT_SECONDS  # a strong bot's thinking per decision (CPU s)

    @property
    def stopped(self) -> bool:
        """Whether the clocks stand still: paused by the host, or the channel is blocked."""
        return self.paused or self.blocked

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Timing:
        """The settings stored in a record's `timing` (defaults for what is missing)."""
        return cls(
            paused=bool(data.get("paused", False)),
            reminder_hours=int(data.get("reminder_hours", DEFAULT_REMINDER_HOURS)),
            deadline_hours=int(data.get("deadline_hours", DEFAULT_DEADLINE_HOURS)),
            auto_moves=int(data.get("auto_moves", DEFAULT_AUTO_MOVES)),
            restarted_at=data.get("restarted_at"),
            blocked=bool(data.get("blocked", False)),
            boards=str(data.get("boards", "live")),
            bot_seconds=float(data.get("bot_seconds", DEFAULT_BOT_SECONDS)),
            deserted_at=data.get("deserted_at"),
            deserted_reminders=int(data.get("deserted_reminders", 0)),
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
        if self.blocked:
            data["blocked"] = True
        if self.boards != "live":
            data["boards"] = self.boards
        if self.bot_seconds != DEFAULT_BOT_SECONDS:
            data["bot_seconds"] = self.bot_seconds
        if self.deserted_at is not None:
            data["deserted_at"] = self.deserted_at
            data["deserted_reminders"] = self.deserted_reminders
        return data
