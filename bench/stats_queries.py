"""How fast `/stats` and `/leaderboard` read, with 100,000 finished games stored (issue 19:
under 50 ms each).

    .venv/bin/python -m bench.stats_queries [--games N] [--queries N]

Builds a database (all migrations) holding N finished games of the four titles in a few
servers, 2–5 seats each drawn from a pool of members and the bot, with a result row per seat
and a rating per server, game and player (written in bulk, as the games' ends would have),
then times the service's reads as the cogs call them: a member's statistics over all games
(`Stats.member`: one grouped indexed query, and the ratings), over one game, a game's
leaderboard (`Stats.leaderboard`: the top ten and every rated bot level at its place), and the
statistics of the busiest player (the standard bot, in about 18% of a server's games: the
longest index range). Prints p50, p99 and the maximum per query,
and the query plans' index use.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from bench.common import median, percentile, print_table
from db.results import BOT_PLAYER, BOT_PLAYERS
from db.store import open_store
from service.ratings import MODEL, ordinal
from service.stats import Stats

TITLES = ("money", "newyork", "nycards", "palazzo")
GUILDS = (1, 2, 3, 4)
MEMBERS = 2_000  # per server


def build(path: Path, games: int, seed: int = 1) -> None:
    """N finished games with their result rows and ratings, written in bulk."""
    rng = random.Random(seed)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA synchronous=OFF")
    game_rows, result_rows = [], []
    ratings: dict[tuple[int, str, int], list[float]] = {}
    for gid in range(1, games + 1):
        guild, title = rng.choice(GUILDS), rng.choice(TITLES)
        n = rng.randint(2, 5) if title != "money" else rng.randint(3, 5)
        players = rng.sample(range(1, MEMBERS + 1), n)
        if rng.random() < 0.3:  # a bot, of one of the levels (the standard one most often)
            players[-1] = rng.choice([*BOT_PLAYERS.values(), BOT_PLAYER, BOT_PLAYER])
        at = f"2026-01-01T00:00:{gid % 60:02d}.000+00:00"
        game_rows.append((gid, guild, 10_000 + gid, title, 1, "[]", "{}", gid, at, at))
        places = list(range(1, n + 1))
        rng.shuffle(places)
        for seat, (player, place) in enumerate(zip(players, places, strict=True)):
            member = guild * 1_000_000 + player if player > 0 else player
            result_rows.append(
                (
                    gid,
                    seat,
                    guild,
                    title,
                    member,
                    n,
                    place,
                    rng.randint(0, 120),
                    int(place == 1),
                    rng.randint(5, 30),
                    rng.uniform(60, 90_000),
                    int(rng.random() < 0.1),
                    at,
                )
            )
            entry = ratings.setdefault((guild, title, member), [MODEL.mu, MODEL.sigma, 0])
            entry[0] += rng.uniform(-1, 1)
            entry[1] = max(1.0, entry[1] * 0.97)
            entry[2] += 1
    with conn:
        conn.executemany(
            "INSERT INTO games (id, guild_id, channel_id, game, status, host_id, seats, options, "
            "version, created_at, updated_at) VALUES (?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?, ?)",
            game_rows,
        )
        conn.executemany(
            "INSERT INTO game_results (game_id, seat, guild_id, game, player, players, place, "
            "score, won, turns, turn_seconds, missed, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            result_rows,
        )
        conn.executemany(
            "INSERT INTO ratings (guild_id, game, player, mu, sigma, ordinal, games, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, '2026-01-01')",
            [(g, t, p, mu, s, ordinal(mu, s), c) for (g, t, p), (mu, s, c) in ratings.items()],
        )
    conn.execute("ANALYZE")
    conn.close()


def plans(path: Path) -> list[str]:
    """The query plans of the statistics and leaderboard reads (each must use its index)."""
    conn = sqlite3.connect(path)
    queries = [
        "SELECT count(*), sum(won), sum(score), sum(place), sum(turns), sum(turn_seconds), "
        "sum(1 - missed) FROM game_results WHERE guild_id = 1 AND player = 1000007 "
        "AND game = 'money'",
        "SELECT game, count(*), sum(won) FROM game_results WHERE guild_id = 1 "
        "AND player = 1000007 GROUP BY game",
        "SELECT player, mu, sigma, ordinal, games FROM ratings WHERE guild_id = 1 "
        "AND game = 'money' ORDER BY ordinal DESC LIMIT 10",
    ]
    found = [" / ".join(r[3] for r in conn.execute("EXPLAIN QUERY PLAN " + q)) for q in queries]
    conn.close()
    return found


async def timed(queries: int, path: Path) -> list[tuple[str, list[float]]]:
    store = await open_store(str(path))
    stats = Stats(store)
    rng = random.Random(2)
    figures: dict[str, list[float]] = {
        "/stats (all games)": [],
        "/stats game": [],
        "/leaderboard": [],
        "/stats of the busiest player": [],
    }
    try:
        for _ in range(queries):
            guild = rng.choice(GUILDS)
            member = guild * 1_000_000 + rng.randint(1, MEMBERS)
            title = rng.choice(TITLES)
            for name, call in (
                ("/stats (all games)", stats.member(guild, member, None)),
                ("/stats game", stats.member(guild, member, title)),
                ("/leaderboard", stats.leaderboard(guild, title)),
                ("/stats of the busiest player", stats.member(guild, BOT_PLAYER, None)),
            ):
                start = time.perf_counter()
                await call
                figures[name].append(time.perf_counter() - start)
    finally:
        await store.close()
    return list(figures.items())


async def migrated(path: Path) -> None:
    """A new database with every migration applied."""
    await (await open_store(str(path))).close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stats.db"
        asyncio.run(migrated(path))
        start = time.perf_counter()
        build(path, args.games)
        built = time.perf_counter() - start
        conn = sqlite3.connect(path)
        rows = conn.execute("SELECT count(*) FROM game_results").fetchone()[0]
        conn.close()
        print(f"{args.games} finished games, {rows} result rows (built in {built:.1f} s)")
        figures = asyncio.run(timed(args.queries, path))
        print_table(
            f"/stats and /leaderboard with {args.games} finished games",
            ["query", "p50 ms", "p99 ms", "max ms"],
            [
                [
                    name,
                    f"{1000 * median(t):.2f}",
                    f"{1000 * percentile(t, 0.99):.2f}",
                    f"{1000 * max(t):.2f}",
                ]
                for name, t in figures
            ],
        )
        for plan in plans(path):
            print("plan:", plan)


if __name__ == "__main__":
    main()
