"""`/games` and the timer tick with many running games in one server: the service calls behind
them (`Overview.server`, `Deadlines.tick`), which run on the bot's event loop.

`--games` running games of the four titles in one server (made by copying a few real games in
the database), plus as many finished ones; nobody's reminder or deadline is due, as between
two turns of an asynchronous game. Each figure is the wall time of one call (p50 / p99; the
first tick after start-up apart: it looks at every timer once), with
`uptime`'s load and the same-run reference (one board-sized palette PNG).

    python -m bench.overview [--games 5000] [--repeats 30]
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import tempfile
import time
from pathlib import Path

from bench.common import load_line, percentile, print_table, reference_ms
from db.store import open_store
from interface.summaries import overview_text

try:
    from interface.summaries import MAX_LISTED
except ImportError:  # before issue 18
    MAX_LISTED = 0
from service.tables import TableService

TITLES = ("money", "nycards", "palazzo", "newyork")
SEEDED = 40  # real games, copied up to --games


async def prepare(path: Path, games: int) -> None:
    """`games` running games (and as many finished) in server 1."""
    store = await open_store(str(path), synchronous="NORMAL")
    tables = TableService(store, new_seed=iter(range(1, 10**9)).__next__)
    for channel in range(1, SEEDED + 1):
        title = TITLES[channel % len(TITLES)]
        record = await tables.lobby.open(
            guild_id=1, channel_id=channel, game_id=title, host_id=1, host_name="p1"
        )
        for user in range(2, 4):
            record = await tables.lobby.join(record.id, user, f"p{user}")
        await tables.lobby.start(record.id, 1)
    await store.close()
    with sqlite3.connect(path) as db:
        columns = (
            "guild_id, game, status, host_id, seats, options, seed, state, waiting, version, "
            "created_at, updated_at, timing, auto_moves, language"
        )
        for status, count in (("running", games - SEEDED), ("finished", games)):
            copied = 0
            while copied < count:
                take = min(SEEDED, count - copied)
                first = db.execute("SELECT max(id) FROM games").fetchone()[0]
                db.execute(
                    f"INSERT INTO games (channel_id, {columns}) "
                    f"SELECT id + 1000000 + ?, {columns.replace('status', '?')} FROM games "
                    "WHERE id <= ? ORDER BY id LIMIT ?",
                    (first, status, SEEDED, take),
                )
                if status == "running":
                    db.execute(
                        "INSERT INTO turn_timers SELECT g.id, t.seat, t.since_version, "
                        "t.started_at, t.sent_count, t.last_sent_at, t.deadline_moved, "
                        "t.deadline_hours, t.auto_moves, t.held_seconds, t.check_at "
                        "FROM games AS g JOIN turn_timers AS t "
                        "ON t.game_id = (g.channel_id - 1000000 - ?) "
                        "WHERE g.id > ?",
                        (first, first),
                    )
                copied += take


async def games_answer(tables: TableService) -> str:
    """What `/games` reads and writes for a member who may view every channel (as
    `cogs.overview` does; the older single call where it has no listing)."""
    overview = tables.overview
    if not hasattr(overview, "channels"):  # before issue 18
        return overview_text(await overview.server(1), "en")
    listed = [game_id for game_id, _ in await overview.channels(1)]
    summaries = await overview.summaries(listed[:MAX_LISTED])
    return overview_text(summaries, "en", total=len(listed))


async def timed(call: object, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        await call()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return times


async def bench(games: int, repeats: int) -> None:
    reference = reference_ms()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        await prepare(path, games)
        store = await open_store(str(path))
        tables = TableService(store, new_seed=iter(range(1, 10**9)).__next__)
        running = len(await store.active_games(1))
        overview = await timed(lambda: games_answer(tables), repeats)
        first = await timed(tables.deadlines.tick, 1)  # after start-up: every timer looked at
        tick = await timed(tables.deadlines.tick, repeats)
        load = load_line()
        await store.close()
    rows = [
        (
            what,
            f"{percentile(times, 0.5) * 1e3:.1f} ms",
            f"{percentile(times, 0.99) * 1e3:.1f} ms",
            f"{percentile(times, 0.5) * 1e3 / reference:.2f}",
        )
        for what, times in (
            ("/games", overview),
            ("first timer tick after start-up", first),
            ("timer tick", tick),
        )
    ]
    print_table(
        f"Overview and timers ({running} running games in the server, {games} finished; "
        f"load {load})",
        ("call", "p50", "p99", "p50 / reference"),
        rows,
    )
    print(f"reference (one board-sized palette PNG): {reference:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    asyncio.run(bench(args.games, args.repeats))


if __name__ == "__main__":
    main()
