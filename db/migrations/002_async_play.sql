-- Asynchronous play: per-game timing settings, deadline auto-move counts, turn timers and
-- per-user notice settings.

-- JSON {"paused": bool, "reminder_hours": n, "deadline_hours": n, "auto_moves": n,
-- "restarted_at": iso}; a missing key means the default (service/timing.py).
ALTER TABLE games ADD COLUMN timing TEXT NOT NULL DEFAULT '{}';

-- JSON {seat: consecutive moves the deadline made for that seat}; a real move resets it.
ALTER TABLE games ADD COLUMN auto_moves TEXT NOT NULL DEFAULT '{}';

-- One row per seat that must act, kept in step with `games.waiting` by every write that sets
-- it (same transaction): when the seat began waiting, and the reminders sent for this wait.
-- Reminder and deadline due times are computed from these and the game's timing settings.
CREATE TABLE turn_timers (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    seat           INTEGER NOT NULL,
    since_version  INTEGER NOT NULL,             -- the seat's `waiting` version
    started_at     TEXT    NOT NULL,             -- ISO UTC: when the seat began waiting
    sent_count     INTEGER NOT NULL DEFAULT 0,   -- reminders sent for this wait
    last_sent_at   TEXT,                         -- ISO UTC of the last reminder, NULL if none
    PRIMARY KEY (game_id, seat)
);

-- Running games' current waits get a timer from their last change.
INSERT INTO turn_timers (game_id, seat, since_version, started_at)
SELECT games.id, CAST(json_each.key AS INTEGER), json_each.value, games.updated_at
FROM games, json_each(games.waiting)
WHERE games.status = 'running';

-- How each player wants to hear that it is their turn: a channel mention, a DM, or both.
CREATE TABLE user_settings (
    user_id      INTEGER PRIMARY KEY,
    turn_notice  TEXT NOT NULL DEFAULT 'mention' CHECK (turn_notice IN ('mention', 'dm', 'both'))
);
