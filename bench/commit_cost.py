"""What durability costs: one move's commit with `synchronous=FULL` (the default: synced to disk
before it returns, so it survives a power cut) against `NORMAL` (survives a killed process).

    .venv/bin/python -m bench.commit_cost [--moves N] [--database-url postgresql://...]

Each mode saves the same N moves of a seeded Money game (its real states) into a fresh database
on this machine's disk, one commit per move, and prints the commit time per move (p50, p99) and
moves per second, beside `uptime`'s load. With `--database-url`, the same moves are also saved
into that (empty) PostgreSQL database, whose commits are durable as FULL's are.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bench.common import GAME_OPTIONS, median, percentile, playout_steps, print_table
from db.records import Seat, TurnClocks
from db.store import open_store
from games import rules_of

GAME_ID = "money"
PLAYERS = 4


async def commit_times(url: str, synchronous: str, moves: int) -> list[float]:
    """Seconds per `save_move` for `moves` moves of one seeded game (replayed as often as
    needed) into the database at `url` (a new SQLite file, or an empty PostgreSQL one)."""
    store = await open_store(url, synchronous=synchronous)
    try:
        game = rules_of(GAME_ID)
        seats = [Seat(100 + s, f"P{s}") for s in range(PLAYERS)]
        times: list[float] = []
        seed = 0
        while len(times) < moves:
            record = await store.create_game(
                guild_id=1,
                channel_id=1000 + seed,
                game=GAME_ID,
                host_id=100,
                seats=seats,
                options=GAME_OPTIONS[GAME_ID],
            )
            state = game.new_game(PLAYERS, GAME_OPTIONS[GAME_ID], seed)
            clocks = TurnClocks({0: 1}, datetime.now(UTC))
            record = await store.start_game(
                record.id, record.version, seed=seed, state=state, clocks=clocks
            )
            steps = list(playout_steps(game, PLAYERS, seed, GAME_OPTIONS[GAME_ID]))
            for n, (seat, action, after) in enumerate(steps[: moves - len(times)]):
                finished = n == len(steps) - 1
                waits = TurnClocks({} if finished else {0: record.version + 1}, datetime.now(UTC))
                start = time.perf_counter()
                record = await store.save_move(
                    record.id,
                    record.version,
                    seat=seat,
                    user_id=100 + seat,
                    action=action,
                    state=after,
                    finished=finished,
                    clocks=waits,
                )
                times.append(time.perf_counter() - start)
            seed += 1
        return times
    finally:
        await store.close()


async def main(moves: int, url: str | None) -> None:
    rows = []
    for synchronous in ("NORMAL", "FULL", *(["postgres"] if url else [])):
        if synchronous == "postgres" and url:
            times = await commit_times(url, "FULL", moves)
        else:
            with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
                times = await commit_times(str(Path(folder) / "commit.db"), synchronous, moves)
        rows.append(
            (
                synchronous,
                moves,
                f"{median(times) * 1000:.2f}",
                f"{percentile(times, 0.99) * 1000:.2f}",
                f"{moves / sum(times):.0f}",
            )
        )
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print_table(
        f"Commit of one move (load {load})",
        ["synchronous", "moves", "p50 ms", "p99 ms", "moves/s"],
        rows,
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--database-url", help="also an empty PostgreSQL database")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.moves, arguments.database_url))
