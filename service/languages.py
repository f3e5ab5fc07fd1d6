"""The languages Tavolo speaks, and which one a game or a member gets (no Discord here).

- A game's channel posts and board pictures: the language chosen when it was opened, else the
  server's default set by its managers, else the server's Discord language when it is one of
  ours, else the bot's default (`TAVOLO_LOCALE`, English unless set).
- A member's private answers and DMs: their own choice, else their Discord language when it is
  one of ours, else English.
"""

from __future__ import annotations

from i18n import t

LANGUAGES = ("en", "it", "nl")
AUTO = "auto"  # a member's setting: follow their Discord language
DEFAULT = "en"


def ours(locale: object) -> str | None:
    """The language of ours a Discord locale (`it`, `nl`, `en-US`, …) names, else None."""
    if not locale:
        return None
    base = str(locale).split("-")[0].lower()
    return base if base in LANGUAGES else None


def game_language(
    chosen: str | None, server_default: str, server_locale: object, fallback: str = DEFAULT
) -> str:
    """A new game's language: `chosen`, else the server's default, else the server's Discord
    language when it is ours, else `fallback` (the bot's `TAVOLO_LOCALE`, English by default)."""
    return chosen or server_default or ours(server_locale) or fallback


def member_language(choice: str | None, discord_locale: object) -> str:
    """A member's language: their own choice (not `auto`), else their Discord language when
    it is ours, else English."""
    if choice and choice != AUTO:
        return choice
    return ours(discord_locale) or DEFAULT


def stand_in_name(name: str, language: str) -> str:
    """The name of a bot standing in for the player `name`, in the game's `language`
    ("Anna (bot)")."""
    return t("bot.stands_in", language, name=name)
