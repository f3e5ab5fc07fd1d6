"""Choosing a game by name in `/game new` and `/rules`: the autocomplete lists the registered
games by name, a name typed without picking a choice still finds its game, and a name that finds
none (or several) is refused privately, changing nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from fakediscord import FakeDiscord
from tests.e2e.table import MoneyTable, running_table


@pytest_asyncio.fixture
async def table(fake_discord: FakeDiscord, tmp_path) -> AsyncIterator[MoneyTable]:
    async with running_table(fake_discord, tmp_path / "tavolo.db", MoneyTable) as tavolo:
        yield tavolo


async def test_the_game_autocomplete_lists_the_games_by_name(table: MoneyTable) -> None:
    ann = table.fake.add_user("ann")
    every = await ann.autocomplete(table.chan, "game new", option="game", value="")
    assert [c["value"] for c in every] == ["money", "newyork", "nycards", "palazzo"]
    york = await ann.autocomplete(table.chan, "rules", option="game", value="york")
    assert [c["value"] for c in york] == ["newyork", "nycards"]
    assert all("York" in c["name"] for c in york)


async def test_a_game_name_typed_without_a_choice_still_finds_the_game(table: MoneyTable) -> None:
    ann = table.fake.add_user("ann")
    rules = await ann.slash(table.chan, "rules", game="Palazzo")
    assert rules.ephemeral and rules.message.embeds[0]["title"] == "Palazzo", rules.content
    opened = await ann.slash(table.chan, "game new", game="  MONEY ")
    assert opened.message is not None and not opened.ephemeral, opened.content
    record = await table.bot.store.active_game(table.chan.id)
    assert record is not None and record.game == "money"


async def test_an_unknown_or_ambiguous_game_is_refused_and_nothing_opens(
    table: MoneyTable,
) -> None:
    ann = table.fake.add_user("ann")
    unknown = await ann.slash(table.chan, "rules", game="chess`**")
    assert unknown.ephemeral and unknown.content == "There is no game called `chess'**`."
    ambiguous = await ann.slash(table.chan, "game new", game="new york")
    assert ambiguous.ephemeral
    assert ambiguous.content == "There is no game called `new york`."
    assert await table.bot.store.active_game(table.chan.id) is None
