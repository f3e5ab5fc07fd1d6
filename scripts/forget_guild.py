"""Delete everything Tavolo keeps about one Discord server's games (see SECURITY.md).

    python scripts/forget_guild.py GUILD_ID [--db PATH] [--yes] [--compact]

The database is --db, else TAVOLO_DB_PATH (from the environment or .env), else tavolo.db.
Without --yes nothing is deleted: it prints what would be. --compact then rewrites the database
file (VACUUM) so the deleted rows leave no trace in it; this briefly blocks the bot's writes.
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


async def forget(db: str, guild_id: int, *, apply: bool, compact: bool) -> dict[str, int]:
    store = await Store.open(db)
    try:
        return await store.forget_guild(guild_id, dry_run=not apply, compact=compact)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Delete one Discord server's Tavolo games.")
    parser.add_argument("guild_id", help="the server (guild) id, digits only")
    parser.add_argument("--db", help="the database file (default: TAVOLO_DB_PATH or tavolo.db)")
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
    db = args.db or os.environ.get("TAVOLO_DB_PATH", "").strip() or "tavolo.db"
    if not Path(db).is_file():
        print(f"forget_guild: no database at {db}", file=sys.stderr)
        return 2
    try:
        counts = asyncio.run(forget(db, int(args.guild_id), apply=args.yes, compact=args.compact))
    except sqlite3.Error as exc:
        print(f"forget_guild: cannot use the database {db}: {exc}", file=sys.stderr)
        return 1
    rows = ", ".join(f"{table} {n}" for table, n in sorted(counts.items()))
    verb = "deleted" if args.yes else "would delete (run again with --yes)"
    print(f"server {args.guild_id}: {verb}: {rows}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
