"""The bot levels a table can choose (their moves: `rules.level_play`)."""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("easy", "standard", "strong")
DEFAULT_LEVEL = "standard"


def level_of(value: object) -> str:
    """A stored level read back: an unknown or missing one is `standard`."""
    return value if isinstance(value, str) and value in LEVELS else DEFAULT_LEVEL
