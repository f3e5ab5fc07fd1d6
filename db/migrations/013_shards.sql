-- Several bot processes over one database (issue 21). Portable SQL: the same text runs on
-- SQLite and PostgreSQL; times are integer epoch milliseconds passed in from Python.

-- Which process holds which Discord shard: claimed at start-up, renewed by the process's
-- heartbeat; a lease that ran out (`expires_ms` passed) may be taken by another process.
CREATE TABLE shard_leases (
    shard_id     INTEGER PRIMARY KEY,
    shard_count  INTEGER NOT NULL,
    owner        TEXT    NOT NULL,   -- machine:process id:random
    expires_ms   BIGINT  NOT NULL    -- epoch ms
);

-- Which process works on a game's timers and deliveries (reminders, deadline moves, the
-- deserted checks, undelivered outbox posts): one row while a claim is held, taken in one
-- statement only when free, the process's own, or run out.
CREATE TABLE game_claims (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id),
    claimed_by     TEXT    NOT NULL,
    claimed_until  BIGINT  NOT NULL   -- epoch ms
);
