"""The strong bots' search: determinized Monte Carlo search from one seat's view.

Each round draws a full game state consistent with the seat's view (its hand, everything public;
the cards it cannot see dealt at random among the places it cannot see, with their sizes kept),
plays every remaining root candidate in it (the same world and the same playout randomness for
all: the statistics are per information set, so no move is judged by a world the seat could
know is false, and candidates are compared on equal terms), plays on in the fast simulator with
a cheap policy up to a horizon, and scores the result for the seat. Candidates clearly worse
than the best are dropped; the first candidate (the standard bot's move where a title puts it
first) is kept unless another is clearly better. The decision depends only on the view, the
seed and the budget: a fixed iteration budget (playouts) gives the same move every time, a time
budget (CPU seconds) whatever fits.

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
WALL_FACTOR = 3.0  # a time budget also stops after this many times its seconds of wall time


def deal_hidden(
    unseen: list[int], seat: int, own: list[int], counts: list[int], rng: random.Random
) -> list[list[int]]:
    """The hands of a drawn world: `unseen` (the cards `seat` cannot see) shuffled in place,
    each other seat dealt its count of them (sorted), `seat` keeping `own`. What is left in
    `unseen` is for the caller's other hidden places (deck, discard), drawn with `pop`."""
    rng.shuffle(unseen)
    return [
        list(own) if s == seat else sorted(unseen.pop() for _ in range(count))
        for s, count in enumerate(counts)
    ]


@dataclass(frozen=True)
class Budget:
    """How long a search thinks: `iterations` (deterministic, for tests) or CPU `seconds` (and
    at most `WALL_FACTOR` times as many seconds of wall time: on a busy machine the search
    answers in time with fewer playouts rather than being given up by the pool)."""

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
MIN_ROUNDS = 8  # worlds every candidate is tried in before any is dropped
DROP_AT = 3.0  # drop a candidate whose paired mean is this many standard errors below the best
SWITCH_AT = 3.0  # leave the first candidate only for one this many standard errors better
# (a searcher's own `switch_at` attribute, where it has one, replaces it)


def search(
    searcher: Searcher,
    view: View,
    seed: int,
    budget: Budget,
    clock: Callable[[], float] = time.process_time,
    wall: Callable[[], float] = time.perf_counter,
) -> SearchResult:
    """The seat's move after a determinized search within `budget` (see the module).

    Every world drawn is played once from each remaining candidate with the same playout
    randomness (common random numbers: the candidates are compared on equal terms, so their
    differences show after few worlds); candidates far below the best are dropped; the first
    candidate (the standard move) is kept unless another is clearly better."""
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
        rewards: list[list[float]] = [[] for _ in moves]
        active = list(range(len(moves)))
        deadline = clock() + budget.seconds
        wall_deadline = wall() + WALL_FACTOR * budget.seconds
        done = rounds = 0
        world = first
        while len(active) > 1:
            if budget.iterations is not None:
                if done + len(active) > budget.iterations and rounds:
                    break
            elif rounds and (clock() >= deadline or wall() >= wall_deadline):
                break
            if rounds:
                world = searcher.determinize(view, rng)
            playout_seed = rng.getrandbits(48)
            for index in active:
                played = world.copy()
                rewards[index].append(
                    _play(searcher, played, seat, moves[index], view, playout_seed)
                )
                done += 1
            rounds += 1
            if rounds >= MIN_ROUNDS:
                active = _survivors(rewards, active)
    finally:
        if enabled:
            gc.enable()
    best = _choice(rewards, active, getattr(searcher, "switch_at", SWITCH_AT))
    stats = [
        (searcher.move_text(m), len(rewards[i]), _mean(rewards[i])) for i, m in enumerate(moves)
    ]
    return SearchResult(searcher.move_text(moves[best]), stats, done)


def _play(searcher: Searcher, world: Any, seat: int, move: int, view: View, seed: int) -> float:
    """Play `move` in `world`, then the cheap policy to the horizon: the seat's reward."""
    rng = random.Random(seed)
    world.apply(seat, move)
    steps = 0
    while not searcher.finished(world, view) and steps < MAX_PLAYOUT_MOVES:
        acting = world.to_act()
        mover = acting[rng.randrange(len(acting))] if len(acting) > 1 else acting[0]
        world.apply(mover, searcher.playout_move(world, mover, rng))
        steps += 1
    return searcher.reward(world, seat, view)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences a - b over their common worlds."""
    n = min(len(a), len(b))
    if n < 2:
        return 0.0, math.inf
    diffs = [a[i] - b[i] for i in range(n)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n) if var > 0 else 1e-9


def _survivors(rewards: list[list[float]], active: list[int]) -> list[int]:
    """The candidates not clearly worse than the best (by paired differences)."""
    best = max(active, key=lambda i: (_mean(rewards[i]), -i))
    kept = []
    for i in active:
        mean, error = _paired(rewards[i], rewards[best])
        if i == best or mean > -DROP_AT * error:
            kept.append(i)
    return kept


def _choice(rewards: list[list[float]], active: list[int], switch_at: float = SWITCH_AT) -> int:
    """The best candidate when it is clearly better than the first one (by `switch_at`
    standard errors: a title's searcher may set its own `switch_at`), else the first one (when
    it was dropped: the best)."""
    best = max(active, key=lambda i: (_mean(rewards[i]), -i))
    if 0 not in active or best == 0:
        return best
    mean, error = _paired(rewards[best], rewards[0])
    return best if mean > switch_at * error else 0
