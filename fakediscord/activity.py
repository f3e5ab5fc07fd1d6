"""Knowing when the bot has finished reacting: no request in flight, no handler task running.

The fake and the bot share one event loop, so besides counting requests we can see discord.py's
own tasks that run command, component and modal callbacks (by their task names).
"""

from __future__ import annotations

import asyncio

BOT_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-modal-dispatch",
    "discord-ui-dynamic-item",
    "discord.py: on_interaction",
)


class Activity:
    """Counts API requests; `settle()` waits for a quiet period."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.counter = 0
        self.last = 0.0

    def begin(self) -> None:
        """A request arrived."""
        self.in_flight += 1
        self.counter += 1
        self.last = asyncio.get_running_loop().time()

    def end(self) -> None:
        """A request was answered."""
        self.in_flight -= 1
        self.last = asyncio.get_running_loop().time()

    async def settle(self, quiet: float = 0.1, timeout: float = 5.0, ticks: int = 5) -> bool:
        """Wait until nothing happened for `quiet` s and `ticks` checks; False on timeout."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        seen, calm = self.counter, 0
        while loop.time() < deadline:
            busy = self.in_flight > 0 or _bot_tasks_running()
            if busy or self.counter != seen:
                seen, calm = self.counter, 0
            else:
                calm += 1
            if calm >= ticks and loop.time() - self.last >= quiet:
                return True
            await asyncio.sleep(quiet / ticks)
        return False


def _bot_tasks_running() -> bool:
    current = asyncio.current_task()
    return any(
        task is not current and not task.done() and task.get_name().startswith(BOT_TASK_PREFIXES)
        for task in asyncio.all_tasks()
    )
