"""The event loop's own CPU per action, per title, over the same seeded actions every run.

Each title in a process of its own making: `--games` games, one action in each first (their
boards and hand DMs exist, caches warm), then `--actions` seeded actions in turn, each
delivered as production delivers it (`bench.action_latency.one_action`: rules, commit, board,
changed hands; pictures drawn in worker processes). What is measured is the loop thread's CPU
time (`time.thread_time`): the rules, the messages and their components, the database's
replies, asyncio's machinery; not SQLite's thread nor the pictures. The actions are the same
for every run of the same code, so two versions compare on identical work: on a loaded
machine run them at the same time, or alternately, and compare means.

    python -m bench.loop_work [--titles money,nycards,palazzo,newyork] [--games 20]
        [--actions 240]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

import bench.action_latency as latency
from bench.common import load_line, print_table
from db.store import open_store
from interface.attachments import use_processes
from service.tables import TableService


async def loop_ms(title: str, games: int, actions: int) -> tuple[float, int]:
    """(loop thread CPU ms per action, actions played) for one title."""
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(str(Path(folder) / "loop.db"))
        tables = TableService(store, new_seed=iter(range(1, 10**9)).__next__)
        bot = latency.Bot(store, tables)
        ids = await latency.open_games(tables, games, (title,))
        rng = random.Random(9)
        for game_id in ids:
            await latency.one_action(bot, game_id, rng)
        done = 0
        start = time.thread_time()
        for n in range(actions):
            if await latency.one_action(bot, ids[n % len(ids)], rng):
                done += 1
        spent = time.thread_time() - start
        await store.close()
    return spent / max(1, done) * 1e3, done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--titles", default=",".join(latency.TITLES))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--actions", type=int, default=240)
    args = parser.parse_args()
    use_processes(2)
    rows = []
    for title in args.titles.split(","):
        ms, done = asyncio.run(loop_ms(title, args.games, args.actions))
        rows.append((title, done, f"{ms:.2f} ms"))
    print_table(
        f"Event loop CPU per action ({args.games} games a title, the same seeded actions; "
        f"load {load_line()})",
        ("title", "actions", "loop CPU per action"),
        rows,
    )


if __name__ == "__main__":
    main()
