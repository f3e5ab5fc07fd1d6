"""Each bot's level in words: the lobby's seat list and `/game status` name it after the bot
("Strong bot 2 🤖 (strong)"); the lobby offers one Add bot button per level."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from db.records import Seat
from interface.messages import LOBBY_BUTTONS, seat_words
from interface.summaries import seat_text, timing_text
from service.timing import Timing

SEATS = [
    Seat(7, "Ann"),
    Seat(None, "Easy bot 1", bot=True, level="easy"),
    Seat(None, "Bot 2", bot=True),
    Seat(None, "Strong bot 3", bot=True, level="strong"),
]


def test_the_lobby_names_each_bots_level_and_a_members_mention() -> None:
    assert [seat_words(s, "en") for s in SEATS] == [
        "<@7>",
        "Easy bot 1 🤖 (easy)",
        "Bot 2 🤖 (standard)",
        "Strong bot 3 🤖 (strong)",
    ]


def test_game_status_names_each_bots_level() -> None:
    summary = cast(Any, SimpleNamespace(record=SimpleNamespace(seats=SEATS, auto_moves={})))
    assert seat_text(summary, 3, "en") == "Strong bot 3 🤖 (strong)"
    assert seat_text(summary, 1, "en") == "Easy bot 1 🤖 (easy)"


def test_the_lobby_has_one_add_bot_button_per_level_on_its_own_row() -> None:
    rows = {op: row for op, _, row in LOBBY_BUTTONS}
    assert {rows[op] for op in ("boteasy", "bot", "botstrong", "unbot")} == {1}
    assert {rows[op] for op in ("join", "leave", "start")} == {0}


def test_the_settings_name_a_thinking_time_other_than_the_default() -> None:
    assert "think" not in timing_text(Timing(), "en")
    assert "0.5 s" in timing_text(Timing(bot_seconds=0.5), "en")
    assert "0.5 s" in timing_text(Timing(bot_seconds=0.5), "it")
