"""A fifth game joins through `games.register` alone: its rules, presentation, texts and a
`/game` picture command of its own reach the Discord side, and leave with it; no production
file names it."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.ext import commands
from PIL import Image

import cogs.game_commands
import cogs.lobby
import games
from db.records import GameRecord, Seat
from games import GameEntry, SeatPictureCommand
from i18n import t
from interface import messages
from interface.components import MoveButton
from render.presentation import Presentation, View
from rules.contract import Choices, GameInfo, Outcome, State

TEXTS = Path(__file__).parent / "tally_texts"


class TallyRules:
    """Seats count to three in turn."""

    info = GameInfo("tally", "tally.name", "tally.summary", 1, 4)

    def new_game(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {"players": players, "count": 0, "events": []}

    def to_act(self, state: State) -> list[int]:
        return [] if state["count"] >= 3 else [state["count"] % state["players"]]

    def turn(self, state: State) -> str:
        return str(state["count"])

    def choices(self, state: State, seat: int) -> Choices:
        return Choices(("up",)) if seat in self.to_act(state) else Choices()

    def apply(self, state: State, seat: int, action: str) -> State:
        count = state["count"] + 1
        return {**state, "count": count, "events": [{"type": "up", "seat": seat, "count": count}]}

    def view(self, state: State, seat: int | None) -> View:
        return dict(state)

    def outcome(self, state: State) -> Outcome | None:
        return Outcome("counted", (1,) * state["players"], (0,)) if state["count"] >= 3 else None

    def bot_action(self, view: View, seed: int) -> str:
        return "up"

    def describe(self, event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
        return t("tally.event.up", locale, name=names[event["seat"]], count=event["count"])

    def undoable(self, before: State, after: State, seat: int, action: str) -> bool:
        return False


class TallyPresentation(Presentation):
    """Tally's words and (blank) pictures; every optional hook keeps its default."""

    game_id = "tally"

    def move_label(self, action: str, view: View, names: list[str], locale: str | None) -> str:
        return t("tally.move.up", locale, next=view["count"] + 1)

    def move_style(self, action: str) -> str:
        return "primary"

    def pick_prompt(self, kind: str, locale: str | None) -> str:
        return ""

    def pick_confirm_label(self, kind: str, locale: str | None) -> str:
        return ""

    def item_label(self, item: int, locale: str | None) -> str:
        return str(item)

    def item_group(self, item: int) -> str:
        return ""

    def pick_summary(self, kind: str, items: list[int], locale: str | None) -> str:
        return ""

    def table_image(self, view: View, names: list[str], locale: str | None) -> Image.Image:
        return Image.new("RGB", (8, 8))

    def hand_image(self, view: View, names: list[str], locale: str | None) -> Image.Image:
        return Image.new("RGB", (8, 8))

    def final_image(self, view: View, names: list[str], locale: str | None) -> Image.Image | None:
        return None

    def rules_text(self, locale: str | None) -> str:
        return t("tally.summary", locale)

    def portrait(self, view: View, seat: int, names: list[str], locale: str | None) -> Image.Image:
        return Image.new("RGB", (4, 4))


PRESENTATION = TallyPresentation()
PORTRAIT = SeatPictureCommand(
    name="portrait",
    description="Show a player's tally (only you see it).",
    player_description="Whose tally; leave empty for your own.",
    draw=PRESENTATION.portrait,
    filename="portrait.png",
    title_key="tally.portrait.title",
    absent_key="tally.portrait.none",
    not_playing_key="tally.portrait.not_playing",
)
TALLY = GameEntry(TallyRules(), PRESENTATION, catalog=TEXTS, commands=(PORTRAIT,))


@pytest.fixture
def tally() -> Iterator[GameEntry]:
    with games.registered(TALLY) as entry:
        yield entry


def test_a_registered_game_is_found_with_its_presentation_and_texts(tally: GameEntry) -> None:
    assert games.entry("tally") is tally
    assert games.presentation("tally") is PRESENTATION
    assert games.rules_of("tally") is tally.rules
    assert [e.game_id for e in games.all_entries()][-1] == "tally"
    assert t("tally.name", "en") == "Tally"
    assert t("tally.name", "it") == "Tally"  # a missing locale falls back to English


def test_a_registered_game_leaves_with_its_texts() -> None:
    with games.registered(TALLY):
        pass
    with pytest.raises(KeyError):
        games.entry("tally")
    assert "tally" not in [e.game_id for e in games.all_entries()]
    assert t("tally.name", "en") == "tally.name"


def test_the_board_of_a_registered_game_uses_its_presentation_and_texts(
    tally: GameEntry,
) -> None:
    state = tally.rules.apply(tally.rules.new_game(2, {}, 1), 0, "up")
    seats = (Seat(100, "Ann"), Seat(101, "Bob"))
    record = GameRecord(1, 1, 5, "tally", "running", 100, seats, {}, 0, state, {1: 7}, 8, "", "")
    out = messages.board(record, "en", state["events"])
    assert out.content.startswith(t("board.title", "en", game="Tally", number=1))
    assert "Ann counted 1." in out.content
    assert out.view is not None
    (move,) = [c for c in out.view.children if isinstance(c, MoveButton)]
    assert (move.action, move.item.label) == ("up", "Count 2")


def test_a_game_may_not_redefine_a_text_nor_take_a_used_id(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text(json.dumps({"board.title": "mine"}), encoding="utf-8")
    clash = GameEntry(TallyRules(), PRESENTATION, catalog=tmp_path)
    with pytest.raises(ValueError, match="already defined"):
        games.register(clash)
    assert "tally" not in [e.game_id for e in games.all_entries()]
    assert t("board.title", "en", game="G", number=1) != "mine"
    with pytest.raises(ValueError, match="already registered"):
        games.register(games.entry("money"))


def test_a_presentation_must_be_of_its_game() -> None:
    with pytest.raises(ValueError):
        GameEntry(games.rules_of("money"), PRESENTATION)


async def test_the_game_commands_cog_adds_each_declared_picture_command(tally: GameEntry) -> None:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await cogs.lobby.setup(bot)
    await cogs.game_commands.setup(bot)
    group = bot.tree.get_command("game")
    assert isinstance(group, discord.app_commands.Group)
    city, portrait = group.get_command("city"), group.get_command("portrait")
    assert city is not None and portrait is not None
    assert city.to_dict(bot.tree) == {
        "name": "city",
        "description": "Show a player's city (only you see it).",
        "type": 1,
        "options": [
            {
                "name": "player",
                "description": "Whose city; leave empty for your own.",
                "type": 6,
                "required": False,
            }
        ],
    }
    assert portrait.to_dict(bot.tree)["options"][0]["description"] == PORTRAIT.player_description
