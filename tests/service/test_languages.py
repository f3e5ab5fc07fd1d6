"""Which language a game and a member get (issue 17): a game's language is the one chosen
when it was opened, else its server's default, else the server's Discord language when it is
Italian or Dutch, else English; a member's is their own choice, else their Discord language
when it is ours, else English. Stored with the game."""

from __future__ import annotations

import pytest

from service.errors import TableError
from service.languages import game_language, member_language, ours
from service.tables import TableService


def test_a_discord_locale_is_ours_only_for_english_italian_and_dutch() -> None:
    assert [ours(x) for x in ("it", "nl", "en-US", "en-GB", "de", "pt-BR", None, "")] == [
        *("it", "nl", "en", "en"),
        *(None, None, None, None),
    ]


def test_a_new_games_language_chosen_then_server_default_then_server_locale_then_english() -> None:
    assert game_language("nl", "it", "en-US") == "nl"
    assert game_language(None, "it", "nl") == "it"
    assert game_language(None, "", "nl") == "nl"
    assert game_language(None, "", "de") == "en"
    assert game_language(None, "", "de", "nl") == "nl", "the bot's TAVOLO_LOCALE"


def test_a_members_language_is_their_choice_else_their_discord_language_else_english() -> None:
    assert member_language("it", "nl") == "it"
    assert member_language("auto", "nl") == "nl"
    assert member_language(None, "fr") == "en"


async def test_a_lobby_stores_its_language(tables: TableService) -> None:
    record = await tables.lobby.open(
        guild_id=1, channel_id=10, game_id="money", host_id=100, host_name="Ann", language="it"
    )
    assert record.language == "it"
    assert (await tables.game(record.id)).language == "it", "stored"
    other = await tables.lobby.open(
        guild_id=1, channel_id=11, game_id="money", host_id=100, host_name="Ann"
    )
    assert other.language == "en", "no choice, no default, no server locale: English"


async def test_a_server_default_and_the_server_locale_decide_when_nothing_is_chosen(
    tables: TableService,
) -> None:
    dutch_server = await tables.lobby.open(
        guild_id=2, channel_id=20, game_id="money", host_id=1, host_name="A", server_locale="nl"
    )
    assert dutch_server.language == "nl"
    await tables.store.set_guild_language(2, "it")
    assert await tables.store.guild_language(2) == "it"
    defaulted = await tables.lobby.open(
        guild_id=2, channel_id=21, game_id="money", host_id=1, host_name="A", server_locale="nl"
    )
    assert defaulted.language == "it", "the managers' default wins over the Discord locale"


async def test_an_unknown_language_is_refused_and_nothing_opens(tables: TableService) -> None:
    with pytest.raises(TableError) as refused:
        await tables.lobby.open(
            guild_id=1, channel_id=10, game_id="money", host_id=1, host_name="A", language="de"
        )
    assert refused.value.key == "error.bad_language"
    assert await tables.store.active_game(10) is None


async def test_members_languages_are_stored_and_auto_forgets_the_choice(
    tables: TableService,
) -> None:
    await tables.store.set_user_language(5, "nl")
    await tables.store.set_user_language(6, "it")
    await tables.store.set_user_language(6, "auto")
    assert await tables.store.user_languages() == {5: "nl"}
