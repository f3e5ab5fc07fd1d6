"""The page's live feed: every create, edit and delete of a message goes, as server-sent events,
to each open page whose member can see it (an ephemeral answer only to the member it is for)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from fakediscord import FakeDiscord, FakeUser
from fakediscord.events import MessageEvent

from .views import event_view

KEEP_ALIVE = 15.0


@dataclass(eq=False)
class Listener:
    """One open page, watching as `member`."""

    member: FakeUser
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


class LiveFeed:
    """Hands each message event to the pages allowed to see it."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.listeners: set[Listener] = set()
        fake.world.log.listeners.append(self.on_event)

    def on_event(self, event: MessageEvent) -> None:
        view: dict[str, Any] | None = None
        for listener in self.listeners:
            if self.fake.world.can_see(listener.member, event.message):
                view = view or event_view(event)
                listener.queue.put_nowait(view)

    def tell_everyone(self, kind: str) -> None:
        """A change of the server itself (e.g. a new member): every page reloads it."""
        for listener in self.listeners:
            listener.queue.put_nowait({"kind": kind})

    async def stream(self, request: web.Request, member: FakeUser) -> web.StreamResponse:
        """Serve `text/event-stream` to one page until it goes away."""
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        )
        await response.prepare(request)
        listener = Listener(member)
        self.listeners.add(listener)
        try:
            await response.write(b": connected\n\n")
            while True:
                try:
                    item = await asyncio.wait_for(listener.queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    await response.write(b": keep-alive\n\n")
                    continue
                await response.write(f"data: {json.dumps(item)}\n\n".encode())
        except ConnectionResetError:
            pass
        finally:
            self.listeners.discard(listener)
        return response
