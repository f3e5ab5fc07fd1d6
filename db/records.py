"""Plain records the store hands out or takes: a seat, a game row, an action log entry, a turn
timer, and the turn clocks a write leaves behind."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rules.levels import DEFAULT_LEVEL, level_of

ACTIVE = ("lobby", "running")
NO_HOST = 0
"""The `host_id` of a game whose host left with no member seated to take over: no user has this
id, so only server managers can manage the game."""


@dataclass(frozen=True)
class Seat:
    """One seat: a member (`user_id`) or a bot (`bot` true), and a display name.

    A bot seat's `user_id` is None, except when the bot stands in for a member who missed too
    many deadlines: that member may take the seat back (`/game rejoin`)."""

    user_id: int | None
    name: str
    bot: bool = False
    level: str = DEFAULT_LEVEL  # a bot's level (`rules.levels.LEVELS`); members: the default

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"user_id": self.user_id, "name": self.name, "bot": self.bot}
        if self.bot and self.level != DEFAULT_LEVEL:
            data["level"] = self.level
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        """A stored seat; a missing or unknown level reads as `standard`."""
        bot = bool(data.get("bot", False))
        level = level_of(data.get("level")) if bot else DEFAULT_LEVEL
        return cls(data.get("user_id"), data["name"], bot, level)


@dataclass(frozen=True)
class GameRecord:
    """A game as stored. `version` grows by one with every change; `waiting` maps each seat that
    must act to the version since which it has been waiting (so stale buttons can be told apart)."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: str
    host_id: int
    seats: tuple[Seat, ...]
    options: dict[str, str]
    seed: int | None
    state: dict[str, Any] | None
    waiting: dict[int, int]
    version: int
    created_at: str
    updated_at: str
    timing: dict[str, Any] = field(default_factory=dict)  # asynchronous play settings
    auto_moves: dict[int, int] = field(default_factory=dict)  # seat -> consecutive auto-moves
    language: str = "en"  # the language of the game's channel posts and pictures

    @property
    def active(self) -> bool:
        return self.status in ACTIVE

    def seat_of(self, user_id: int) -> int | None:
        """The seat of this member, or None if they are not seated."""
        for index, seat in enumerate(self.seats):
            if not seat.bot and seat.user_id == user_id:
                return index
        return None

    def benched_seat_of(self, user_id: int) -> int | None:
        """The seat a bot plays for this member (after missed deadlines), or None."""
        for index, seat in enumerate(self.seats):
            if seat.bot and seat.user_id == user_id:
                return index
        return None

    @property
    def deserted(self) -> bool:
        """Every seat is a bot's and at least one of those bots stands in for a member who
        missed too many deadlines: nobody plays, and bots must not finish the game alone."""
        return all(s.bot for s in self.seats) and any(s.user_id is not None for s in self.seats)

    def names(self) -> list[str]:
        """Display names by seat."""
        return [seat.name for seat in self.seats]


@dataclass(frozen=True)
class ActionRecord:
    """One entry of the action log: a move (`kind` "move": `user_id` played `action`, None a
    bot) or a seat change (`kind` "seat": `user_id` holds the seat now, None a bot; `action` is
    the `SeatChange` as JSON)."""

    game_id: int
    version: int
    seat: int
    user_id: int | None
    action: str
    at: str
    kind: str = "move"


@dataclass(frozen=True)
class SeatChange:
    """A running game's seat changing hands, as the action log keeps it: who held it
    (`old_user`, None a bot) and under which name, who holds it now, who made the change (`by`,
    None: the table itself, e.g. a deadline) and why (`reason`):
    "consent" (the holder agreed), "absent" (the holder had left the server), "deadline" (the
    holder's turn deadline had passed), "bot_seat" (a bot played it), "own" (the holder gave
    their own seat away), "left" (the holder left the game), "rejoined" (the member took their
    seat back from the bot), "missed_deadlines" (a bot took it after missed deadlines)."""

    seat: int
    old_user: int | None
    old_name: str
    new_user: int | None
    new_name: str
    by: int | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {
            "old_user": self.old_user,
            "old_name": self.old_name,
            "new_user": self.new_user,
            "new_name": self.new_name,
            "by": self.by,
            "reason": self.reason,
        }

    @classmethod
    def from_log(cls, entry: ActionRecord) -> SeatChange:
        """The change a "seat" row of the action log records."""
        data = json.loads(entry.action)
        return cls(
            entry.seat,
            data.get("old_user"),
            data.get("old_name", ""),
            data.get("new_user"),
            data.get("new_name", ""),
            data.get("by"),
            data.get("reason", ""),
        )


@dataclass(frozen=True)
class TurnTimer:
    """The clock of one waiting seat's turn: its current `waiting` version, when it began
    waiting in this turn (its own extra actions of the turn do not restart the clock), the
    reminders sent for this wait, whether the deadline has already moved for it in this wait
    (times are ISO UTC text), and the seconds its clock was held while the bot was offline."""

    game_id: int
    seat: int
    since_version: int
    started_at: str
    sent_count: int = 0
    last_sent_at: str | None = None
    deadline_moved: bool = False
    deadline_hours: int | None = None  # the settings this wait began under (None: the game's)
    auto_moves: int | None = None
    held_seconds: float = 0.0


@dataclass(frozen=True)
class TurnClocks:
    """The turn timers a write leaves, as the service's turn clock decided them
    (`service/turn_clock.py`); the store applies them in the same transaction.

    Every seat in `waiting` (seat -> the version since which it waits) has a timer for that
    version afterwards: a timer it already had for that version goes on, and so does the timer
    of a `carried` seat (it follows the seat to its new version); the others start at `at`.
    Seats not in `waiting` lose their timers. `deadline_moved`: that seat's timer notes that the
    deadline has moved for it in this wait. `at` is also the time of the write. A timer that
    starts keeps `deadline_hours` and `auto_moves`, the game's settings then (None: none kept),
    for its whole wait: a change of the settings applies from the next wait."""

    waiting: dict[int, int]
    at: datetime
    carried: frozenset[int] = frozenset()
    deadline_moved: int | None = None
    deadline_hours: int | None = None
    auto_moves: int | None = None
