"""Which language each reader gets: the languages Tavolo speaks, and the choices offering them.

- A game's channel posts and board pictures: the game's language, chosen with `/game new
  language:`, else the server's default (`/server language:`), else the server's preferred
  Discord language when it is one of ours, else English.
- A private answer (ephemeral panel, refusal, DM): the member's own choice (`/settings
  language:`), else their Discord language when it is one of ours, else English.
"""

from __future__ import annotations

from discord import app_commands

LANGUAGES = ("en", "it", "nl")
AUTO = "auto"  # a member's setting: follow their Discord language
NATIVE_NAMES = {"en": "English", "it": "Italiano", "nl": "Nederlands"}


def ours(locale: object) -> str | None:
    """The language of ours a Discord locale (`it`, `nl`, `en-US`, …) names, else None."""
    if not locale:
        return None
    base = str(locale).split("-")[0].lower()
    return base if base in LANGUAGES else None


def language_choices() -> list[app_commands.Choice[str]]:
    """The languages, each named in itself."""
    return [app_commands.Choice(name=NATIVE_NAMES[code], value=code) for code in LANGUAGES]


def member_language_choices() -> list[app_commands.Choice[str]]:
    """A member's choice: their Discord language, or one of ours."""
    return [app_commands.Choice(name="Discord's language", value=AUTO), *language_choices()]
