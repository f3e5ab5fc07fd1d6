-- The action log also records every change of a running game's seats (who held a seat, who
-- holds it now, who made the change and why): rows of kind 'seat', beside the game's actions
-- (kind 'move'). A replay of the game reads the moves only. A version may have one of each (a
-- deadline's move that hands the seat to a bot).
CREATE TABLE actions_new (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    version  INTEGER NOT NULL,               -- the game version this row's write produced
    kind     TEXT    NOT NULL DEFAULT 'move' CHECK (kind IN ('move', 'seat')),
    seat     INTEGER NOT NULL,
    user_id  INTEGER,                        -- move: who played (NULL: a bot); seat: new holder
    action   TEXT    NOT NULL,               -- move: the action; seat: JSON of the change
    at       TEXT    NOT NULL,
    PRIMARY KEY (game_id, version, kind)
);

INSERT INTO actions_new (game_id, version, kind, seat, user_id, action, at)
SELECT game_id, version, 'move', seat, user_id, action, at FROM actions;

DROP TABLE actions;
ALTER TABLE actions_new RENAME TO actions;

-- A change of the deadline or of the auto-moves allowed applies from each seat's next wait:
-- a wait keeps the settings it began under (NULL: the game's settings, for waits begun
-- before this migration or before any change).
ALTER TABLE turn_timers ADD COLUMN deadline_hours INTEGER;
ALTER TABLE turn_timers ADD COLUMN auto_moves INTEGER;
