"""Delete everything Tavolo keeps about one Discord server's games (see SECURITY.md).

    python scripts/forget_guild.py GUILD_ID [--db PATH_OR_URL] [--yes] [--compact]

The database is --db (a SQLite file or a postgresql:// URL), else TAVOLO_DATABASE_URL (from the
environment or .env; TAVOLO_DB_PATH, its deprecated name), else tavolo.db. Without --yes
nothing is deleted: it prints what would be. --compact then rewrites the database (SQLite:
VACUUM; PostgreSQL: VACUUM FULL) so the deleted rows leave no trace in it; this briefly blocks
the bot's writes.
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


async def forget(db: str, guild_id: int, *, apply: bool, compact: bool) -> dict[str, int]:
    store = await open_store(db)
    try:
        return await store.forget_guild(guild_id, dry_run=not apply, compact=compact)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Delete one Discord server's Tavolo games.")
    parser.add_argument("guild_id", help="the server (guild) id, digits only")
    parser.add_argument(
        "--db", help="the database file or URL (default: TAVOLO_DATABASE_URL or tavolo.db)"
    )
    parser.add_argument("--yes", action="store_true", help="really delete (default: dry run)")
    parser.add_argument("--compact", action="store_true", help="VACUUM the file afterwards")
    args = parser.parse_args(argv)
    if not (args.guild_id.isascii() and args.guild_id.isdigit()):
        print(f"forget_guild: not a server id: {args.guild_id!r}", file=sys.stderr)
        return 2
    try:
        from dotenv import load_dotenv

        load_dotenv()
    except ImportError:  # pragma: no cover - python-dotenv is in requirements.txt
        pass
    try:
        db = args.db or database_url(os.environ)
    except MissingSetting as missing:
        print(f"forget_guild: bad setting {missing}", file=sys.stderr)
        return 2
    if not is_postgres(db) and not Path(sqlite_path(db)).is_file():
        print(f"forget_guild: no database at {db}", file=sys.stderr)
        return 2
    try:
        counts = asyncio.run(forget(db, int(args.guild_id), apply=args.yes, compact=args.compact))
    except (sqlite3.Error, StoreError) as exc:
        print(f"forget_guild: cannot use the database {shown_url(db)}: {exc}", file=sys.stderr)
        return 1
    rows = ", ".join(f"{table} {n}" for table, n in sorted(counts.items()))
    verb = "deleted" if args.yes else "would delete (run again with --yes)"
    print(f"server {args.guild_id}: {verb}: {rows}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
