"""The SQLite backend: one file, WAL, a writing and a reading connection (aiosqlite).

Writes are serialised by a lock in the process (`_write`) and `BEGIN IMMEDIATE`; reads go to a
second connection, which sees committed data only.

A transaction goes to the writing connection's thread in as few trips as it can: its `BEGIN`
and the writes whose count is not needed (`add`) wait and go with its next statement or its
commit, run one after another there (each trip costs the event loop ~19 µs and a thread hand-over:
a move's save is 2 trips instead of 7).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from db.backend import Row
from db.dialect import SqliteDialect
from db.migrations import migrate

SYNCHRONOUS = ("FULL", "NORMAL")


Statement = tuple[str, tuple[Any, ...]]


def _run(conn: aiosqlite.Connection, queued: list[Statement], last: Statement, rows: bool) -> Any:
    """In the connection's thread: the queued statements, then `last`; its rows or count."""
    db = conn._conn  # the sqlite3 connection, used in its own thread only
    for sql, params in queued:
        db.execute(sql, params)
    cursor = db.execute(*last)
    try:
        return cursor.fetchall() if rows else cursor.rowcount
    finally:
        cursor.close()


def _read_together(conn: aiosqlite.Connection, statements: list[Statement]) -> list[list[Any]]:
    """In the reading connection's thread: each statement's rows, in one read transaction (one
    snapshot of the database)."""
    db = conn._conn
    db.execute("BEGIN")
    try:
        rows = [db.execute(sql, params).fetchall() for sql, params in statements]
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return rows


def _rollback_if_open(conn: aiosqlite.Connection) -> None:
    """In the connection's thread: roll back its transaction, if one is open."""
    if conn._conn.in_transaction:
        conn._conn.execute("ROLLBACK")


class SqliteTransaction:
    """A write transaction on the writing connection (see `db.backend.Transaction`): its
    statements go to the connection's thread in as few trips as they can (see the module)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._queued: list[Statement] = [("BEGIN IMMEDIATE", ())]
        self.discarded = False

    async def _send(self, sql: str, params: Sequence[Any], rows: bool) -> Any:
        queued, self._queued = self._queued, []
        last = (sql, tuple(params))
        return await self._conn._execute(_run, self._conn, queued, last, rows)  # type: ignore[no-untyped-call]

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(await self._send(sql, params, rows=False))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._send(sql, params, rows=True))

    async def add(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._queued.append((sql, tuple(params)))

    async def end(self) -> None:
        """Commit (roll back when discarded) with the statements still queued."""
        await self._send("ROLLBACK" if self.discarded else "COMMIT", (), rows=False)

    def discard(self) -> None:
        self.discarded = True


async def _switch_to_wal(conn: aiosqlite.Connection) -> None:
    """Switch the file to WAL. Several processes opening a new file together race for it, and
    SQLite answers the switch "database is locked" without waiting on the busy timeout: try
    again for a few seconds (a file already in WAL answers at once)."""
    for attempt in range(50):
        try:
            await conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == 49:
                raise
            await asyncio.sleep(0.1)


class SqliteBackend:
    """One SQLite database file (see the module's text)."""

    dialect = SqliteDialect
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(self, conn: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self.conn = conn  # every write, and reads inside a write
        self.reader = reader  # every other read: it sees committed data only (WAL)
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str, *, synchronous: str = "FULL") -> SqliteBackend:
        """Open (or create) the database, switch on WAL and apply pending migrations.

        `synchronous` FULL (the default) syncs the write-ahead log to disk at every commit, so
        a commit survives a power cut or an OS crash once it returned (Discord is told of a move
        only after its commit); NORMAL (for benchmarks only) survives a killed process but may
        lose the last commits to a power cut."""
        if synchronous not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be FULL or NORMAL, not {synchronous!r}")
        sqlite3.connect(path).close()  # a path that cannot be opened fails here, not in a thread
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            await conn.execute("PRAGMA busy_timeout=5000")
            await _switch_to_wal(conn)
            await conn.execute(f"PRAGMA synchronous={synchronous}")
            await conn.execute("PRAGMA foreign_keys=ON")
            await migrate(conn)
        except BaseException:  # e.g. not a database: close, or its thread keeps the process up
            await conn.close()
            raise
        reader = await aiosqlite.connect(path, isolation_level=None)
        try:
            await reader.execute("PRAGMA busy_timeout=5000")
            await reader.execute("PRAGMA query_only=ON")
        except BaseException:
            await reader.close()
            await conn.close()
            raise
        return cls(conn, reader)

    async def close(self) -> None:
        await self.reader.close()
        await self.conn.close()

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """The writing connection may be inside another request's transaction: a read there
        would see its uncommitted (perhaps later rolled back) changes; the reading connection
        sees committed data only (WAL). One trip to the connection's thread (a cursor opened,
        read and closed there), not three."""
        return list(await self.reader.execute_fetchall(sql, tuple(params)))

    async def fetch_together(
        self, statements: Sequence[tuple[str, Sequence[Any]]]
    ) -> list[list[Row]]:
        """Several reads in one trip to the reading connection's thread, one snapshot."""
        listed = [(sql, tuple(params)) for sql, params in statements]
        return list(await self.reader._execute(_read_together, self.reader, listed))  # type: ignore[no-untyped-call]

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._write:
            cur = await self.conn.execute(sql, tuple(params))
            return cur.rowcount

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTransaction]:
        async with self._write:
            tx = SqliteTransaction(self.conn)
            try:
                yield tx
                await tx.end()
            except BaseException:
                await self._rollback()
                raise

    async def _rollback(self) -> None:
        """Roll back the transaction under way, unless SQLite already has (it does on some
        errors, e.g. a full disk): the error that stopped the transaction is the one raised.
        Asked in the connection's thread, after what was sent there: a transaction cancelled
        while its first trip waited there is still begun, and then rolled back."""
        await self.conn._execute(_rollback_if_open, self.conn)  # type: ignore[no-untyped-call]

    async def tables_with_column(self, column: str) -> list[str]:
        async with self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
            names = [row[0] for row in await cur.fetchall()]
        found = []
        for name in names:
            async with self.conn.execute(f'PRAGMA table_info("{name}")') as cur:
                if any(info[1] == column for info in await cur.fetchall()):
                    found.append(name)
        return found

    async def compact(self) -> None:
        async with self._write:
            await self.conn.execute("VACUUM")
            await self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
