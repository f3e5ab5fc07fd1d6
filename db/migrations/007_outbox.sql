-- What each saved change must tell Discord, written in the same transaction as the change
-- (the outbox): delivered after the commit, on start-up after a crash, and after a failure,
-- each version once. `body` is JSON: {"events", "notes", "ping", "panels"} (see db/outbox.py).
-- `shown_in` is the channel message (the board) that showed it: a board collapsed to text
-- lists what it showed.
CREATE TABLE outbox (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    version    INTEGER NOT NULL,             -- the game version the change produced
    body       TEXT    NOT NULL,
    delivered  INTEGER NOT NULL DEFAULT 0,   -- 1 once Discord was told
    shown_in   INTEGER,                      -- the board message that showed it
    PRIMARY KEY (game_id, version)
);

CREATE INDEX outbox_pending ON outbox (game_id) WHERE delivered = 0;

-- Private panels (hand DMs) still to send after their board was delivered: one row per seat,
-- deleted once sent (or once it cannot be: DMs closed). `fresh`: a new DM that notifies (the
-- seat's turn began and its player asked for DMs), else the last hand DM is edited.
CREATE TABLE panels_due (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seat     INTEGER NOT NULL,
    fresh    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
