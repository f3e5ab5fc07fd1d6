-- PostgreSQL form of 004_state_applied_key.sql: rename the state key `step` to `applied`.
UPDATE games
SET state = ((state::jsonb - 'step') || jsonb_build_object('applied', state::jsonb -> 'step'))::text
WHERE state IS NOT NULL AND (state::jsonb -> 'step') IS NOT NULL;
