"""Move a Tavolo SQLite database to an empty PostgreSQL database (see README, "Running at scale").

    python scripts/migrate_to_postgres.py SQLITE_FILE POSTGRES_URL

Stop the bot first. The SQLite file is brought up to the newest migration, the PostgreSQL
database gets the same schema, and every table (games, action log, timers, outbox, messages,
flags, settings, statistics, ratings, ...) is copied in one transaction, whose row counts must
then equal the file's, or nothing is written. Then every running game is replayed from its
action log with the rules and must end in its stored state. A database that already holds
rows is refused: nothing is written into it.

Exit status: 0 moved and checked; 1 a check failed (counts: nothing written; a replay: the copy
is kept, the games named); 2 a usage error, a missing file or a non-empty database.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from db.store import Store, StoreError, is_postgres, open_store, shown_url
from games import rules_of

CONVERT = {
    "bigint": int,
    "integer": int,
    "smallint": int,
    "double precision": float,
    "real": float,
    "text": str,
}


class Refused(Exception):
    """The move cannot be done as asked; nothing was written."""


class CountMismatch(Exception):
    """A copied table's rows do not match the file's; the copy was rolled back."""


@dataclass
class Moved:
    """What was moved: rows per table, and the running games replayed (those that differ)."""

    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    differing: list[int] = field(default_factory=list)


async def sqlite_tables(source: Store) -> dict[str, list[str]]:
    """The file's tables (games first: the others refer to it) and their columns."""
    rows = await source._read(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' "
        "ORDER BY name <> 'games', name"
    )
    tables = {}
    for (name,) in rows:
        info = await source._read(f'SELECT name FROM pragma_table_info("{name}")')
        tables[name] = [str(column) for (column,) in info]
    return tables


async def rows_in(conn: asyncpg.Connection, tables: list[str]) -> dict[str, int]:
    return {t: await conn.fetchval(f'SELECT count(*) FROM "{t}"') for t in tables}


async def refuse_if_not_empty(url: str) -> None:
    """Refused when any table of the database holds a row."""
    conn = await asyncpg.connect(url)
    try:
        names = [
            row[0]
            for row in await conn.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            )
        ]
        full = [name for name, n in (await rows_in(conn, names)).items() if n]
    finally:
        await conn.close()
    if [name for name in full if name != "schema_migrations"]:
        raise Refused(f"the database is not empty (rows in {', '.join(sorted(full))})")


async def copy_tables(source: Store, url: str) -> dict[str, int]:
    """Copy every table of `source` into the database at `url` in one transaction, with the
    row counts checked before it commits; the rows per table."""
    tables = await sqlite_tables(source)
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            for table, columns in tables.items():
                types = dict(
                    await conn.fetch(
                        "SELECT column_name, data_type FROM information_schema.columns "
                        "WHERE table_schema = current_schema() AND table_name = $1",
                        table,
                    )
                )
                missing = [c for c in columns if c not in types]
                if missing:
                    raise Refused(f"PostgreSQL's {table} has no column {', '.join(missing)}")
                kinds = [CONVERT.get(types[c], str) for c in columns]
                listed = ", ".join(f'"{c}"' for c in columns)
                rows = await source._read(f'SELECT {listed} FROM "{table}"')
                records = [
                    tuple(
                        None if v is None else kind(v) for kind, v in zip(kinds, row, strict=True)
                    )
                    for row in rows
                ]
                await conn.copy_records_to_table(table, records=records, columns=columns)
                await restart_numbering(conn, table)
            copied = await rows_in(conn, list(tables))
            expected = {t: len(await source._read(f'SELECT 1 FROM "{t}"')) for t in tables}
            if copied != expected:
                wrong = {t: (expected[t], copied[t]) for t in tables if copied[t] != expected[t]}
                raise CountMismatch(f"rows (file, copy) differ: {wrong}")
    finally:
        await conn.close()
    return copied


async def restart_numbering(conn: asyncpg.Connection, table: str) -> None:
    """A numbered column (games' ids) continues after the copied rows' highest number."""
    for (column,) in await conn.fetch(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = "
        "current_schema() AND table_name = $1 AND is_identity = 'YES'",
        table,
    ):
        await conn.execute(
            f"SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'), "
            f'coalesce(max("{column}"), 0) + 1, false) FROM "{table}"'
        )


async def replay_running(store: Store) -> tuple[int, list[int]]:
    """Replay every running game from its action log; (games replayed, ids that differ)."""
    differing = []
    running = [g for g in await store.active_games() if g.status == "running"]
    for record in running:
        game = rules_of(record.game)
        assert record.seed is not None
        state = game.new_game(len(record.seats), dict(record.options), record.seed)
        for move in await store.actions(record.id):
            state = game.apply(state, move.seat, move.action)
        if json.loads(json.dumps(state)) != record.state:
            differing.append(record.id)
    return len(running), differing


async def move(sqlite_file: str, url: str) -> Moved:
    """Copy the SQLite file's database into the empty PostgreSQL one at `url`, then check it
    (see the module's text). Refused, CountMismatch."""
    if not Path(sqlite_file).is_file():
        raise Refused(f"no SQLite file at {sqlite_file}")
    if not is_postgres(url):
        raise Refused(f"not a postgresql:// URL: {url}")
    await refuse_if_not_empty(url)
    source = await open_store(sqlite_file)
    try:
        target = await open_store(url)  # the schema, by the same migrations
        try:
            moved = Moved(rows=await copy_tables(source, url))
            moved.replayed, moved.differing = await replay_running(target)
        finally:
            await target.close()
    finally:
        await source.close()
    return moved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Move Tavolo's SQLite database to PostgreSQL.")
    parser.add_argument("sqlite_file", help="the SQLite database file (the bot stopped)")
    parser.add_argument("postgres_url", help="an empty database: postgresql://user:pw@host/name")
    args = parser.parse_args(argv)
    where = shown_url(args.postgres_url)
    try:
        moved = asyncio.run(move(args.sqlite_file, args.postgres_url))
    except Refused as refused:
        print(f"migrate_to_postgres: refused: {refused}; nothing written", file=sys.stderr)
        return 2
    except CountMismatch as mismatch:
        print(f"migrate_to_postgres: {mismatch}; nothing written", file=sys.stderr)
        return 1
    except (OSError, StoreError, asyncpg.PostgresError) as error:
        print(f"migrate_to_postgres: cannot use {where}: {error}", file=sys.stderr)
        return 1
    rows = ", ".join(f"{table} {n}" for table, n in moved.rows.items())
    print(f"copied to {where}: {rows}")
    if moved.differing:
        print(
            f"migrate_to_postgres: {len(moved.differing)} of {moved.replayed} running games do "
            f"not replay to their stored state: {moved.differing}",
            file=sys.stderr,
        )
        return 1
    print(f"checked: row counts equal; {moved.replayed} running games replay to their state")
    return 0


if __name__ == "__main__":
    sys.exit(main())
