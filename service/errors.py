"""Refusals of the table service, each with a translation key for a player-facing message."""

from __future__ import annotations

from i18n import t


class TableError(Exception):
    """A request the table refuses (not seated, no game here, full lobby, stale board, ...)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def message(self, locale: str | None = None) -> str:
        return t(self.key, locale, **self.params)

    def __str__(self) -> str:
        return self.message()
