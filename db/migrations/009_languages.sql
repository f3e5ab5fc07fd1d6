-- Languages (issue 17). A game's language: its channel posts and board pictures are in it
-- (chosen with `/game new language:`, else the server's default). A server's default language
-- for new games, set by its managers ('' for none: the server's Discord language decides).
-- A member's own language for private answers and DMs ('auto': their Discord language).
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    language TEXT NOT NULL DEFAULT ''
);

ALTER TABLE user_settings ADD COLUMN language TEXT NOT NULL DEFAULT 'auto';
