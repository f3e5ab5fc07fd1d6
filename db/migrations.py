"""Numbered SQL migrations (`db/migrations/NNN_name.sql`), applied in order at start-up."""

from __future__ import annotations

import re
import sqlite3
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


def statements(script: str) -> list[str]:
    """The SQL statements of a migration's text, one by one (comments stay with them)."""
    found, start = [], 0
    for end, char in enumerate(script):
        if char == ";" and sqlite3.complete_statement(script[start : end + 1]):
            found.append(script[start : end + 1].strip())
            start = end + 1
    rest = "\n".join(
        line for line in script[start:].splitlines() if not line.strip().startswith("--")
    )
    if rest.strip():  # a last statement without its semicolon
        found.append(script[start:].strip())
    return found


async def _version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    assert row is not None  # PRAGMA user_version always answers one row
    return int(row[0])


async def migrate(conn: aiosqlite.Connection) -> int:
    """Apply the migrations newer than the database's `user_version`; return the new version.

    Each migration is one transaction that takes the write lock first and reads the version
    again under it, so processes starting together on one file apply each migration once."""
    current = await _version(conn)
    for number, path in migration_files():
        if number <= current:
            continue
        await conn.execute("BEGIN IMMEDIATE")
        try:
            current = await _version(conn)
            if number > current:
                for statement in statements(path.read_text(encoding="utf-8")):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {number}")
                current = number
            await conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise
    return current
