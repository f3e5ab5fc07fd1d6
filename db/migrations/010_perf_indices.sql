-- Performance (issue 18). The timer tick reads every running game's timing settings and seats,
-- never its state; a game's row keeps those after the state (a large text), so reading them
-- from the table walks past the state. Covering indexes hold what the tick and `/games` read:
-- the running games' settings and seats, and each server's active games with their channels.
CREATE INDEX games_running ON games (id, timing, seats) WHERE status = 'running';
CREATE INDEX games_active_by_guild ON games (guild_id, id, channel_id)
    WHERE status IN ('lobby', 'running');
