"""The few queries whose SQL differs between SQLite and PostgreSQL, side by side.

Every other query of the store is written once, in the SQL both understand, with `?` marks
(the PostgreSQL backend numbers them `$1, $2, ...`). A query that needs a construct of one
database (JSON functions, date arithmetic) gets an attribute here, on both classes.
"""

from __future__ import annotations


class SqliteDialect:
    """SQLite's forms (JSON1 functions)."""

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


class PostgresDialect:
    """PostgreSQL's forms (jsonb operators, table locks)."""

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


Dialect = type[SqliteDialect] | type[PostgresDialect]
