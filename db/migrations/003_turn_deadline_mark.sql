-- Deadlines apply per turn: a seat's timer lasts across its own extra actions of one turn, and
-- the bot may need several actions to finish that turn for it. This mark says the deadline has
-- already moved for the seat in this wait, so finishing the turn counts as one auto-move.
ALTER TABLE turn_timers ADD COLUMN deadline_moved INTEGER NOT NULL DEFAULT 0;
