"""Languages through the loopback Discord (issue 17): a game's channel posts are in the game's
language (chosen with `/game new language:`, else the server's default, else the server's
Discord language); what only one member sees is in that member's language (`/settings
language:`, else their Discord language); the commands reach Discord with their Italian and
Dutch names."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from fakediscord import FakeDiscord
from i18n import t
from tests.e2e.table import MoneyTable, button_labels, running_table


@pytest_asyncio.fixture
async def table(fake_discord: FakeDiscord, tmp_path) -> AsyncIterator[MoneyTable]:
    async with running_table(fake_discord, tmp_path / "tavolo.db", MoneyTable) as tavolo:
        yield tavolo


def differs(key: str, language: str, **params: object) -> str:
    """The text in `language`, which must not be the English (the test would prove nothing)."""
    text = t(key, language, **params)
    assert text != t(key, "en", **params), f"{key} is not translated into {language}"
    return text


async def test_a_game_opened_in_italian_posts_in_italian_and_answers_each_member_in_theirs(
    table: MoneyTable,
) -> None:
    ada = table.fake.add_user("ada", locale="it")
    bram = table.fake.add_user("bram", locale="nl")
    opened = await ada.slash(table.chan, "game new", game="money", language="it")
    assert opened.message is not None and not opened.ephemeral, opened.content
    lobby = opened.message
    join = differs("lobby.button.join", "it")
    assert join in button_labels(lobby), button_labels(lobby)
    record = await table.bot.store.active_game(table.chan.id)
    assert record is not None and record.language == "it"

    joined = await bram.press(lobby, join)  # the lobby post, redrawn: the game's language
    assert joined.message is not None and not joined.ephemeral
    shown = str(joined.message.embeds)
    assert differs("lobby.options", "it") in shown and f"<@{bram.id}>" in shown

    refused = await bram.slash(table.chan, "game start")  # private: Bram's own language
    assert refused.ephemeral
    assert refused.content == differs("error.host_only_start", "nl")

    saved = await bram.slash(table.chan, "settings", language="it")
    assert saved.ephemeral and "Italiano" in saved.content
    again = await bram.slash(table.chan, "game start")
    assert again.content == t("error.host_only_start", "it"), "his own choice wins over Discord's"


async def test_a_servers_default_and_its_discord_language_choose_a_new_games_language(
    table: MoneyTable,
) -> None:
    ada = table.fake.add_user("ada", locale="en-US")
    table.guild.locale = "nl"
    opened = await ada.slash(table.chan, "game new", game="money")
    assert opened.message is not None
    assert differs("lobby.button.join", "nl") in button_labels(opened.message)
    await ada.slash(table.chan, "game abort")

    refused = await table.fake.add_user("cy").slash(table.chan, "server", language="it")
    assert refused.ephemeral and refused.content == t("server.managers_only", "en")
    owner = table.guild.owner  # may manage the server
    assert owner is not None
    done = await owner.slash(table.chan, "server", language="it")
    assert done.ephemeral and "Italiano" in done.content, done.content
    reopened = await ada.slash(table.chan, "game new", game="money")
    assert reopened.message is not None
    assert differs("lobby.button.join", "it") in button_labels(reopened.message)


async def test_the_commands_reach_discord_with_their_italian_and_dutch_names(
    table: MoneyTable,
) -> None:
    synced = {c["name"]: c for c in table.fake.commands.list(table.guild.id)}
    game = synced["game"]
    assert game["name_localizations"]["it"] == t("command.game.name", "it") != "game"
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"]["it"] == t("command.game.new.name", "it")
    assert table.fake.take_failures() == [], "every localization is valid for Discord"
