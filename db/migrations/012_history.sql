-- History (issue 19): a channel's games by number, for `/game log`, `/game replay` and
-- `/game export` of a finished game; the running games, for `/mygames` (a member's tables in
-- every server).
CREATE INDEX games_by_channel ON games (channel_id, id);
CREATE INDEX games_running ON games (id) WHERE status = 'running';
