"""The PostgreSQL backend: a pool of asyncpg connections to one database.

Every write is a transaction on a connection of its own: two requests (or two processes)
writing the same game are ordered by the database's row locks, and a versioned save's check is
the `WHERE version = ...` of its `UPDATE` (the database refuses the second, never the process).
A server restarting or out of reach raises `DatabaseUnavailable` (a transaction under way is
rolled back by the server); the pool opens new connections by itself once it is back.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from db.backend import Row
from db.dialect import PostgresDialect
from db.errors import CannotOpen, DatabaseUnavailable, OutcomeUnknown
from db.migrations import migration_files, postgres_sql

CONNECT_SECONDS = 5.0  # a connection attempt gives up after this long
COMMAND_SECONDS = 60.0  # a statement gives up after this long
POOL_SIZE = 10
MIGRATION_LOCK = 0x7A_76_6F_6C_6F  # pg_advisory_lock key: one process migrates at a time

_MARK = re.compile(r"'(?:[^']|'')*'|\?(?!\d)")


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """`sql` with its `?` marks numbered `$1, $2, ...` (marks inside quoted text left alone)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(0) != "?":
            return match.group(0)
        count += 1
        return f"${count}"

    return _MARK.sub(number, sql)


def _changed(status: str) -> int:
    """The rows a statement changed, from its status ("UPDATE 1", "INSERT 0 3", "DELETE 2")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def lost_connection(error: BaseException) -> bool:
    """Whether `error` says the server cannot be reached or went away (not a refused query)."""
    if isinstance(
        error,
        OSError
        | TimeoutError
        | asyncpg.PostgresConnectionError
        | asyncpg.exceptions.OperatorInterventionError
        | asyncpg.exceptions.TooManyConnectionsError,
    ):
        return True
    # the pool detaches a connection the server closed: using it again says "released"
    text = str(error)
    return isinstance(error, asyncpg.InterfaceError) and ("closed" in text or "released" in text)


class PostgresTransaction:
    """A write transaction on one pooled connection (see `db.backend.Transaction`)."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn
        self.discarded = False

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _changed(await self._conn.execute(numbered(sql), *params))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return [tuple(row) for row in await self._conn.fetch(numbered(sql), *params)]

    async def add(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self._conn.execute(numbered(sql), *params)

    def discard(self) -> None:
        self.discarded = True


class PostgresBackend:
    """One PostgreSQL database (see the module's text)."""

    dialect = PostgresDialect
    integrity_errors: tuple[type[Exception], ...] = (asyncpg.IntegrityConstraintViolationError,)

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresBackend:
        """Connect to the database at `url` (`postgresql://user:password@host:port/name`),
        apply pending migrations (one process at a time) and keep a pool of connections.
        DatabaseUnavailable when the server cannot be reached."""
        try:
            conn = await asyncpg.connect(url, timeout=CONNECT_SECONDS)
        except Exception as error:
            if lost_connection(error):
                raise DatabaseUnavailable(f"cannot reach PostgreSQL: {error}") from error
            if isinstance(error, asyncpg.PostgresError | asyncpg.InterfaceError | ValueError):
                raise CannotOpen(f"PostgreSQL refused the connection: {error}") from error
            raise
        try:
            await migrate(conn)
        finally:
            await conn.close()
        pool = await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=pool_size,
            timeout=CONNECT_SECONDS,
            command_timeout=COMMAND_SECONDS,
            reset=_nothing_to_reset,
        )
        return cls(pool)

    async def close(self) -> None:
        await self.pool.close()

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Reads are repeated once on a fresh connection when the pooled one went away (a
        server restart closes every connection it had)."""
        (rows,) = await self._read([(sql, params)], together=False)
        return rows

    async def fetch_together(
        self, statements: Sequence[tuple[str, Sequence[Any]]]
    ) -> list[list[Row]]:
        """Several reads on one connection, in one read-only REPEATABLE READ transaction (one
        snapshot); repeated once on a fresh connection when the pooled one went away."""
        return await self._read(statements, together=True)

    async def _read(
        self, statements: Sequence[tuple[str, Sequence[Any]]], *, together: bool
    ) -> list[list[Row]]:
        """The statements' rows on one pooled connection (`together`: in one read-only
        snapshot), tried once more on a fresh connection when the pooled one went away."""
        for attempt in (1, 2):
            try:
                async with self.pool.acquire() as conn:
                    snapshot = conn.transaction(isolation="repeatable_read", readonly=True)
                    async with snapshot if together else contextlib.nullcontext():
                        return [
                            [tuple(row) for row in await conn.fetch(numbered(sql), *params)]
                            for sql, params in statements
                        ]
            except Exception as error:
                if not lost_connection(error):
                    raise
                await self.pool.expire_connections()
                if attempt == 2:
                    raise DatabaseUnavailable(str(error)) from error
        raise AssertionError("unreachable")

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self.transaction() as tx:
            return await tx.execute(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        """A transaction on a pooled connection; its start is tried once more on a fresh
        connection when the pooled one went away (nothing was done yet). Once started, a lost
        connection raises DatabaseUnavailable: the server rolls the transaction back; one lost
        during the COMMIT raises OutcomeUnknown (it may have been committed)."""
        for attempt in (1, 2):
            try:
                conn = await self.pool.acquire()
            except Exception as error:
                if not lost_connection(error):
                    raise
                raise DatabaseUnavailable(str(error)) from error
            try:
                try:
                    await conn.execute("BEGIN")
                except Exception as error:
                    if not lost_connection(error):
                        raise
                    await self.pool.expire_connections()
                    if attempt == 2:
                        raise DatabaseUnavailable(str(error)) from error
                    continue
                tx = PostgresTransaction(conn)
                try:
                    yield tx
                    if tx.discarded:
                        await conn.execute("ROLLBACK")
                except BaseException as error:
                    # on a connection that went away meanwhile, the server rolled back
                    with contextlib.suppress(Exception):
                        await conn.execute("ROLLBACK")
                    if isinstance(error, Exception) and lost_connection(error):
                        await self.pool.expire_connections()
                        raise DatabaseUnavailable(str(error)) from error
                    raise
                if not tx.discarded:
                    await self._commit(conn)
                return
            finally:
                with contextlib.suppress(Exception):  # a lost one is dropped by the pool
                    await self.pool.release(conn)

    async def _commit(self, conn: asyncpg.Connection) -> None:
        """COMMIT; a connection lost before the server's answer came raises OutcomeUnknown:
        the server may have committed or not."""
        try:
            await conn.execute("COMMIT")
        except Exception as error:
            if not lost_connection(error):
                raise
            await self.pool.expire_connections()
            raise OutcomeUnknown(str(error)) from error

    async def tables_with_column(self, column: str) -> list[str]:
        rows = await self.fetch(
            "SELECT table_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND column_name = ? ORDER BY table_name",
            (column,),
        )
        return [str(row[0]) for row in rows]

    async def compact(self) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute("VACUUM FULL")


async def _nothing_to_reset(conn: asyncpg.Connection) -> None:
    """A connection goes back to the pool as it is: the store sets no session state (no SET,
    LISTEN or advisory lock), so asyncpg's reset (one more round trip each time) is skipped."""


async def migrate(conn: asyncpg.Connection) -> int:
    """Apply the migrations this database has not had (`schema_migrations` lists those it
    had), each in a transaction of its own, holding an advisory lock so two processes starting
    together migrate once; return the newest migration's number."""
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations "
            "(number BIGINT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        current = await conn.fetchval("SELECT coalesce(max(number), 0) FROM schema_migrations")
        for number, path in migration_files():
            if number <= current:
                continue
            async with conn.transaction():
                await conn.execute(postgres_sql(path))
                await conn.execute("INSERT INTO schema_migrations (number) VALUES ($1)", number)
            current = number
        return int(current)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
