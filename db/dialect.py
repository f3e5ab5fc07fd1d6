"""The few queries whose SQL differs between SQLite and PostgreSQL, side by side.

Every other query of the store is written once, in the SQL both understand, with `?` marks
(the PostgreSQL backend numbers them `$1, $2, ...`). A query that needs a construct of one
database (JSON functions, date arithmetic) gets an attribute here, on both classes.
"""

from __future__ import annotations

from datetime import datetime


def julian(moment: datetime) -> float:
    """A moment as SQLite's julianday() gives it (days since noon, 24 November 4714 BC)."""
    return moment.timestamp() / 86400.0 + 2440587.5


_TIMER_COLUMNS = (
    "t.game_id, t.seat, t.since_version, t.started_at, t.sent_count, t.last_sent_at, "
    "t.deadline_moved, t.deadline_hours, t.auto_moves, t.held_seconds"
)


class SqliteDialect:
    """SQLite's forms (JSON1 functions, julianday)."""

    name = "sqlite"

    # the versions an `undo` row of a game took back (one parameter: the game)
    undone_versions = (
        "SELECT json_extract(action, '$.undone') FROM actions WHERE game_id = ? AND kind = 'undo'"
    )
    # a condition on a `games` row: member `?` holds one of its seats (not a bot for them)
    member_seated = (
        "EXISTS (SELECT 1 FROM json_each(games.seats) AS s "
        "WHERE json_extract(s.value, '$.user_id') = ? AND NOT json_extract(s.value, '$.bot'))"
    )
    # a lock on the rows a transaction reads, where the database has row locks
    for_update = ""
    # a statement that keeps other writers of the shard leases out until the transaction ends
    # (SQLite's write transactions already exclude each other)
    lock_shard_leases = ""
    # timers that may be due; parameters ?1 default deadline hours, ?2 default reminder hours,
    # ?3 reminders a wait may have, ?4 `now` as `moment` gives it
    timers_maybe_due = (
        "WITH g AS MATERIALIZED (SELECT id, timing, "
        "  coalesce(timing ->> '$.deadline_hours', ?1) AS dh, "
        "  coalesce(timing ->> '$.reminder_hours', ?2) AS rh "
        "  FROM games WHERE status = 'running' "
        "  AND NOT coalesce(timing ->> '$.paused', 0) "
        "  AND NOT coalesce(timing ->> '$.blocked', 0)) "
        f"SELECT {_TIMER_COLUMNS}, g.timing FROM g JOIN turn_timers AS t ON t.game_id = g.id "
        "WHERE (coalesce(t.deadline_hours, g.dh) > 0 "
        "   AND julianday(t.started_at) + (t.held_seconds + 3600.0 * coalesce(t.deadline_hours,"
        "       g.dh)) / 86400.0 <= ?4) "
        "OR (g.rh > 0 AND t.sent_count < ?3 "
        "   AND max(julianday(t.started_at) + t.held_seconds / 86400.0,"
        "       coalesce(julianday(t.last_sent_at), 0)) + g.rh / 24.0 <= ?4) "
        "ORDER BY t.game_id, t.seat"
    )

    @staticmethod
    def moment(at: datetime) -> float:
        """`at` as `timers_maybe_due` compares it (a little later: rounding never leaves a due
        timer out)."""
        return julian(at) + 1e-6


class PostgresDialect:
    """PostgreSQL's forms (jsonb operators, epoch seconds)."""

    name = "postgres"

    undone_versions = (
        "SELECT (action::jsonb ->> 'undone')::bigint FROM actions "
        "WHERE game_id = ? AND kind = 'undo'"
    )
    member_seated = (
        "EXISTS (SELECT 1 FROM jsonb_array_elements(games.seats::jsonb) AS s "
        "WHERE (s ->> 'user_id')::bigint = ? AND NOT (s ->> 'bot')::boolean)"
    )
    for_update = " FOR UPDATE"
    lock_shard_leases = "LOCK TABLE shard_leases IN SHARE ROW EXCLUSIVE MODE"
    timers_maybe_due = (
        "WITH g AS MATERIALIZED (SELECT id, timing, "
        "  coalesce((timing::jsonb ->> 'deadline_hours')::float8, $1::float8) AS dh, "
        "  coalesce((timing::jsonb ->> 'reminder_hours')::float8, $2::float8) AS rh "
        "  FROM games WHERE status = 'running' "
        "  AND NOT coalesce((timing::jsonb ->> 'paused')::boolean, false) "
        "  AND NOT coalesce((timing::jsonb ->> 'blocked')::boolean, false)) "
        f"SELECT {_TIMER_COLUMNS}, g.timing FROM g JOIN turn_timers AS t ON t.game_id = g.id "
        "WHERE (coalesce(t.deadline_hours, g.dh) > 0 "
        "   AND extract(epoch FROM t.started_at::timestamptz)::float8 + t.held_seconds"
        "       + 3600.0 * coalesce(t.deadline_hours, g.dh) <= $4::float8) "
        "OR (g.rh > 0 AND t.sent_count < $3::bigint "
        "   AND greatest(extract(epoch FROM t.started_at::timestamptz)::float8 + t.held_seconds,"
        "       coalesce(extract(epoch FROM t.last_sent_at::timestamptz)::float8, 0))"
        "       + g.rh * 3600.0 <= $4::float8) "
        "ORDER BY t.game_id, t.seat"
    )

    @staticmethod
    def moment(at: datetime) -> float:
        return at.timestamp() + 0.01


Dialect = type[SqliteDialect] | type[PostgresDialect]
