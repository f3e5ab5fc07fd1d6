"""The strong bots' search: determinized Monte Carlo search from one seat's view.

Every iteration draws a full game state consistent with the seat's view (its hand, everything
public; the cards it cannot see dealt at random among the places it cannot see, with their
sizes kept), picks a root move by UCB1 over all iterations (one statistic per move, shared by
every sampled world: information-set search at the root, so no move is judged in a world the
seat could know is not the real one), plays it and plays the game on in the fast simulator
with a cheap policy up to a horizon, and scores the result for the seat. The move tried most
wins. The decision depends only on the view, the seed and the budget: a fixed iteration budget
gives the same move every time, a time budget (CPU seconds) whatever fits.

Titles plug in through a `Searcher` (`rules/<game>/strong.py`); the garbage collector is off
during a search (many short-lived lists would trigger it over and over).
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from rules.contract import View

DEFAULT_SECONDS = 2.0
EXPLORATION = 0.7


@dataclass(frozen=True)
class Budget:
    """How long a search thinks: `iterations` (deterministic, for tests) or CPU `seconds`."""

    iterations: int | None = None
    seconds: float = DEFAULT_SECONDS


class Searcher(Protocol):
    """What a title offers the search (all from the seat's view only)."""

    def determinize(self, view: View, rng: random.Random) -> Any:
        """A simulator of a full state consistent with `view`, hidden cards drawn by `rng`."""

    def candidates(self, view: View, sim: Any, seed: int) -> list[int]:
        """The root moves worth trying (the same for every world consistent with `view`); the
        first is the preferred one on equal visits (e.g. the standard bot's move)."""

    def playout_move(self, sim: Any, seat: int, rng: random.Random) -> int:
        """A cheap policy's move for any seat in a playout."""

    def finished(self, sim: Any, view: View) -> bool:
        """Whether a playout has reached its horizon (the game's end, or a hand's)."""

    def reward(self, sim: Any, seat: int, view: View) -> float:
        """How good the playout's end is for `seat`, in [0, 1]."""

    def move_text(self, move: int) -> str:
        """The reference action text of a move."""


@dataclass
class SearchResult:
    """The chosen move's text, and every candidate's (text, visits, mean reward)."""

    action: str
    stats: list[tuple[str, int, float]]
    iterations: int


MAX_PLAYOUT_MOVES = 5_000


def search(
    searcher: Searcher,
    view: View,
    seed: int,
    budget: Budget,
    clock: Callable[[], float] = time.process_time,
) -> SearchResult:
    """The seat's move after a determinized UCB1 search within `budget` (see the module)."""
    seat = view["seat"]
    rng = random.Random(seed)
    enabled = gc.isenabled()
    gc.disable()
    try:
        first = searcher.determinize(view, rng)
        moves = searcher.candidates(view, first, seed)
        if len(moves) == 1:
            text = searcher.move_text(moves[0])
            return SearchResult(text, [(text, 0, 0.0)], 0)
        visits = [0] * len(moves)
        totals = [0.0] * len(moves)
        deadline = clock() + budget.seconds
        done = 0
        world = first
        while True:
            if budget.iterations is not None:
                if done >= budget.iterations:
                    break
            elif done >= len(moves) and clock() >= deadline:
                break
            if done:
                world = searcher.determinize(view, rng)
            index = _select(visits, totals, done)
            world.apply(seat, moves[index])
            steps = 0
            while not searcher.finished(world, view) and steps < MAX_PLAYOUT_MOVES:
                acting = world.to_act()
                mover = acting[rng.randrange(len(acting))] if len(acting) > 1 else acting[0]
                world.apply(mover, searcher.playout_move(world, mover, rng))
                steps += 1
            visits[index] += 1
            totals[index] += searcher.reward(world, seat, view)
            done += 1
    finally:
        if enabled:
            gc.enable()
    best = max(range(len(moves)), key=lambda i: (visits[i], totals[i], -i))
    stats = [
        (searcher.move_text(m), visits[i], totals[i] / visits[i] if visits[i] else 0.0)
        for i, m in enumerate(moves)
    ]
    return SearchResult(searcher.move_text(moves[best]), stats, done)


def _select(visits: list[int], totals: list[float], done: int) -> int:
    """UCB1: every move once, first to last, then the best mean plus exploration bonus."""
    for i, v in enumerate(visits):
        if v == 0:
            return i
    log_n = math.log(done)
    best, best_score = 0, -1.0
    for i, v in enumerate(visits):
        score = totals[i] / v + EXPLORATION * math.sqrt(log_n / v)
        if score > best_score:
            best, best_score = i, score
    return best
