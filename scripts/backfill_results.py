"""Statistics and ratings for the games that finished before Tavolo kept them (issue 19).

    python scripts/backfill_results.py [--db PATH]

Each finished game without result rows gets them, worked out from its final state and action
log as at its end, in the order the games ended; the ratings of rated games (a server's) are
updated in that order. Run it once after upgrading (running it again does nothing). The
database is --db, else TAVOLO_DB_PATH (from the environment or .env), else tavolo.db.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from db.store import Store
from service.results import backfill_results


async def backfill(db: str) -> int:
    store = await Store.open(db)
    try:
        return await backfill_results(store)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Statistics for games finished before them.")
    parser.add_argument("--db", help="the database file (default: TAVOLO_DB_PATH or tavolo.db)")
    args = parser.parse_args(argv)
    try:
        from dotenv import load_dotenv

        load_dotenv()
    except ImportError:  # pragma: no cover - python-dotenv is in requirements.txt
        pass
    db = args.db or os.environ.get("TAVOLO_DB_PATH", "").strip() or "tavolo.db"
    if not Path(db).is_file():
        print(f"backfill_results: no database at {db}", file=sys.stderr)
        return 2
    try:
        done = asyncio.run(backfill(db))
    except sqlite3.Error as exc:
        print(f"backfill_results: cannot use the database {db}: {exc}", file=sys.stderr)
        return 1
    print(f"statistics and ratings added for {done} finished games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
