"""The slash commands' words (issue 17): every name, description, option and choice has a
catalog key whose English is the cogs' own words, and the translator gives Discord the
Italian and Dutch words of the catalogs as localizations."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord.ext import commands

from bot import EXTENSIONS
from i18n import LOCALES_DIR, add_catalog, remove_catalog
from interface.command_texts import CatalogTranslator, command_keys


@pytest.fixture
async def tree() -> AsyncIterator[discord.app_commands.CommandTree]:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for name in EXTENSIONS:
        await bot.load_extension(name)
    yield bot.tree
    await bot.close()


async def test_the_english_command_catalog_holds_the_cogs_own_words(tree) -> None:
    english = json.loads((LOCALES_DIR / "en" / "commands.json").read_text(encoding="utf-8"))
    assert command_keys(tree.get_commands()) == english, (
        "regenerate i18n/locales/en/commands.json from the cogs (and translate what changed)"
    )


async def test_the_translator_gives_discord_the_catalogs_italian_and_dutch_words(
    tree, tmp_path: Path
) -> None:
    words = {
        "it": {"command.zz.name": "partitella", "command.choice.zzlive": "una tavola viva"},
        "nl": {"command.zz.description": "Een testcommando."},
    }
    for language, texts in words.items():
        (tmp_path / f"{language}.json").write_text(json.dumps(texts), encoding="utf-8")

    @discord.app_commands.command(name="zz", description="A test command.")
    @discord.app_commands.choices(
        board=[discord.app_commands.Choice(name="one live board", value="zzlive")]
    )
    async def zz(interaction: discord.Interaction, board: str) -> None: ...

    add_catalog(tmp_path)
    try:
        payload = await zz.get_translated_payload(tree, CatalogTranslator())
    finally:
        remove_catalog(tmp_path)
    assert payload["name_localizations"] == {"it": "partitella"}
    assert payload["description_localizations"] == {"nl": "Een testcommando."}
    (option,) = payload["options"]
    assert option["choices"][0]["name_localizations"] == {"it": "una tavola viva"}
    assert "name_localizations" not in option or not option["name_localizations"], (
        "no catalog words: Discord shows the English"
    )
