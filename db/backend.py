"""What the store needs of a database: committed reads, one-statement writes and transactions.

`db.sqlite_backend.SqliteBackend` and `db.postgres_backend.PostgresBackend` provide it; the
store (`db.store.Store`) holds every query and is the same over both. SQL reaches a backend with
`?` marks; rows come back as tuples (or tuple-like records) in the order of the columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from db.dialect import Dialect

Row = Sequence[Any]


class Transaction(Protocol):
    """One write transaction under way: committed when its block ends, rolled back on an error
    (or at the end when `discard` was called)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows of one statement (a read, or a write with RETURNING), seeing this
        transaction's changes."""
        ...

    async def add(self, sql: str, params: Sequence[Any] = ()) -> None:
        """One write statement whose count is not needed. It may run later, in order, with
        the transaction's next statement or its commit (SQLite: in one trip to the database's
        thread), so its errors may be raised there instead."""
        ...

    def discard(self) -> None:
        """Roll the transaction back at the end of its block instead of committing it."""
        ...


class Backend(Protocol):
    """A database the store runs on."""

    @property
    def dialect(self) -> Dialect:
        """The queries of this database's own SQL (`db.dialect`)."""
        ...

    @property
    def integrity_errors(self) -> tuple[type[Exception], ...]:
        """What a broken UNIQUE, key or CHECK constraint raises."""
        ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows of a read of committed data (never another request's transaction)."""
        ...

    async def fetch_together(
        self, statements: Sequence[tuple[str, Sequence[Any]]]
    ) -> list[list[Row]]:
        """The rows of several reads of committed data, all from one snapshot of the database
        and in one trip (SQLite: one hand-over to the reading connection's thread)."""
        ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One write statement, committed on its own; the number of rows it changed."""
        ...

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """A write transaction (see `Transaction`); writes of other requests wait or are
        refused by the database, never interleaved."""
        ...

    async def tables_with_column(self, column: str) -> list[str]:
        """The tables that have a column of this name."""
        ...

    async def compact(self) -> None:
        """Rewrite the database so deleted rows leave no trace on disk."""
        ...

    async def close(self) -> None: ...
