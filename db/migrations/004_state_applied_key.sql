-- A game state names its count of applied actions (its own version) `applied`; it was `step`.
-- Rename the key in every stored state (the value is kept, numbers keep their exact text).
UPDATE games
SET state = json_remove(json_set(state, '$.applied', json_extract(state, '$.step')), '$.step')
WHERE state IS NOT NULL AND json_type(state, '$.step') IS NOT NULL;
