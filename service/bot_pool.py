"""Bot moves off the event loop: strong searches run in a process pool.

`BotPool.action` returns the move of a bot of a given level; a strong bot thinks for the
game's `seconds` (its `bot_seconds` setting) unless the pool was made with a fixed iteration
budget (tests) or the call gives its own `budget`. `easy` and `standard` are quick and
computed in place; `strong` is searched in a worker process (`concurrent.futures.
ProcessPoolExecutor`) within its budget, so the event loop never waits on it. A search that
fails, or does not answer in time (`SLACK` times its budget plus `GRACE` seconds of wall
time), plays the standard move instead; a pool whose worker crashed or hung is replaced by a new
one, so no game waits on it. Searches queue for the workers in the order asked (one worker per
spare core); tables of bots alone are served after tables with people in them (`people`).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from games import rules_of
from rules.contract import View
from rules.level_play import has_search, level_action
from rules.search import Budget

log = logging.getLogger(__name__)

GRACE = 3.0  # seconds a search may take beyond its budget before it is given up
SLACK = 5.0  # wall seconds per CPU second of budget allowed (a busy machine shares its cores)


def think(game_id: str, level: str, view: View, seed: int, budget: Budget) -> str:
    """A bot's action, computed in this process (the workers' entry point)."""
    return level_action(rules_of(game_id), level, view, seed, budget)


def default_workers() -> int:
    """One worker per core beyond the first (which the event loop keeps), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


class BotPool:
    """The strong bots' worker processes (created on first use)."""

    def __init__(
        self,
        workers: int | None = None,
        budget: Budget | None = None,
        worker: Callable[[str, str, View, int, Budget], str] = think,
    ) -> None:
        """`worker` is what the processes run (a module-level function; tests swap it);
        `budget` with `iterations` is used for every search, whatever the game's setting."""
        self.workers = workers or default_workers()
        self.budget = budget or Budget()
        self.worker = worker
        self._pool: ProcessPoolExecutor | None = None
        self._slots: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None
        self._waiting_people = 0
        self.restarts = 0

    def budget_for(self, seconds: float | None) -> Budget:
        """The pool's budget, thinking `seconds` of CPU when given (a fixed iteration budget
        stays as it is)."""
        if seconds is None or self.budget.iterations is not None:
            return self.budget
        return Budget(seconds=seconds)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver, not fork: the bot process runs threads (the database's), and a fork
            # copies whatever locks they hold at that moment
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return self._pool

    def restart(self) -> None:
        """Replace the pool (its workers are stopped: a hung search must not hold a core)."""
        pool, self._pool = self._pool, None
        self.restarts += 1
        if pool is None:
            return
        processes: dict[Any, Any] = dict(getattr(pool, "_processes", None) or {})
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes.values():
            if process.is_alive():
                process.kill()

    def close(self) -> None:
        """Stop the workers (at shutdown)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def action(
        self,
        game_id: str,
        level: str,
        view: View,
        seed: int,
        *,
        budget: Budget | None = None,
        seconds: float | None = None,
        people: bool = True,
    ) -> str:
        """The move of a bot of `level` for the seat whose view this is (see the module)."""
        game = rules_of(game_id)
        budget = budget or self.budget_for(seconds)
        if level != "strong" or not has_search(game_id):
            return level_action(game, level, view, seed, budget)
        try:
            return await self._search(game_id, view, seed, budget, people)
        except Exception:  # a failed or late search plays the standard move
            log.exception("strong bot search failed (%s): standard move played", game_id)
            return game.bot_action(view, seed)

    async def _search(
        self, game_id: str, view: View, seed: int, budget: Budget, people: bool
    ) -> str:
        if people:
            self._waiting_people += 1
        try:
            while not people and self._waiting_people:  # tables with people go first
                await asyncio.sleep(0.05)
            loop = asyncio.get_running_loop()
            if self._slots is None or self._slots[0] is not loop:
                self._slots = (loop, asyncio.Semaphore(self.workers))
            async with self._slots[1]:
                future = loop.run_in_executor(
                    self._executor(), self.worker, game_id, "strong", view, seed, budget
                )
                try:
                    return await asyncio.wait_for(future, SLACK * budget.seconds + GRACE)
                except (TimeoutError, BrokenProcessPool):
                    self.restart()
                    raise
        finally:
            if people:
                self._waiting_people -= 1


_SHARED: BotPool | None = None


def shared_pool() -> BotPool:
    """The process's pool of strong bots (created on first use)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = BotPool()
    return _SHARED
