-- PostgreSQL form of 002_async_play.sql (same tables; the backfill reads JSON with jsonb).
ALTER TABLE games ADD COLUMN timing TEXT NOT NULL DEFAULT '{}';
ALTER TABLE games ADD COLUMN auto_moves TEXT NOT NULL DEFAULT '{}';

CREATE TABLE turn_timers (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    seat           INTEGER NOT NULL,
    since_version  INTEGER NOT NULL,
    started_at     TEXT    NOT NULL,
    sent_count     INTEGER NOT NULL DEFAULT 0,
    last_sent_at   TEXT,
    PRIMARY KEY (game_id, seat)
);

INSERT INTO turn_timers (game_id, seat, since_version, started_at)
SELECT games.id, w.key::bigint, w.value::bigint, games.updated_at
FROM games, jsonb_each_text(games.waiting::jsonb) AS w
WHERE games.status = 'running';

CREATE TABLE user_settings (
    user_id      INTEGER PRIMARY KEY,
    turn_notice  TEXT NOT NULL DEFAULT 'mention' CHECK (turn_notice IN ('mention', 'dm', 'both'))
);
