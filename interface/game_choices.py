"""The game option of `/game new` and `/rules`: autocomplete over the registered games."""

from __future__ import annotations

from discord import app_commands

from games import all_entries
from i18n import t

MAX_CHOICES = 25  # Discord lists at most 25 autocomplete choices


def game_choices(current: str, locale: str | None) -> list[app_commands.Choice[str]]:
    """The registered games whose name or id contains `current`, by their names (read from the
    registry at each keystroke, so a game registered after start-up is offered too)."""
    wanted = current.strip().lower()
    found = []
    for entry in all_entries():
        name = t(entry.rules.info.name_key, locale)
        if wanted in name.lower() or wanted in entry.game_id:
            found.append(app_commands.Choice(name=name[:100], value=entry.game_id))
    return found[:MAX_CHOICES]
