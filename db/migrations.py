"""Numbered SQL migrations (`db/migrations/NNN_name.sql`), applied in order at start-up."""

from __future__ import annotations

import re
from pathlib import Path

import aiosqlite

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migration_files() -> list[tuple[int, Path]]:
    """(number, path) of every migration, in order; numbers must run 1, 2, 3, ... without gaps."""
    found = sorted(
        (int(m.group(1)), p) for p in MIGRATIONS_DIR.iterdir() if (m := _NAME.match(p.name))
    )
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 001, 002, ... without gaps: {numbers}")
    return found


async def migrate(conn: aiosqlite.Connection) -> int:
    """Apply the migrations newer than the database's `user_version`; return the new version."""
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    assert row is not None  # PRAGMA user_version always answers one row
    current = int(row[0])
    for number, path in migration_files():
        if number <= current:
            continue
        await conn.executescript(
            f"BEGIN;\n{path.read_text(encoding='utf-8')}\nPRAGMA user_version = {number};\nCOMMIT;"
        )
        current = number
    return current
