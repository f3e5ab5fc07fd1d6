-- Games, one active (lobby or running) per channel; a thread is a channel.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
    host_id     INTEGER NOT NULL,
    seats       TEXT    NOT NULL,            -- JSON [{"user_id", "name", "bot"}]
    options     TEXT    NOT NULL,            -- JSON {name: value}
    seed        INTEGER,                     -- set when the game starts
    state       TEXT,                        -- JSON game state, NULL in the lobby
    waiting     TEXT    NOT NULL DEFAULT '{}', -- JSON {seat: version since which it must act}
    version     INTEGER NOT NULL DEFAULT 0,  -- +1 on every change; saves name the one they read
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);

CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_guild ON games (guild_id, status);

-- Append-only: every action applied to a running game, with who made it and when.
CREATE TABLE actions (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    version  INTEGER NOT NULL,               -- the game version this action produced
    seat     INTEGER NOT NULL,
    user_id  INTEGER,                        -- NULL when a bot played the seat
    action   TEXT    NOT NULL,
    at       TEXT    NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- Messages the bot keeps track of per game (the lobby, the latest board).
CREATE TABLE messages (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    kind        TEXT    NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind)
);
