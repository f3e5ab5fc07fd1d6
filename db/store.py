"""The store: all SQL lives here, the same over SQLite and PostgreSQL, with optimistic versions.

`open_store(url)` opens one: a file path or `sqlite:` URL (SQLite, WAL, the default) or a
`postgresql://` URL (`db/sqlite_backend.py`, `db/postgres_backend.py`). Queries are written
once with `?` marks; the few that differ between the two are in `db/dialect.py`.

Every write names the version it read; if the game has moved on, `StaleVersion` is raised and
nothing changes (the database checks it: `UPDATE ... WHERE version = ?`). A write and its
action-log entry commit in one transaction.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from db.backend import Backend, Row, Transaction
from db.claims import Claims
from db.errors import (
    CannotOpen,
    ChannelBusy,
    DatabaseUnavailable,
    GameNotFound,
    StaleVersion,
    StoreError,
)
from db.outbox import Announcement, Outstanding, Pending
from db.postgres_backend import PostgresBackend
from db.records import ActionRecord, GameRecord, Seat, SeatChange, TurnClocks, TurnTimer
from db.results import BOT_PLAYERS, GameResults, PlayerStats, Rating
from db.sqlite_backend import SqliteBackend

__all__ = [
    "CannotOpen",
    "ChannelBusy",
    "DatabaseUnavailable",
    "GameNotFound",
    "StaleVersion",
    "Store",
    "StoreError",
    "open_store",
]


def now() -> str:
    """The current UTC time as ISO text."""
    return stamp(datetime.now(UTC))


def stamp(moment: datetime) -> str:
    """A moment as the ISO UTC text the store keeps (sorts in time order)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


NEVER = "9999-12-31T23:59:59.999+00:00"  # a timer's check instant when none can come


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def _seats(seats: Iterable[Seat]) -> str:
    return _dumps([s.to_json() for s in seats])


def _seat_map(by_seat: dict[int, int]) -> str:
    """A {seat: number} map as stored (JSON keys are text)."""
    return _dumps({str(k): v for k, v in by_seat.items()})


_COLUMNS = (
    "id, guild_id, channel_id, game, status, host_id, seats, options, seed, state, waiting, "
    "version, created_at, updated_at, timing, auto_moves, language"
)


def _record(row: Row) -> GameRecord:
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
        timing,
        auto_moves,
        language,
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
        timing=json.loads(timing),
        auto_moves={int(k): v for k, v in json.loads(auto_moves).items()},
        language=language,
    )


# A game's columns without its state (`GameRecord.state` None): what overviews read, which never
# look at the game itself (parsing every running game's state is most of their cost).
_SUMMARY_COLUMNS = _COLUMNS.replace(" state,", " NULL,")

_TIMER_COLUMNS = (
    "t.game_id, t.seat, t.since_version, t.started_at, t.sent_count, t.last_sent_at, "
    "t.deadline_moved, t.deadline_hours, t.auto_moves, t.held_seconds"
)


def _timer(row: Row) -> TurnTimer:
    game_id, seat, since, started, sent, last, moved, hours, autos, held = row
    return TurnTimer(
        game_id, seat, since, started, sent, last, bool(moved), hours, autos, float(held)
    )


SQLITE_PREFIX = "sqlite:"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def is_postgres(url: str) -> bool:
    """Whether a database setting names a PostgreSQL database (else a SQLite file)."""
    return url.startswith(POSTGRES_PREFIXES)


def sqlite_path(url: str) -> str:
    """The file of a SQLite setting: a path, or `sqlite:PATH` / `sqlite:///PATH` (absolute
    with four slashes, as SQLAlchemy writes it: `sqlite:////var/lib/tavolo.db`)."""
    if not url.startswith(SQLITE_PREFIX):
        return url
    rest = url.removeprefix(SQLITE_PREFIX)
    return rest.removeprefix("//").removeprefix("/") if rest.startswith("///") else rest


def shown_url(url: str) -> str:
    """A database setting as it may be shown or logged: a URL's password left out."""
    parts = urlsplit(url)
    if not is_postgres(url) or parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


async def open_store(url: str, *, synchronous: str = "FULL") -> Store:
    """Open the store named by `url` (the setting TAVOLO_DATABASE_URL): a `postgresql://`
    URL, else a SQLite file (a path or `sqlite:` URL), created when missing; pending
    migrations are applied. `synchronous` is SQLite's durability (see `SqliteBackend.open`);
    PostgreSQL commits are always durable."""
    if is_postgres(url):
        return Store(await PostgresBackend.open(url))
    return Store(await SqliteBackend.open(sqlite_path(url), synchronous=synchronous))


class Store(Claims):
    """The games' database, on either backend. Open with `await open_store(url)`; close with
    `await store.close()`. Shard leases and game claims (several processes) are its
    `db.claims.Claims` part."""

    def __init__(self, backend: Backend) -> None:
        self._db = backend
        self._sql = backend.dialect

    @classmethod
    async def open(cls, url: str, *, synchronous: str = "FULL") -> Store:
        """`open_store(url)`: kept for the callers that name the class."""
        return await open_store(url, synchronous=synchronous)

    @property
    def backend(self) -> Backend:
        """The database under the store (tests and tools reach SQLite's connection here)."""
        return self._db

    @property
    def dialect_name(self) -> str:
        """`sqlite` or `postgres`."""
        return self._sql.name

    @property
    def _conn(self) -> Any:
        """SQLite's writing connection (tests of SQLite's own behaviour)."""
        if not isinstance(self._db, SqliteBackend):
            raise TypeError("only a SQLite store has a connection of its own")
        return self._db.conn

    async def close(self) -> None:
        await self._db.close()

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows of a read of committed data (`Backend.fetch`)."""
        return await self._db.fetch(sql, params)

    # ------------------------------------------------------------ meta

    @staticmethod
    def fingerprint(data: Any) -> str:
        """A stable hash of JSON data."""
        return hashlib.sha256(_dumps(data).encode()).hexdigest()

    async def get_meta(self, key: str) -> str | None:
        rows = await self._db.fetch("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # ------------------------------------------------------------ reading games

    async def get_game(self, game_id: int) -> GameRecord | None:
        rows = await self._db.fetch(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _record(rows[0]) if rows else None

    @staticmethod
    async def _game_in_transaction(tx: Transaction, game_id: int) -> GameRecord | None:
        """`get_game` inside a write (it sees the write's changes)."""
        rows = await tx.fetch(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _record(rows[0]) if rows else None

    async def active_game(self, channel_id: int) -> GameRecord | None:
        """The lobby or running game of this channel, if any."""
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
            (channel_id,),
        )
        return _record(rows[0]) if rows else None

    async def active_games(
        self, guild_id: int | None = None, *, with_state: bool = True
    ) -> list[GameRecord]:
        """Every lobby or running game (of one server when `guild_id` is given), oldest first;
        without their states (`state` None) unless `with_state`."""
        columns = _COLUMNS if with_state else _SUMMARY_COLUMNS
        sql = f"SELECT {columns} FROM games WHERE status IN ('lobby', 'running')"
        params: tuple[int, ...] = ()
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params = (guild_id,)
        return [_record(row) for row in await self._db.fetch(sql + " ORDER BY id", params)]

    async def active_channels(self, guild_id: int) -> list[tuple[int, int]]:
        """(game id, channel id) of every lobby or running game of a server, oldest first: the
        listing of an overview, read from an index without any game's JSON."""
        rows = await self._db.fetch(
            "SELECT id, channel_id FROM games WHERE guild_id = ? "
            "AND status IN ('lobby', 'running') ORDER BY id",
            (guild_id,),
        )
        return [(row[0], row[1]) for row in rows]

    async def game_summaries(self, game_ids: Sequence[int]) -> list[GameRecord]:
        """These games without their states (`state` None), in the order of `game_ids`
        (missing ones left out)."""
        if not game_ids:
            return []
        marks = ", ".join("?" for _ in game_ids)
        rows = await self._db.fetch(
            f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE id IN ({marks})", tuple(game_ids)
        )
        found = {record.id: record for record in map(_record, rows)}
        return [found[i] for i in game_ids if i in found]

    async def actions(self, game_id: int) -> list[ActionRecord]:
        """The game's moves from the action log that were not undone, in order (what a replay
        of the game reads)."""
        rows = await self._db.fetch(
            "SELECT game_id, version, seat, user_id, action, at, kind FROM actions "
            f"WHERE game_id = ? AND kind = 'move' AND version NOT IN ({self._sql.undone_versions}) "
            "ORDER BY version",
            (game_id, game_id),
        )
        return [ActionRecord(*row) for row in rows]

    async def seat_changes(self, game_id: int) -> list[ActionRecord]:
        """The seat changes of the action log, in order (`SeatChange.from_log` reads each)."""
        return await self.log(game_id, "seat")

    async def log(self, game_id: int, kind: str | None = None) -> list[ActionRecord]:
        """The whole action log of a game (moves and seat changes), or the rows of one `kind`,
        in order (a seat change before the move of the same version)."""
        sql = "SELECT game_id, version, seat, user_id, action, at, kind FROM actions "
        sql += "WHERE game_id = ?" + (" AND kind = ?" if kind else "")
        params = (game_id, kind) if kind else (game_id,)
        rows = await self._db.fetch(sql + " ORDER BY version, kind DESC", params)
        return [ActionRecord(*row) for row in rows]

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
        language: str = "en",
    ) -> GameRecord:
        """A new lobby in this channel, its posts in `language`; ChannelBusy if the channel
        already has an active game."""
        stamp = now()
        try:
            async with self._db.transaction() as tx:
                rows = await tx.fetch(
                    "INSERT INTO games (guild_id, channel_id, game, status, host_id, seats, "
                    "options, created_at, updated_at, language) "
                    "VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        game,
                        host_id,
                        _seats(seats),
                        _dumps(options),
                        stamp,
                        stamp,
                        language,
                    ),
                )
                record = await self._game_in_transaction(tx, rows[0][0])
        except self._db.integrity_errors as exc:
            raise ChannelBusy(channel_id) from exc
        assert record is not None
        return record

    async def save_seats(
        self,
        game_id: int,
        expected_version: int,
        seats: Iterable[Seat],
        *,
        host_id: int | None = None,
        announce: Announcement | None = None,
        seat_log: SeatChange | None = None,
    ) -> GameRecord:
        """New seats (a lobby's join, bots, leave; a seat handed to a bot during play), and a
        new host when `host_id` is given; `seat_log` logs a running game's seat change. Waits
        and turn timers are left as they are."""
        columns: dict[str, Any] = {"seats": _seats(seats)}
        if host_id is not None:
            columns["host_id"] = host_id
        return await self._save(
            game_id, expected_version, columns, seat_log=seat_log, announce=announce
        )

    async def start_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seed: int,
        state: dict[str, Any],
        clocks: TurnClocks,
        announce: Announcement | None = None,
    ) -> GameRecord:
        """A lobby becomes a running game: its seed, its first state and its first waits."""
        columns = {"status": "running", "seed": seed, "state": _dumps(state)}
        return await self._save(
            game_id, expected_version, columns, clocks=clocks, announce=announce
        )

    async def save_move(
        self,
        game_id: int,
        expected_version: int,
        *,
        seat: int,
        user_id: int | None,
        action: str,
        state: dict[str, Any],
        finished: bool,
        clocks: TurnClocks,
        seats: Iterable[Seat] | None = None,
        auto_moves: dict[int, int] | None = None,
        seat_log: SeatChange | None = None,
        announce: Announcement | None = None,
        results: GameResults | None = None,
    ) -> GameRecord:
        """One action applied: the new state (and the game `finished`, which stops every
        timer), the new waits, the action logged as `seat`'s by `user_id` (None: a bot);
        `seats` when a bot took a seat over (`seat_log` logs it), `auto_moves` when the counts
        changed; `announce` goes to the outbox; `results` (of a game that ends) go to the
        statistics and ratings in the same transaction."""
        columns: dict[str, Any] = {"state": _dumps(state)}
        if finished:
            columns["status"] = "finished"
        if seats is not None:
            columns["seats"] = _seats(seats)
        if auto_moves is not None:
            columns["auto_moves"] = _seat_map(auto_moves)
        return await self._save(
            game_id,
            expected_version,
            columns,
            clocks=clocks,
            action=(seat, user_id, action),
            ended=finished,
            seat_log=seat_log,
            announce=announce,
            results=results,
        )

    async def save_seat_change(
        self,
        game_id: int,
        expected_version: int,
        *,
        seats: Iterable[Seat],
        auto_moves: dict[int, int],
        clocks: TurnClocks,
        announce: Announcement | None = None,
        seat_log: SeatChange | None = None,
        timing: dict[str, Any] | None = None,
    ) -> GameRecord:
        """A running game's seat has a new player: the seats, the auto-move counts and the
        waits (the seat's wait restarts), the change (`seat_log`) in the action log, and new
        timing (JSON) if given."""
        columns = {"seats": _seats(seats), "auto_moves": _seat_map(auto_moves)}
        if timing is not None:
            columns["timing"] = _dumps(timing)
        return await self._save(
            game_id,
            expected_version,
            columns,
            clocks=clocks,
            seat_log=seat_log,
            announce=announce,
        )

    async def set_timing(
        self,
        game_id: int,
        expected_version: int,
        timing: dict[str, Any],
        *,
        keep: tuple[int, int] | None = None,
        announce: Announcement | None = None,
    ) -> GameRecord:
        """New timing settings (JSON, see `service/timing.py`). `keep`: the (deadline hours,
        auto-moves) the current waits keep, those that kept none yet (the settings change from
        each seat's next wait); `announce` goes to the outbox."""
        return await self._save(
            game_id,
            expected_version,
            {"timing": _dumps(timing)},
            keep_terms=keep,
            announce=announce,
        )

    async def abort_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seats: Iterable[Seat] | None = None,
        announce: Announcement | None = None,
    ) -> GameRecord:
        """End a lobby or running game without a result (with `seats`, when the last member
        left a lobby); its turn timers go; `announce` tells the channel why."""
        columns: dict[str, Any] = {"status": "aborted"}
        if seats is not None:
            columns["seats"] = _seats(seats)
        return await self._save(game_id, expected_version, columns, ended=True, announce=announce)

    async def replace_state(
        self, game_id: int, expected_version: int, state: dict[str, Any], clocks: TurnClocks
    ) -> GameRecord:
        """Put a running game in `state` with the waits of `clocks`, logging no action (a test
        arranging a position, a repair)."""
        return await self._save(game_id, expected_version, {"state": _dumps(state)}, clocks=clocks)

    async def _save(
        self,
        game_id: int,
        expected_version: int,
        columns: dict[str, Any],
        *,
        clocks: TurnClocks | None = None,
        action: tuple[int, int | None, str] | None = None,
        ended: bool = False,
        seat_log: SeatChange | None = None,
        keep_terms: tuple[int, int] | None = None,
        announce: Announcement | None = None,
        results: GameResults | None = None,
        undo: tuple[int, int, str] | None = None,
    ) -> GameRecord:
        """The one transaction of every game write: set `columns` (already stored form) of a
        game still at `expected_version`, bump its version, log `action` (seat, user, text),
        log the `seat_log` change, apply `clocks` (its waits and turn timers; its `at` is the
        time of the write, else now), pin `keep_terms` on the current timers that have none,
        drop every timer of a game that `ended`, put `announce` in the outbox, write the `results`
        of a game that ends (and its ratings), and log an `undo` (seat, user, JSON).

        Raises StaleVersion (nothing written) if the game is at another version, GameNotFound
        if there is no such game. Returns the game as saved, at `expected_version + 1`.
        """
        when = now() if clocks is None else stamp(clocks.at)
        values = dict(columns)
        if clocks is not None:
            values["waiting"] = _seat_map(clocks.waiting)
        sets = ", ".join(
            ["version = version + 1", "updated_at = ?", *(f"{name} = ?" for name in values)]
        )
        async with self._db.transaction() as tx:
            saved = await tx.fetch(  # the game as saved: no later statement changes its row
                f"UPDATE games SET {sets} WHERE id = ? AND version = ? RETURNING {_COLUMNS}",
                (when, *values.values(), game_id, expected_version),
            )
            if len(saved) != 1:
                exists = await self._exists(tx, game_id)
                raise StaleVersion(game_id) if exists else GameNotFound(game_id)
            if action is not None:
                seat, user_id, text = action
                await tx.add(
                    "INSERT INTO actions (game_id, version, seat, user_id, action, at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, expected_version + 1, seat, user_id, text, when),
                )
            if seat_log is not None:
                await tx.add(
                    "INSERT INTO actions (game_id, version, kind, seat, user_id, action, at) "
                    "VALUES (?, ?, 'seat', ?, ?, ?, ?)",
                    (
                        game_id,
                        expected_version + 1,
                        seat_log.seat,
                        seat_log.new_user,
                        _dumps(seat_log.to_json()),
                        when,
                    ),
                )
            if undo is not None:
                await tx.add(
                    "INSERT INTO actions (game_id, version, kind, seat, user_id, action, at) "
                    "VALUES (?, ?, 'undo', ?, ?, ?, ?)",
                    (game_id, expected_version + 1, *undo, when),
                )
            if results is not None:
                await self._write_results(tx, game_id, results, when)
            if "timing" in values:  # new settings: the tick looks at its timers again
                await tx.add(  # (marked with the version: `set_timer_checks`)
                    "UPDATE turn_timers SET check_at = ? WHERE game_id = ?",
                    (f"!{expected_version + 1}", game_id),
                )
            if keep_terms is not None:
                await tx.add(
                    "UPDATE turn_timers SET deadline_hours = COALESCE(deadline_hours, ?), "
                    "auto_moves = COALESCE(auto_moves, ?) WHERE game_id = ?",
                    (*keep_terms, game_id),
                )
            if clocks is not None:
                await self._set_turn_timers(tx, game_id, clocks)
            if announce is not None:
                await tx.add(
                    "INSERT INTO outbox (game_id, version, body) VALUES (?, ?, ?)",
                    (game_id, expected_version + 1, _dumps(announce.to_json())),
                )
            if ended:
                await tx.add("DELETE FROM turn_timers WHERE game_id = ?", (game_id,))
        return _record(saved[0])

    @staticmethod
    async def _set_turn_timers(tx: Transaction, game_id: int, clocks: TurnClocks) -> None:
        """Inside a write: the turn timers as `clocks` says (see `TurnClocks`)."""
        waiting = sorted(clocks.waiting.items())
        for seat in clocks.carried:
            if seat in clocks.waiting:
                await tx.add(
                    "UPDATE turn_timers SET since_version = ? WHERE game_id = ? AND seat = ?",
                    (clocks.waiting[seat], game_id, seat),
                )
        # the timers of waits that ended go; those of new waits come (kept ones stay as they are)
        kept = " OR ".join("(seat = ? AND since_version = ?)" for _ in waiting) or "FALSE"
        await tx.add(
            f"DELETE FROM turn_timers WHERE game_id = ? AND NOT ({kept})",
            (game_id, *(n for pair in waiting for n in pair)),
        )
        if waiting:
            rows = ", ".join("(?, ?, ?, ?, ?, ?)" for _ in waiting)
            started = stamp(clocks.at)
            await tx.add(
                "INSERT INTO turn_timers (game_id, seat, since_version, started_at, "
                f"deadline_hours, auto_moves) VALUES {rows} ON CONFLICT DO NOTHING",
                tuple(
                    value
                    for seat, since in waiting
                    for value in (
                        game_id,
                        seat,
                        since,
                        started,
                        clocks.deadline_hours,
                        clocks.auto_moves,
                    )
                ),
            )
        if clocks.deadline_moved is not None:
            await tx.add(
                "UPDATE turn_timers SET deadline_moved = 1 WHERE game_id = ? AND seat = ?",
                (game_id, clocks.deadline_moved),
            )

    @staticmethod
    async def _exists(tx: Transaction, game_id: int) -> bool:
        return bool(await tx.fetch("SELECT 1 FROM games WHERE id = ?", (game_id,)))

    # ------------------------------------------------------------ tracked messages

    async def set_message(self, game_id: int, kind: str, channel_id: int, message_id: int) -> None:
        """Remember a message of a game (e.g. `lobby`, `board`), replacing the previous one."""
        await self._db.execute(
            "INSERT INTO messages (game_id, kind, channel_id, message_id) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id, "
            "message_id = excluded.message_id",
            (game_id, kind, channel_id, message_id),
        )

    async def get_message(self, game_id: int, kind: str) -> tuple[int, int] | None:
        """(channel_id, message_id) of a remembered message, or None."""
        rows = await self._db.fetch(
            "SELECT channel_id, message_id FROM messages WHERE game_id = ? AND kind = ?",
            (game_id, kind),
        )
        return (rows[0][0], rows[0][1]) if rows else None

    # ------------------------------------------------------------ the outbox

    async def pending(self, game_id: int, up_to: int) -> Pending:
        """The game's announcements not yet delivered, up to version `up_to`, oldest first."""
        rows = await self._db.fetch(
            "SELECT version, body FROM outbox WHERE game_id = ? AND delivered = 0 "
            "AND version <= ? ORDER BY version",
            (game_id, up_to),
        )
        return Pending.from_rows(rows)

    async def outstanding(self, game_id: int) -> tuple[GameRecord, Outstanding] | None:
        """A game and what its delivery starts from (`db.outbox.Outstanding`), from one snapshot
        in one read (None: no such game). `shown` holds the announcements shown in the board
        message remembered now."""
        board = "(SELECT message_id FROM messages WHERE game_id = ? AND kind = 'board')"
        game, pending, due, messages, shown = await self._db.fetch_together(
            [
                (f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)),
                (
                    "SELECT version, body FROM outbox WHERE game_id = ? AND delivered = 0 "
                    "AND version <= (SELECT version FROM games WHERE id = ?) ORDER BY version",
                    (game_id, game_id),
                ),
                ("SELECT seat, fresh FROM panels_due WHERE game_id = ? ORDER BY seat", (game_id,)),
                (
                    "SELECT kind, channel_id, message_id FROM messages WHERE game_id = ? "
                    "AND (kind = 'board' OR kind LIKE 'hand:%')",
                    (game_id,),
                ),
                (
                    f"SELECT version, body FROM outbox WHERE game_id = ? AND shown_in = {board} "
                    "ORDER BY version",
                    (game_id, game_id),
                ),
            ]
        )
        if not game:
            return None
        return _record(game[0]), Outstanding(
            Pending.from_rows(pending),
            {row[0]: bool(row[1]) for row in due},
            {row[0]: (row[1], row[2]) for row in messages},
            shown,
        )

    async def shown_in(self, game_id: int, message_id: int) -> Pending:
        """The announcements a board message showed (delivered into it), oldest first."""
        rows = await self._db.fetch(
            "SELECT version, body FROM outbox WHERE game_id = ? AND shown_in = ? ORDER BY version",
            (game_id, message_id),
        )
        return Pending.from_rows(rows)

    async def games_with_pending(self) -> list[int]:
        """Every game with an announcement or a private panel not yet delivered."""
        rows = await self._db.fetch(
            "SELECT game_id FROM outbox WHERE delivered = 0 UNION SELECT game_id FROM panels_due"
        )
        return sorted(row[0] for row in rows)

    async def mark_delivered(
        self,
        game_id: int,
        versions: list[int],
        board: tuple[int, int] | None,
        panels: dict[int, bool] | None = None,
    ) -> None:
        """These versions were told to Discord, on `board` (channel, message; None: no board),
        which becomes the game's live board; the `panels` ({seat: fresh}) are now due. One
        transaction."""
        if not versions:
            return
        marks = ",".join("?" * len(versions))
        async with self._db.transaction() as tx:
            await tx.add(
                f"UPDATE outbox SET delivered = 1, shown_in = ? "
                f"WHERE game_id = ? AND version IN ({marks})",
                (board[1] if board else None, game_id, *versions),
            )
            for seat, fresh in (panels or {}).items():
                await tx.add(
                    "INSERT INTO panels_due (game_id, seat, fresh) VALUES (?, ?, ?) "
                    "ON CONFLICT (game_id, seat) DO UPDATE SET fresh = CASE "
                    "WHEN excluded.fresh > panels_due.fresh THEN excluded.fresh "
                    "ELSE panels_due.fresh END",
                    (game_id, seat, int(fresh)),
                )
            if board is not None:
                await tx.add(
                    "INSERT INTO messages (game_id, kind, channel_id, message_id) "
                    "VALUES (?, 'board', ?, ?) ON CONFLICT (game_id, kind) DO UPDATE SET "
                    "channel_id = excluded.channel_id, message_id = excluded.message_id",
                    (game_id, *board),
                )

    async def panels_due(self, game_id: int) -> dict[int, bool]:
        """The game's private panels still to send: {seat: fresh}."""
        rows = await self._db.fetch(
            "SELECT seat, fresh FROM panels_due WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return {row[0]: bool(row[1]) for row in rows}

    async def panel_done(self, game_id: int, seat: int) -> None:
        """A seat's due panel was sent (or cannot be)."""
        await self.panels_done(game_id, [seat])

    async def panels_done(self, game_id: int, seats: Sequence[int]) -> None:
        """These seats' due panels were sent (or cannot be): one statement."""
        if not seats:
            return
        marks = ",".join("?" * len(seats))
        await self._db.execute(
            f"DELETE FROM panels_due WHERE game_id = ? AND seat IN ({marks})", (game_id, *seats)
        )

    # ------------------------------------------------------------ flags

    async def set_flag(self, game_id: int, flag: str, user_id: int) -> None:
        """Remember that `flag` holds for a user in a game (e.g. `dm_closed`: they were told
        their DMs are closed); setting it again changes nothing."""
        await self._db.execute(
            "INSERT INTO flags (game_id, flag, user_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (game_id, flag, user_id),
        )

    async def has_flag(self, game_id: int, flag: str, user_id: int) -> bool:
        """Whether `flag` was set for this user in this game."""
        rows = await self._db.fetch(
            "SELECT 1 FROM flags WHERE game_id = ? AND flag = ? AND user_id = ?",
            (game_id, flag, user_id),
        )
        return bool(rows)

    # ------------------------------------------------------------ forgetting a server

    async def forget_guild(
        self, guild_id: int, *, dry_run: bool = False, compact: bool = False
    ) -> dict[str, int]:
        """Delete one server's games and every row about them, in one transaction: each table
        with a `game_id` column (action log, messages, flags, turn timers, and any a later
        migration adds) and the server's ratings, then the games. Returns the rows deleted per
        table; `dry_run` counts and rolls back. `compact` then rewrites the file (VACUUM) so
        deleted rows leave no trace in it. Per-user settings are not per server and are kept."""
        children = [t for t in await self._db.tables_with_column("game_id") if t != "games"]
        counts: dict[str, int] = {}
        async with self._db.transaction() as tx:
            for name in children:
                counts[name] = await tx.execute(
                    f'DELETE FROM "{name}" WHERE game_id IN '
                    "(SELECT id FROM games WHERE guild_id = ?)",
                    (guild_id,),
                )
            counts["ratings"] = await tx.execute(
                "DELETE FROM ratings WHERE guild_id = ?", (guild_id,)
            )
            counts["games"] = await tx.execute("DELETE FROM games WHERE guild_id = ?", (guild_id,))
            if dry_run:
                tx.discard()
        if compact and not dry_run:
            await self._db.compact()
        return counts

    # ------------------------------------------------------------ turn timers

    async def turn_timers(
        self,
        game_id: int | None = None,
        *,
        guild_id: int | None = None,
        game_ids: Sequence[int] | None = None,
    ) -> list[TurnTimer]:
        """The timers of one game's waiting seats, of these games' (`game_ids`), or of every
        running game's (of one server when `guild_id` is given), by game and seat."""
        sql = f"SELECT {_TIMER_COLUMNS} FROM turn_timers AS t JOIN games AS g ON g.id = t.game_id "
        params: tuple[int, ...] = ()
        if game_id is not None:
            sql, params = sql + "WHERE t.game_id = ?", (game_id,)
        elif game_ids is not None:
            marks = ", ".join("?" for _ in game_ids) or "NULL"
            sql, params = sql + f"WHERE t.game_id IN ({marks})", tuple(game_ids)
        elif guild_id is not None:
            sql, params = sql + "WHERE g.status = 'running' AND g.guild_id = ?", (guild_id,)
        else:
            sql += "WHERE g.status = 'running'"
        return [
            _timer(row) for row in await self._db.fetch(sql + " ORDER BY t.game_id, t.seat", params)
        ]

    async def running_timers(self) -> list[tuple[TurnTimer, dict[str, Any]]]:
        """Every running game's turn timers, each with its game's timing settings (JSON)."""
        rows = await self._db.fetch(
            f"SELECT {_TIMER_COLUMNS}, g.timing FROM turn_timers AS t "
            "JOIN games AS g ON g.id = t.game_id "
            "WHERE g.status = 'running' ORDER BY t.game_id, t.seat"
        )
        return [(_timer(row[:10]), json.loads(row[10])) for row in rows]

    async def timers_maybe_due(self, now: datetime) -> list[tuple[TurnTimer, str, str | None]]:
        """The running games' turn timers the tick must look at `now`, each with its game's
        timing settings (JSON text) and its check instant as read: those whose check instant
        (`set_timer_checks`) has come, and those without one (a new wait, a reminder just sent,
        new settings). The database finds them by an index; `service.turn_clock.due` decides
        on them. By game and seat."""
        rows = await self._read(
            f"SELECT {_TIMER_COLUMNS}, g.timing, t.check_at FROM turn_timers AS t "
            "JOIN games AS g ON g.id = t.game_id "
            "WHERE (t.check_at IS NULL OR t.check_at <= ?) AND g.status = 'running'",
            (stamp(now),),
        )
        found = [(_timer(row[:10]), str(row[10]), row[11]) for row in rows]
        return sorted(found, key=lambda f: (f[0].game_id, f[0].seat))

    async def set_timer_checks(
        self, checks: Sequence[tuple[TurnTimer, str | None, datetime | None]]
    ) -> None:
        """When the tick must next look at each timer: (timer, its check instant as read, the
        new one; None: not until the game's settings change). Left alone (looked at next tick)
        if the timer changed since it was read (a reminder, new settings: `_save`)."""
        rows = [
            (
                NEVER if at is None else stamp(at),
                timer.game_id,
                timer.seat,
                timer.since_version,
                timer.sent_count,
                read,
            )
            for timer, read, at in checks
        ]
        if not rows:
            return
        async with self._db.transaction() as tx:  # one transaction, not one per timer
            for row in rows:
                await tx.execute(
                    "UPDATE turn_timers SET check_at = ? WHERE game_id = ? AND seat = ? "
                    "AND since_version = ? AND sent_count = ? AND check_at IS NOT DISTINCT FROM ?",
                    row,
                )

    async def forget_timer_checks(self) -> None:
        """Every timer looked at on the next tick (at start-up: the default hours may have
        changed since the checks were written)."""
        await self._db.execute("UPDATE turn_timers SET check_at = NULL")

    async def games_maybe_deserted(self) -> list[GameRecord]:
        """The running games bots hold alone (`GameRecord.deserted`), and those that were and
        still have it in their timing settings (`deserted_at`): the database picks them."""
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM games WHERE status = 'running' "
            # the text of the JSON first (cheap): no seat held by a member, or deserted before
            "AND (timing LIKE '%\"deserted_at\"%' OR NOT (seats LIKE '%\"bot\":false%' "
            "     OR seats LIKE '%\"bot\": false%' OR seats LIKE '%\"bot\":0%')) "
            "ORDER BY id"
        )
        records = [_record(row) for row in rows]
        return [r for r in records if r.deserted or "deserted_at" in r.timing]

    async def mark_reminded(self, timer: TurnTimer, game_version: int, at: datetime) -> bool:
        """Count one more reminder for `timer`'s wait, only if the game is still running at
        `game_version` and the timer is as read (same wait, same count). False: nothing written,
        the game or the timer moved on."""
        changed = await self._db.execute(
            "UPDATE turn_timers SET sent_count = sent_count + 1, last_sent_at = ?, "
            "check_at = NULL "
            "WHERE game_id = ? AND seat = ? AND since_version = ? AND sent_count = ? "
            "AND EXISTS (SELECT 1 FROM games WHERE id = ? AND version = ? "
            "AND status = 'running')",
            (
                stamp(at),
                timer.game_id,
                timer.seat,
                timer.since_version,
                timer.sent_count,
                timer.game_id,
                game_version,
            ),
        )
        return changed == 1

    # ------------------------------------------------------------ liveness

    async def last_beat(self) -> datetime | None:
        """When the bot's timer loop last wrote its heartbeat (None: never)."""
        rows = await self._db.fetch("SELECT beat_at FROM liveness WHERE id = 1")
        return datetime.fromisoformat(rows[0][0]) if rows else None

    async def beat(
        self, at: datetime, *, held: timedelta | None = None, since: datetime | None = None
    ) -> int:
        """Write the heartbeat `at`. With `held` (the bot was offline that long since the last
        beat), first hold every running game's turn clocks that began before the last beat for
        that long: their timers' held seconds grow, their last reminders, the games' clock
        restarts and the times they were deserted (`timing.restarted_at`, `deserted_at`) move
        later; all in one transaction. With `since` (the beat `held` was counted from), only if
        the stored beat is still that one: another process sharing the database may have held
        them meanwhile. The number of timers held."""
        count = 0
        async with self._db.transaction() as tx:
            last = await tx.fetch("SELECT beat_at FROM liveness" + self._sql.for_update)
            stale = since is not None and (
                not last or datetime.fromisoformat(str(last[0][0])) != since
            )
            if held is not None and held > timedelta(0) and last and not stale:
                count = await self._hold_clocks(tx, str(last[0][0]), held)
            await tx.execute(
                "INSERT INTO liveness (id, beat_at) VALUES (1, ?) "
                "ON CONFLICT (id) DO UPDATE SET beat_at = excluded.beat_at",
                (stamp(at),),
            )
        return count

    async def _hold_clocks(self, tx: Transaction, before: str, held: timedelta) -> int:
        """Inside a write: hold the running games' clocks that began by `before` for `held`."""
        seconds = held.total_seconds()
        running = "game_id IN (SELECT id FROM games WHERE status = 'running')"
        held_count = await tx.execute(
            f"UPDATE turn_timers SET held_seconds = held_seconds + ? "
            f"WHERE started_at <= ? AND {running}",
            (seconds, before),
        )
        rows = await tx.fetch(
            f"SELECT game_id, seat, last_sent_at FROM turn_timers "
            f"WHERE last_sent_at IS NOT NULL AND last_sent_at <= ? AND {running}",
            (before,),
        )
        for game_id, seat, last_sent in rows:
            moved = stamp(datetime.fromisoformat(last_sent) + held)
            await tx.execute(
                "UPDATE turn_timers SET last_sent_at = ? WHERE game_id = ? AND seat = ?",
                (moved, game_id, seat),
            )
        games = await tx.fetch("SELECT id, timing FROM games WHERE status = 'running'")
        for game_id, text in games:
            timing = json.loads(text)
            shifted = False
            for key in ("restarted_at", "deserted_at"):
                at = timing.get(key)
                if at is not None and stamp(datetime.fromisoformat(at)) <= before:
                    timing[key], shifted = (datetime.fromisoformat(at) + held).isoformat(), True
            if shifted:
                await tx.execute(
                    "UPDATE games SET timing = ? WHERE id = ?", (_dumps(timing), game_id)
                )
        return held_count

    # ------------------------------------------------------------ user settings

    async def turn_notices(self, user_ids: Iterable[int]) -> dict[int, str]:
        """How each of these users wants to hear it is their turn (`mention`, `dm`, `both`);
        users who never chose are left out."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._db.fetch(
            f"SELECT user_id, turn_notice FROM user_settings WHERE user_id IN ({marks})", ids
        )
        return {row[0]: row[1] for row in rows}

    async def user_languages(self) -> dict[int, str]:
        """Every member's own language choice other than `auto` (their Discord language)."""
        rows = await self._db.fetch(
            "SELECT user_id, language FROM user_settings WHERE language != 'auto'", ()
        )
        return {row[0]: row[1] for row in rows}

    async def set_user_language(self, user_id: int, language: str) -> None:
        """Remember a member's language (`auto`: their Discord language)."""
        await self._db.execute(
            "INSERT INTO user_settings (user_id, language) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user_id, language),
        )

    async def guild_language(self, guild_id: int) -> str:
        """A server's default language for new games ('' when its managers never chose)."""
        rows = await self._db.fetch(
            "SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return str(rows[0][0]) if rows else ""

    async def set_guild_language(self, guild_id: int, language: str) -> None:
        """Set a server's default language for new games."""
        await self._db.execute(
            "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            (guild_id, language),
        )

    async def set_turn_notice(self, user_id: int, notice: str) -> None:
        """Remember how a user wants to hear it is their turn."""
        await self._db.execute(
            "INSERT INTO user_settings (user_id, turn_notice) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET turn_notice = excluded.turn_notice",
            (user_id, notice),
        )

    # ------------------------------------------------------------ undo, statistics, ratings

    async def save_undo(
        self,
        game_id: int,
        expected_version: int,
        *,
        seat: int,
        user_id: int,
        undone: int,
        action: str,
        state: dict[str, Any],
        clocks: TurnClocks,
        announce: Announcement | None = None,
    ) -> GameRecord:
        """A member took back their move of version `undone` (`action`): the state before it,
        the waits of `clocks`, an `undo` row in the action log (the move's row stays), and
        `announce` in the outbox; one versioned transaction (StaleVersion if anything moved)."""
        text = _dumps({"undone": undone, "action": action})
        return await self._save(
            game_id,
            expected_version,
            {"state": _dumps(state)},
            clocks=clocks,
            undo=(seat, user_id, text),
            announce=announce,
        )

    async def unrated_finished_games(self) -> list[int]:
        """The finished games with no result rows (finished before the results were kept),
        in the order they ended."""
        rows = await self._read(
            "SELECT id FROM games WHERE status = 'finished' AND NOT EXISTS "
            "(SELECT 1 FROM game_results AS r WHERE r.game_id = games.id) "
            "ORDER BY updated_at, id"
        )
        return [row[0] for row in rows]

    async def save_results(self, game_id: int, results: GameResults, when: str) -> bool:
        """The results (and ratings) of an already finished game that has none, written in one
        transaction; False (nothing written) if it has them already."""
        async with self._db.transaction() as tx:
            await tx.fetch("SELECT id FROM games WHERE id = ?" + self._sql.for_update, (game_id,))
            if await tx.fetch("SELECT 1 FROM game_results WHERE game_id = ?", (game_id,)):
                return False
            await self._write_results(tx, game_id, results, when)
        return True

    async def _write_results(
        self, tx: Transaction, game_id: int, results: GameResults, when: str
    ) -> None:
        """Inside a write: the finished game's result rows, and its players' new ratings when
        it is rated (a server's game with a rater)."""
        players = len(results.seats)
        for r in results.seats:
            await tx.execute(
                "INSERT INTO game_results (game_id, seat, guild_id, game, player, players, "
                "place, score, won, turns, turn_seconds, missed, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    r.seat,
                    results.guild_id,
                    results.game,
                    r.player,
                    players,
                    r.place,
                    r.score,
                    int(r.won),
                    r.turns,
                    r.turn_seconds,
                    int(r.missed),
                    when,
                ),
            )
        if results.rater is None or results.guild_id is None:
            return
        ids = sorted({r.player for r in results.seats})
        marks = ", ".join("?" for _ in ids)
        rows = await tx.fetch(
            f"SELECT player, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? "
            f"AND player IN ({marks})",
            (results.guild_id, results.game, *ids),
        )
        current = {row[0]: (row[1], row[2]) for row in rows}
        new = results.rater([(r.player, r.place) for r in results.seats], current)
        for player, (mu, sigma) in new.items():
            await tx.execute(
                "INSERT INTO ratings (guild_id, game, player, mu, sigma, ordinal, games, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?) "
                "ON CONFLICT (guild_id, game, player) DO UPDATE SET mu = excluded.mu, "
                "sigma = excluded.sigma, ordinal = excluded.ordinal, games = ratings.games + 1, "
                "updated_at = excluded.updated_at",
                (results.guild_id, results.game, player, mu, sigma, mu - 3 * sigma, when),
            )

    async def player_stats(
        self, guild_id: int, player: int, game: str | None = None
    ) -> PlayerStats:
        """A member's statistics over a server's finished games (of one game, or all)."""
        sql = (
            "SELECT count(*), CAST(coalesce(sum(won), 0) AS BIGINT), "
            "CAST(coalesce(sum(score), 0) AS BIGINT), CAST(coalesce(sum(place), 0) AS BIGINT), "
            "CAST(coalesce(sum(turns), 0) AS BIGINT), coalesce(sum(turn_seconds), 0), "
            "CAST(coalesce(sum(1 - missed), 0) AS BIGINT) "
            "FROM game_results WHERE guild_id = ? AND player = ?"
        )
        params: tuple[Any, ...] = (guild_id, player)
        if game is not None:
            sql, params = sql + " AND game = ?", (*params, game)
        row = (await self._db.fetch(sql, params))[0]
        return PlayerStats(*row)

    async def player_stats_by_game(self, guild_id: int, player: int) -> dict[str, PlayerStats]:
        """A member's statistics in each game they finished in a server (one pass over the
        index), by game id, alphabetically."""
        rows = await self._db.fetch(
            "SELECT game, count(*), CAST(sum(won) AS BIGINT), CAST(sum(score) AS BIGINT), "
            "CAST(sum(place) AS BIGINT), CAST(sum(turns) AS BIGINT), sum(turn_seconds), "
            "CAST(sum(1 - missed) AS BIGINT) FROM game_results "
            "WHERE guild_id = ? AND player = ? GROUP BY game ORDER BY game",
            (guild_id, player),
        )
        return {row[0]: PlayerStats(*row[1:]) for row in rows}

    async def rating(self, guild_id: int, game: str, player: int) -> Rating | None:
        """A player's rating in a server's game (None: never rated)."""
        rows = await self._db.fetch(
            "SELECT player, mu, sigma, ordinal, games FROM ratings "
            "WHERE guild_id = ? AND game = ? AND player = ?",
            (guild_id, game, player),
        )
        return Rating(*rows[0]) if rows else None

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        """A server's best rated players of a game (bots included, members who hide their
        statistics left out), best first."""
        rows = await self._db.fetch(
            "SELECT player, mu, sigma, ordinal, games FROM ratings "
            "WHERE guild_id = ? AND game = ? AND player NOT IN "
            "(SELECT user_id FROM user_settings WHERE stats = 0) ORDER BY ordinal DESC LIMIT ?",
            (guild_id, game, limit),
        )
        return [Rating(*row) for row in rows]

    async def bot_places(self, guild_id: int, game: str) -> list[tuple[int, Rating]]:
        """The rated bot levels of a server's game (players below 0) with their place on its
        leaderboard (1 + the players shown above them), best first."""
        hidden = "(SELECT user_id FROM user_settings WHERE stats = 0)"
        bots = tuple(BOT_PLAYERS.values())
        marks = ", ".join("?" for _ in bots)
        rows = await self._read(  # the bots by their key; above each, by the board's index
            "SELECT b.player, b.mu, b.sigma, b.ordinal, b.games, (SELECT count(*) FROM ratings "
            "AS r WHERE r.guild_id = b.guild_id AND r.game = b.game AND r.ordinal > b.ordinal "
            f"AND r.player NOT IN {hidden}) FROM ratings AS b "
            f"WHERE b.guild_id = ? AND b.game = ? AND b.player IN ({marks})",
            (guild_id, game, *bots),
        )
        return sorted(((row[5] + 1, Rating(*row[:5])) for row in rows), key=lambda r: r[0])

    async def set_stats_shown(self, user_id: int, shown: bool) -> None:
        """Whether a member's statistics and ratings are shown (`/settings stats:`)."""
        await self._db.execute(
            "INSERT INTO user_settings (user_id, stats) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET stats = excluded.stats",
            (user_id, int(shown)),
        )

    async def stats_shown(self, user_id: int) -> bool:
        """Whether a member's statistics are shown (yes unless they chose not)."""
        rows = await self._db.fetch("SELECT stats FROM user_settings WHERE user_id = ?", (user_id,))
        return bool(rows[0][0]) if rows else True

    # ------------------------------------------------------------ history (issue 19)

    async def last_started_game(
        self, channel_id: int, statuses: Iterable[str]
    ) -> GameRecord | None:
        """The channel's newest game that was dealt (it has a seed) whose status is one of
        `statuses` (e.g. its running game, else its last finished one), or None."""
        wanted = tuple(statuses)
        marks = ", ".join("?" for _ in wanted)
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? AND seed IS NOT NULL "
            f"AND status IN ({marks}) ORDER BY id DESC LIMIT 1",
            (channel_id, *wanted),
        )
        return _record(rows[0]) if rows else None

    async def running_games_of(self, user_id: int) -> list[GameRecord]:
        """Every running game, in any server, where member `user_id` holds a seat (not one a
        bot plays for them), oldest first."""
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM games WHERE status = 'running' "
            f"AND {self._sql.member_seated} ORDER BY id",
            (user_id,),
        )
        return [_record(row) for row in rows]
