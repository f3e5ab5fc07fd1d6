"""Refusals of the table service, each with a translation key for a player-facing message."""

from __future__ import annotations

from i18n import TranslatedError


class TableError(TranslatedError):
    """A request the table refuses (not seated, no game here, full lobby, stale board, ...)."""
