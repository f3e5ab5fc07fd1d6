-- PostgreSQL form of 010_perf_indices.sql: a B-tree entry holds at most about 2.7 kB, so the
-- running games' index does not cover their JSON settings and seats (PostgreSQL reads them
-- from the table, where a row's large state is stored apart, out of line).
CREATE INDEX games_running ON games (id) WHERE status = 'running';
CREATE INDEX games_active_by_guild ON games (guild_id, id, channel_id)
    WHERE status IN ('lobby', 'running');
