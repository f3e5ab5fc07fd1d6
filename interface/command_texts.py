"""The slash commands' words in every language: names, descriptions, options and choices.

Every word Discord shows of a command has a catalog key (`command_keys`):

    command.<path>.name, command.<path>.description         a command or group (`game.new`)
    command.<path>.<option>.name, ….<option>.description    an option
    command.choice.<value>                                  a fixed choice, by its value

The English words are those written in the cogs (Discord's defaults); `i18n/locales/en/
commands.json` holds the same words (a test keeps both equal) for translators, and the Italian
and Dutch catalogs translate them. `CatalogTranslator` hands Discord the translations
(discord.py's `app_commands.Translator`), within Discord's limits: names lower-case, at most
32 characters; descriptions and choice names at most 100.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from i18n import catalog

LANGUAGES = {discord.Locale.italian: "it", discord.Locale.dutch: "nl"}
Location = app_commands.TranslationContextLocation
Item = app_commands.Command[Any, ..., Any] | app_commands.Group


def _path(command: Item) -> str:
    return command.qualified_name.replace(" ", ".")


def walk(commands: Iterable[Item]) -> Iterable[Item]:
    """Every command and group, groups before their subcommands."""
    for command in commands:
        yield command
        if isinstance(command, app_commands.Group):
            yield from walk(command.commands)


def command_keys(commands: Iterable[Item]) -> dict[str, str]:
    """Key → English words of every command, group, option and choice."""
    found: dict[str, str] = {}
    for command in walk(commands):
        path = _path(command)
        found[f"command.{path}.name"] = command.name
        found[f"command.{path}.description"] = command.description
        if isinstance(command, app_commands.Group):
            continue
        for parameter in command.parameters:
            found[f"command.{path}.{parameter.name}.name"] = parameter.display_name
            found[f"command.{path}.{parameter.name}.description"] = parameter.description
            for choice in parameter.choices:
                key = f"command.choice.{choice.value}"
                if found.get(key, choice.name) != choice.name:
                    raise ValueError(f"choice value {choice.value!r} has two names")
                found[key] = choice.name
    return found


def key_of(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalog key of what Discord asks to translate; None for what is not a command's."""
    data: Any = context.data
    where = context.location
    if where in (Location.command_name, Location.group_name):
        return f"command.{_path(data)}.name"
    if where in (Location.command_description, Location.group_description):
        return f"command.{_path(data)}.description"
    if where == Location.parameter_name:
        return f"command.{_path(data.command)}.{data.name}.name"
    if where == Location.parameter_description:
        return f"command.{_path(data.command)}.{data.name}.description"
    if where == Location.choice_name:
        return f"command.choice.{data.value}"
    return None


class CatalogTranslator(app_commands.Translator):
    """Italian and Dutch command words from the catalogs (None: Discord shows the English)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = LANGUAGES.get(locale)
        key = key_of(context)
        if language is None or key is None:
            return None
        text = catalog(language).get(key)
        return text if isinstance(text, str) and text else None
