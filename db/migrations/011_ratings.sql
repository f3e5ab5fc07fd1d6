-- Undo, statistics and ratings (issue 19).
--
-- The action log gains rows of kind 'undo': a member took back their last move. The row's
-- version is the version the undo produced; `action` is JSON {"undone": the version of the move
-- taken back, "action": its text}. The log stays append-only: a replay reads the moves that
-- were not undone (`Store.actions`).
CREATE TABLE actions_new (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    version  INTEGER NOT NULL,
    kind     TEXT    NOT NULL DEFAULT 'move' CHECK (kind IN ('move', 'seat', 'undo')),
    seat     INTEGER NOT NULL,
    user_id  INTEGER,
    action   TEXT    NOT NULL,
    at       TEXT    NOT NULL,
    PRIMARY KEY (game_id, version, kind)
);

INSERT INTO actions_new (game_id, version, kind, seat, user_id, action, at)
SELECT game_id, version, kind, seat, user_id, action, at FROM actions;

DROP TABLE actions;
ALTER TABLE actions_new RENAME TO actions;

-- One row per seat of every finished game, written in the same transaction as the game's end:
-- who held the seat at the end (`player`: a member's user id; a bot: minus its level, -1), the
-- place (1 = first; a member whose seat a bot took for good is last), the score, a win, the
-- member's turns and the seconds they took for them, whether a deadline moved for them, and
-- whether the game was rated. The statistics are read from here.
CREATE TABLE game_results (
    game_id       INTEGER NOT NULL REFERENCES games (id),
    seat          INTEGER NOT NULL,
    guild_id      INTEGER,
    game          TEXT    NOT NULL,
    player        INTEGER NOT NULL,
    players       INTEGER NOT NULL,
    place         INTEGER NOT NULL,
    score         INTEGER NOT NULL,
    won           INTEGER NOT NULL,
    turns         INTEGER NOT NULL,
    turn_seconds  REAL    NOT NULL,
    missed        INTEGER NOT NULL,
    finished_at   TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- `/stats`: one member's results in a server (all games, or one), read from the index alone.
CREATE INDEX game_results_by_player ON game_results (
    guild_id, player, game, place, score, won, turns, turn_seconds, missed
);

-- OpenSkill (Plackett–Luce) ratings per server, game and player (members by user id; bots by
-- minus their level), updated in the transaction that ends a rated game. `ordinal` is the
-- conservative skill (mu - 3 sigma) the leaderboard sorts by.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    player      INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    ordinal     REAL    NOT NULL,
    games       INTEGER NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, player)
);

-- `/leaderboard`: a server's best players of one game.
CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal DESC);

-- A member may hide their statistics and ratings (`/settings stats:off`): results are still
-- kept (the other players' ratings need them), but `/stats` of them and leaderboards leave
-- them out.
ALTER TABLE user_settings ADD COLUMN stats INTEGER NOT NULL DEFAULT 1;
