"""One action end to end inside the bot, Discord's network excluded: load the game, apply the
rules (and any bot replies), commit, build the board message, render and encode its picture.

Open-loop load: actions arrive at a fixed rate on random games among many active ones, and each
latency counts from the moment it was due. Then saturation: back-to-back actions from several
concurrent players, as many as one process completes per second.

    python -m bench.action_latency [--games 500] [--rate 50] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bench.common import percentile, print_table, random_action
from db.records import GameRecord
from db.store import Store
from games import rules_of
from interface.attachments import png_bytes
from interface.messages import board
from service.errors import TableError
from service.tables import TableService

GAME = rules_of("money")
PLAYERS = 4


async def open_games(tables: TableService, count: int) -> list[int]:
    """`count` running Money games of four members each (user ids 1..4 in channel = game)."""
    ids = []
    for channel in range(1, count + 1):
        record = await tables.lobby.open(
            guild_id=1, channel_id=channel, game_id="money", host_id=1, host_name="p1"
        )
        for user in range(2, PLAYERS + 1):
            record = await tables.lobby.join(record.id, user, f"p{user}")
        await tables.lobby.start(record.id, 1)
        ids.append(record.id)
    return ids


async def one_action(tables: TableService, game_id: int, rng: random.Random) -> bool:
    """A member of the game plays a legal move; the board is built, drawn and encoded."""
    record: GameRecord = await tables.game(game_id)
    if record.status != "running" or record.state is None or not record.waiting:
        return False
    seat = rng.choice(sorted(record.waiting))
    # The member's decision is not the bot's work: a uniformly chosen legal move stands for it.
    action = random_action(GAME, record.state, seat, rng)
    try:
        step = await tables.play.move(game_id, seat + 1, action, since=record.waiting[seat])
    except TableError:
        return False
    out = board(step.record, "en", step.events, step.newly_waiting)
    for picture, _ in out.images:
        await png_bytes(picture)
    return True


async def offered_load(
    tables: TableService, ids: list[int], rate: float, seconds: float
) -> list[float]:
    """Latencies (s) of actions arriving `rate` per second for `seconds`."""
    rng = random.Random(1)
    latencies: list[float] = []
    tasks = []

    async def run(due: float, game_id: int) -> None:
        if await one_action(tables, game_id, rng):
            latencies.append(time.perf_counter() - due)

    start = time.perf_counter()
    for n in range(int(rate * seconds)):
        due = start + n / rate
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        tasks.append(asyncio.create_task(run(due, rng.choice(ids))))
    await asyncio.gather(*tasks)
    return latencies


async def saturation(
    tables: TableService, ids: list[int], seconds: float, workers: int = 8
) -> float:
    """Actions completed per second by `workers` concurrent players acting back to back."""
    done = 0
    stop = time.perf_counter() + seconds

    async def worker(seed: int) -> None:
        nonlocal done
        rng = random.Random(seed)
        while time.perf_counter() < stop:
            if await one_action(tables, rng.choice(ids), rng):
                done += 1

    start = time.perf_counter()
    await asyncio.gather(*(worker(n) for n in range(workers)))
    return done / (time.perf_counter() - start)


async def bench(games: int, rate: float, seconds: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "bench.db"))
        tables = TableService(store, new_seed=iter(range(1, 10**9)).__next__)
        ids = await open_games(tables, games)
        latencies = await offered_load(tables, ids, rate, seconds)
        throughput = await saturation(tables, ids, seconds)
        await store.close()
    print_table(
        f"One action end to end ({games} active games, {rate:.0f} actions/s offered)",
        ("actions", "p50", "p99", "max", "saturation"),
        [
            (
                len(latencies),
                f"{percentile(latencies, 0.5) * 1e3:.1f} ms",
                f"{percentile(latencies, 0.99) * 1e3:.1f} ms",
                f"{max(latencies) * 1e3:.1f} ms",
                f"{throughput:.0f} actions/s",
            )
        ],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    asyncio.run(bench(args.games, args.rate, args.seconds))


if __name__ == "__main__":
    main()
