"""The store's refusals and failures, the same on every backend."""

from __future__ import annotations


class StoreError(Exception):
    """Base of the store's refusals."""


class ChannelBusy(StoreError):
    """The channel already has an active game."""


class StaleVersion(StoreError):
    """The game changed since it was read; the write was refused."""


class GameNotFound(StoreError):
    """No game with that id."""


class CannotOpen(StoreError):
    """The database refused the store at start-up (a wrong password, no such database)."""


class DatabaseUnavailable(StoreError):
    """The database server cannot be reached (restarting, down, the network): the request was
    not done, and a write under way was rolled back by the server. Try again later."""


class OutcomeUnknown(DatabaseUnavailable):
    """The connection to the database was lost while it committed: the write may have been
    done or not (a versioned write done twice is refused as stale, so trying again is safe)."""
