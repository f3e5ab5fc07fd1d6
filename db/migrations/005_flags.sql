-- Per-game, per-user flags: a fact remembered about a player in a game, e.g. `dm_closed` (they
-- were told in the channel that their DMs are closed, so it is said once per game). They were
-- kept as `dm_closed:<user>` rows of `messages` before; those move here.
CREATE TABLE flags (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    flag     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, flag, user_id)
);

INSERT OR IGNORE INTO flags (game_id, flag, user_id)
SELECT game_id, 'dm_closed', CAST(substr(kind, 11) AS INTEGER)
FROM messages
WHERE substr(kind, 1, 10) = 'dm_closed:';

DELETE FROM messages WHERE substr(kind, 1, 10) = 'dm_closed:';
