"""The language choices of the slash commands, and each reader's language on Discord: a game's
for its channel posts (`record.language`), a member's for private answers and DMs (see
`service.languages`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from service.languages import AUTO, LANGUAGES, member_language

NATIVE_NAMES = {"en": "English", "it": "Italiano", "nl": "Nederlands"}


def language_choices() -> list[app_commands.Choice[str]]:
    """The languages, each named in itself."""
    return [app_commands.Choice(name=NATIVE_NAMES[code], value=code) for code in LANGUAGES]


def member_language_choices() -> list[app_commands.Choice[str]]:
    """A member's choice: their Discord language, or one of ours."""
    return [app_commands.Choice(name="Discord's language", value=AUTO), *language_choices()]


class MemberLanguages:
    """Members' own language choices (loaded from the store at start-up, kept up to date by
    `/settings`), and the Discord language each member last used, for DMs sent without an
    interaction (forgotten on restart: the game's language stands in)."""

    def __init__(self) -> None:
        self.chosen: dict[int, str] = {}
        self.seen: dict[int, str] = {}

    def choose(self, user_id: int, language: str) -> None:
        """Remember a member's choice (already saved in the store); `auto` forgets it."""
        if language == AUTO:
            self.chosen.pop(user_id, None)
        else:
            self.chosen[user_id] = language

    def of_interaction(self, interaction: discord.Interaction[Any]) -> str:
        """The language of a private answer to this interaction."""
        user = interaction.user.id
        if interaction.locale:
            self.seen[user] = str(interaction.locale)
        return member_language(self.chosen.get(user), interaction.locale)

    def of_member(self, user_id: int | None, fallback: str) -> str:
        """The language of a DM to this member (`fallback`, the game's, when nothing is
        known)."""
        if user_id is None:
            return fallback
        seen = self.seen.get(user_id)
        if user_id not in self.chosen and seen is None:
            return fallback
        return member_language(self.chosen.get(user_id), seen)


def member_languages(interaction: discord.Interaction[Any]) -> MemberLanguages:
    """The members' languages of the bot that received the interaction (a fresh, empty one
    for a client that keeps none)."""
    languages = getattr(interaction.client, "languages", None)
    return languages if isinstance(languages, MemberLanguages) else MemberLanguages()
