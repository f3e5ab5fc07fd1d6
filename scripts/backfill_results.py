"""Statistics and ratings for the games that finished before Tavolo kept them (issue 19).

    python scripts/backfill_results.py [--db PATH_OR_URL]

Each finished game without result rows gets them, worked out from its final state and action
log as at its end, in the order the games ended; the ratings of rated games (a server's) are
updated in that order. Run it once after upgrading (running it again does nothing). The
database is --db (a SQLite file or a postgresql:// URL), else TAVOLO_DATABASE_URL (from the
environment or .env), else tavolo.db.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from config import MissingSetting, database_url
from db.store import StoreError, is_postgres, open_store, shown_url, sqlite_path
from service.results import backfill_results


async def backfill(db: str) -> int:
    store = await open_store(db)
    try:
        return await backfill_results(store)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Statistics for games finished before them.")
    parser.add_argument(
        "--db", help="the database file or URL (default: TAVOLO_DATABASE_URL or tavolo.db)"
    )
    args = parser.parse_args(argv)
    try:
        from dotenv import load_dotenv

        load_dotenv()
    except ImportError:  # pragma: no cover - python-dotenv is in requirements.txt
        pass
    try:
        db = args.db or database_url(os.environ)
    except MissingSetting as missing:
        print(f"backfill_results: bad setting {missing}", file=sys.stderr)
        return 2
    if not is_postgres(db) and not Path(sqlite_path(db)).is_file():
        print(f"backfill_results: no database at {db}", file=sys.stderr)
        return 2
    try:
        done = asyncio.run(backfill(db))
    except (sqlite3.Error, StoreError) as exc:
        print(f"backfill_results: cannot use the database {shown_url(db)}: {exc}", file=sys.stderr)
        return 1
    print(f"statistics and ratings added for {done} finished games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
