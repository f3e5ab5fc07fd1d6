-- The bot's own liveness: the timer loop writes a heartbeat at every check (one row), so a
-- start-up can tell how long the bot was offline and hold the turn clocks for that long.
CREATE TABLE liveness (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    beat_at TEXT NOT NULL
);

-- Offline time a seat's turn clock was held for: its deadline and reminders come that much
-- later, while `started_at` still says when the wait began.
ALTER TABLE turn_timers ADD COLUMN held_seconds REAL NOT NULL DEFAULT 0;
