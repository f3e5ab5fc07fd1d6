"""Requests held without an answer, as when the bot dies in the middle of a call: the loopback
takes the request and never answers (before or after it took effect), so a test can kill the
bot at that very moment (`FakeDiscord.hold`)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field


@dataclass
class Hold:
    """The next request of `method route` (whose path parameters include `params`, e.g. one
    channel's id) is held: before its handler runs (`after` False: it never takes effect) or
    after (it took effect, but the answer never comes). `reached` is set when a request is
    held."""

    method: str
    route: str
    after: bool
    params: dict[str, str] = field(default_factory=dict)
    reached: asyncio.Event = field(default_factory=asyncio.Event)


class Holds:
    """The holds waiting for their request."""

    def __init__(self) -> None:
        self._waiting: list[Hold] = []

    def add(self, hold: Hold) -> Hold:
        self._waiting.append(hold)
        return hold

    def take(self, method: str, route: str, params: dict[str, str]) -> Hold | None:
        """The first hold for this request (removed: a hold takes one request)."""
        for hold in self._waiting:
            same = all(params.get(name) == value for name, value in hold.params.items())
            if (hold.method, hold.route) == (method, route) and same:
                self._waiting.remove(hold)
                return hold
        return None

    @staticmethod
    async def never_answer(hold: Hold) -> None:
        """Keep the request open until the server shuts down (the client has died)."""
        hold.reached.set()
        await asyncio.sleep(3600)
