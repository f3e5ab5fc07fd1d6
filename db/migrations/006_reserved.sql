-- Reserved for the outbox migration being written on main (006); on merging, this placeholder
-- is deleted in favour of main's 006 (it changes nothing, so a database past it lacks nothing
-- that 007 needs).
SELECT 1;
