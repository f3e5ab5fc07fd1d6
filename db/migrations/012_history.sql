-- History (issue 19): a channel's games by number, for `/game log`, `/game replay` and
-- `/game export` of a finished game. (The running games, for `/mygames`, are found by
-- `games_running` of 010.)
CREATE INDEX games_by_channel ON games (channel_id, id);
