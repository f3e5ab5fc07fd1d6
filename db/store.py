"""The store: all SQL lives here. aiosqlite with WAL, migrations at open, optimistic versions.

Every write names the version it read; if the game has moved on, `StaleVersion` is raised and
nothing changes. A write and its action-log entry commit in one transaction.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import aiosqlite

from db.migrations import migrate
from db.records import ActionRecord, GameRecord, Seat


class StoreError(Exception):
    """Base of the store's refusals."""


class ChannelBusy(StoreError):
    """The channel already has an active game."""


class StaleVersion(StoreError):
    """The game changed since it was read; the write was refused."""


class GameNotFound(StoreError):
    """No game with that id."""


def now() -> str:
    """The current UTC time as ISO text."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


_COLUMNS = (
    "id, guild_id, channel_id, game, status, host_id, seats, options, seed, state, waiting, "
    "version, created_at, updated_at"
)


def _record(row: aiosqlite.Row | tuple) -> GameRecord:
    (
        gid,
        guild,
        channel,
        game,
        status,
        host,
        seats,
        options,
        seed,
        state,
        waiting,
        version,
        created,
        updated,
    ) = row
    return GameRecord(
        id=gid,
        guild_id=guild,
        channel_id=channel,
        game=game,
        status=status,
        host_id=host,
        seats=tuple(Seat.from_json(s) for s in json.loads(seats)),
        options=json.loads(options),
        seed=seed,
        state=json.loads(state) if state is not None else None,
        waiting={int(k): v for k, v in json.loads(waiting).items()},
        version=version,
        created_at=created,
        updated_at=updated,
    )


class Store:
    """One SQLite database. Open with `await Store.open(path)`; close with `await store.close()`."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> Store:
        """Open (or create) the database, switch on WAL and apply pending migrations."""
        conn = await aiosqlite.connect(path, isolation_level=None)
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        await migrate(conn)
        return cls(conn)

    async def close(self) -> None:
        await self._conn.close()

    # ------------------------------------------------------------ meta

    @staticmethod
    def fingerprint(data: Any) -> str:
        """A stable hash of JSON data."""
        return hashlib.sha256(_dumps(data).encode()).hexdigest()

    async def get_meta(self, key: str) -> str | None:
        async with self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._write:
            await self._conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # ------------------------------------------------------------ reading games

    async def get_game(self, game_id: int) -> GameRecord | None:
        async with self._conn.execute(
            f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)
        ) as cur:
            row = await cur.fetchone()
        return _record(row) if row else None

    async def active_game(self, channel_id: int) -> GameRecord | None:
        """The lobby or running game of this channel, if any."""
        async with self._conn.execute(
            f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return _record(row) if row else None

    async def active_games(self, guild_id: int | None = None) -> list[GameRecord]:
        """Every lobby or running game (of one server when `guild_id` is given), oldest first."""
        sql = f"SELECT {_COLUMNS} FROM games WHERE status IN ('lobby', 'running')"
        params: tuple = ()
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params = (guild_id,)
        async with self._conn.execute(sql + " ORDER BY id", params) as cur:
            return [_record(row) for row in await cur.fetchall()]

    async def actions(self, game_id: int) -> list[ActionRecord]:
        """The action log of a game, in order."""
        async with self._conn.execute(
            "SELECT game_id, version, seat, user_id, action, at FROM actions "
            "WHERE game_id = ? ORDER BY version",
            (game_id,),
        ) as cur:
            return [ActionRecord(*row) for row in await cur.fetchall()]

    # ------------------------------------------------------------ writing games

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host_id: int,
        seats: Iterable[Seat],
        options: dict[str, str],
    ) -> GameRecord:
        """A new lobby in this channel; ChannelBusy if the channel already has an active game."""
        stamp = now()
        async with self._write:
            try:
                cur = await self._conn.execute(
                    "INSERT INTO games (guild_id, channel_id, game, status, host_id, seats, "
                    "options, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        game,
                        host_id,
                        _dumps([s.to_json() for s in seats]),
                        _dumps(options),
                        stamp,
                        stamp,
                    ),
                )
            except aiosqlite.IntegrityError as exc:
                raise ChannelBusy(channel_id) from exc
            game_id = cur.lastrowid
        record = await self.get_game(game_id)
        assert record is not None
        return record

    async def update(
        self,
        game_id: int,
        expected_version: int,
        *,
        status: str | None = None,
        host_id: int | None = None,
        seats: Iterable[Seat] | None = None,
        options: dict[str, str] | None = None,
        seed: int | None = None,
        state: dict[str, Any] | None = None,
        waiting: dict[int, int] | None = None,
        action: tuple[int, int | None, str] | None = None,
    ) -> GameRecord:
        """Change a game that is still at `expected_version`, and log `action` (seat, user, text).

        Raises StaleVersion (nothing written) if the game is at another version, GameNotFound
        if there is no such game. Returns the game as saved, at `expected_version + 1`.
        """
        sets = ["version = version + 1", "updated_at = ?"]
        stamp = now()
        params: list[Any] = [stamp]
        for column, value in (
            ("status", status),
            ("host_id", host_id),
            ("seats", None if seats is None else _dumps([s.to_json() for s in seats])),
            ("options", None if options is None else _dumps(options)),
            ("seed", seed),
            ("state", None if state is None else _dumps(state)),
            (
                "waiting",
                None if waiting is None else _dumps({str(k): v for k, v in waiting.items()}),
            ),
        ):
            if value is not None:
                sets.append(f"{column} = ?")
                params.append(value)
        async with self._write:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                cur = await self._conn.execute(
                    f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?",
                    (*params, game_id, expected_version),
                )
                if cur.rowcount != 1:
                    exists = await self._exists(game_id)
                    raise StaleVersion(game_id) if exists else GameNotFound(game_id)
                if action is not None:
                    seat, user_id, text = action
                    await self._conn.execute(
                        "INSERT INTO actions (game_id, version, seat, user_id, action, at) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (game_id, expected_version + 1, seat, user_id, text, stamp),
                    )
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            record = await self.get_game(game_id)
        assert record is not None
        return record

    async def _exists(self, game_id: int) -> bool:
        async with self._conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)) as cur:
            return await cur.fetchone() is not None

    # ------------------------------------------------------------ tracked messages

    async def set_message(self, game_id: int, kind: str, channel_id: int, message_id: int) -> None:
        """Remember a message of a game (e.g. `lobby`, `board`), replacing the previous one."""
        async with self._write:
            await self._conn.execute(
                "INSERT INTO messages (game_id, kind, channel_id, message_id) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id",
                (game_id, kind, channel_id, message_id),
            )

    async def get_message(self, game_id: int, kind: str) -> tuple[int, int] | None:
        """(channel_id, message_id) of a remembered message, or None."""
        async with self._conn.execute(
            "SELECT channel_id, message_id FROM messages WHERE game_id = ? AND kind = ?",
            (game_id, kind),
        ) as cur:
            row = await cur.fetchone()
        return (row[0], row[1]) if row else None
