"""The game option of `/game new` and `/rules`: autocomplete over the registered games; and
the options of `/game new` over a game's own options."""

from __future__ import annotations

from discord import app_commands

from games import RULES, all_entries
from i18n import DEFAULT_LOCALE, catalog, t
from rules.contract import Game

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


def option_choices(
    games: list[Game], current: str, locale: str | None
) -> list[app_commands.Choice[str]]:
    """Each `name=value` of these games' options containing `current`, shown with its label
    (`<help_key>.<value>` in the catalog: e.g. that a choice is a house variant, not in the
    rulebook) when the game has one, else as `name=value`."""
    found = []
    for game in games:
        for opt in game.info.options:
            for value in opt.choices:
                entry = f"{opt.name}={value}"
                key = f"{opt.help_key}.{value}"
                label = t(key, locale) if key in catalog(DEFAULT_LOCALE) else entry
                if current.lower() in entry or current.lower() in label.lower():
                    found.append(app_commands.Choice(name=label[:100], value=entry))
    return found[:MAX_CHOICES]


def resolve_game(typed: str, locale: str | None) -> str | None:
    """The id of the game a member named: the value an autocomplete choice sent (the id), or a
    name typed without picking a choice ("palazzo", "New York — the card game"), matched
    without regard to case in the member's language or in English; a part of a name counts when
    it names one game only. None when it names no game, or several."""
    wanted = typed.strip().lower()
    if wanted in RULES:
        return wanted
    if not wanted:
        return None
    names = {
        entry.game_id: {t(entry.rules.info.name_key, loc).lower() for loc in (locale, "en")}
        for entry in all_entries()
    }
    exact = [game_id for game_id, known in names.items() if wanted in known]
    partial = [game_id for game_id, known in names.items() if any(wanted in n for n in known)]
    found = exact or partial
    return found[0] if len(found) == 1 else None


def shown_as_typed(typed: str) -> str:
    """A typed game name as a refusal quotes it: short, and unable to close its code span."""
    return typed.strip().replace("`", "'")[:40]
