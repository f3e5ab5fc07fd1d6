-- The timer tick (issue 18) reads only the turn timers whose time has come. `check_at`: when
-- the tick must next look at the timer (ISO UTC text as the store writes times), the earliest
-- its reminder or its deadline can come, written by the tick from `service.turn_clock`. NULL:
-- look at it on the next tick (a new wait, a reminder just sent); '!<game version>': the same,
-- the game's settings changed at that version (sorts before any time).
ALTER TABLE turn_timers ADD COLUMN check_at TEXT;
CREATE INDEX turn_timers_check_at ON turn_timers (check_at);
