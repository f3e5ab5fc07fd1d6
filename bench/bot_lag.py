"""The event loop's lag while strong bots think (`service.bot_pool`).

Four strong searches (one per title, or `--bots` of them cycling through the titles) are asked
of a pool at once, each from a mid-game view, within the game's default thinking time; a timer
meanwhile wakes every 10 ms and records how late it woke (after the pool's workers have
started: their start, once, is timed apart). Prints the lag's median, 99th
percentile and worst, the searches' wall time, and the machine's load.

    python -m bench.bot_lag [--bots 4] [--seconds 2] [--workers N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time
from collections.abc import Sequence

from bench.common import GAME_OPTIONS, median, percentile, playout
from games import RULES
from rules.contract import View
from rules.search import DEFAULT_SECONDS, Budget
from service.bot_pool import BotPool

TICK = 0.01


def mid_game_view(game_id: str, seed: int) -> View:
    """A view of the seat to act about a third into a seeded random game at 4 players (or the
    most the title allows)."""
    game = RULES[game_id]
    players = min(4, game.info.max_players)
    states = list(playout(game, players, seed, GAME_OPTIONS.get(game_id, {})))
    rng = random.Random(seed)
    for state in states[len(states) // 3 :]:
        to_act = game.to_act(state)
        if to_act and len(game.choices(state, to_act[0]).moves) > 1:
            return game.view(state, to_act[rng.randrange(len(to_act))])
    raise ValueError(f"no view with a choice in {game_id} seed {seed}")


async def measure(bots: int, seconds: float, workers: int | None) -> dict[str, float]:
    """Lag of a 10 ms timer (ms) while `bots` strong searches run; their wall time (s)."""
    pool = BotPool(workers=workers, budget=Budget(seconds=seconds))
    titles = sorted(RULES)
    views = [
        (titles[k % len(titles)], mid_game_view(titles[k % len(titles)], k)) for k in range(bots)
    ]
    game_id, view = views[0]
    warm = time.perf_counter()
    await pool.action(game_id, "strong", view, 0, budget=Budget(iterations=1))
    cold = time.perf_counter() - warm  # the workers' start, once (not measured below)
    lags: list[float] = []
    done = False

    async def ticker() -> None:
        loop = asyncio.get_running_loop()
        while not done:
            before = loop.time()
            await asyncio.sleep(TICK)
            lags.append((loop.time() - before - TICK) * 1000)

    task = asyncio.create_task(ticker())
    start = time.perf_counter()
    try:
        await asyncio.gather(
            *(pool.action(game_id, "strong", view, k) for k, (game_id, view) in enumerate(views))
        )
    finally:
        wall = time.perf_counter() - start
        done = True
        await task
        pool.close()
    return {
        "median": median(lags),
        "p99": percentile(lags, 0.99),
        "worst": max(lags),
        "wall": wall,
        "workers": float(pool.workers),
        "cold": cold,
    }


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bots", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    load = os.getloadavg()
    found = asyncio.run(measure(args.bots, args.seconds, args.workers))
    print(
        f"{args.bots} strong bots thinking {args.seconds} CPU s each on "
        f"{found['workers']:.0f} worker(s), {found['wall']:.1f} s wall: event loop lag "
        f"median {found['median']:.1f} ms, p99 {found['p99']:.1f} ms, "
        f"worst {found['worst']:.1f} ms (after the pool's start, {found['cold']:.1f} s; "
        f"load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f})"
    )
    return found


if __name__ == "__main__":
    main()
