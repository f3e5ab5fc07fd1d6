-- PostgreSQL form of 005_flags.sql (`ON CONFLICT DO NOTHING` for SQLite's `INSERT OR IGNORE`).
CREATE TABLE flags (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    flag     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, flag, user_id)
);

INSERT INTO flags (game_id, flag, user_id)
SELECT game_id, 'dm_closed', CAST(substr(kind, 11) AS INTEGER)
FROM messages
WHERE substr(kind, 1, 10) = 'dm_closed:'
ON CONFLICT DO NOTHING;

DELETE FROM messages WHERE substr(kind, 1, 10) = 'dm_closed:';
