"""Plain records the store hands out: a seat, a game row, an action log entry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ACTIVE = ("lobby", "running")


@dataclass(frozen=True)
class Seat:
    """One seat: a member (`user_id`) or a bot (`bot` true, `user_id` None), and a display name."""

    user_id: int | None
    name: str
    bot: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "bot": self.bot}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(data.get("user_id"), data["name"], bool(data.get("bot", False)))


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

    @property
    def active(self) -> bool:
        return self.status in ACTIVE

    def seat_of(self, user_id: int) -> int | None:
        """The seat of this member, or None if they are not seated."""
        for index, seat in enumerate(self.seats):
            if not seat.bot and seat.user_id == user_id:
                return index
        return None

    def names(self) -> list[str]:
        """Display names by seat."""
        return [seat.name for seat in self.seats]


@dataclass(frozen=True)
class ActionRecord:
    """One entry of the action log."""

    game_id: int
    version: int
    seat: int
    user_id: int | None
    action: str
    at: str
