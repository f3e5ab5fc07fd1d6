"""The table tour (`scripts/tour.py`, issue 15): the command plays a whole game through the
loopback Discord and the production bot and saves what the seat saw in order; its counters,
on a small scripted channel whose numbers are known."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from fakediscord import FakeDiscord
from fakediscord.bodies import UploadedFile
from tests.fakediscord.minibot import tiny_png
from tests.helpers.tour.counts import (
    TourLine,
    count_internals,
    count_pictures,
    count_posts,
    count_scorings,
    count_turns,
    parse_line,
    replay,
)
from tests.helpers.tour.person import offers
from tests.helpers.tour.readme import board_pictures, write_readme_picture
from tests.helpers.tour.run import Tour
from tests.helpers.tour.saving import save, seen_events
from tests.helpers.tour.texts import read_texts

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"
MONEY_ONE_HAND = ("--game", "money", "--options", "hands=1")  # the shortest whole game
FILE = re.compile(r"^(\d{4})-([a-z-]+?)(?:-(\d+))?\.(txt|png)$")


def test_the_tour_of_a_game_saves_what_the_seat_saw_in_order_and_prints_its_line(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "tour.py"), str(tmp_path), *MONEY_ONE_HAND],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (printed,) = done.stdout.splitlines()
    line = parse_line(printed)
    assert line.game == "money"
    assert line.actions >= line.turns > 0 and line.scorings == 2  # the hand and the result
    assert line.smallest_text is not None and line.smallest_text > 0
    folder = tmp_path / "money"
    names = sorted(p.name for p in folder.iterdir() if p.name != "summary.txt")
    parsed = [FILE.match(name) for name in names]
    assert all(parsed), [n for n, m in zip(names, parsed, strict=True) if not m]
    texts = [m for m in parsed if m and m[4] == "txt"]
    assert [int(m[1]) for m in texts] == list(range(1, len(texts) + 1)), "numbered in order"
    kinds = [m[2] for m in texts]
    assert kinds[0] == "channel-post", "the lobby comes first"
    assert {"channel-post", "ephemeral"} <= set(kinds), "the board and the seat's panels"
    assert kinds.count("channel-post") == line.posts
    for match in parsed:
        assert match is not None
        if match[4] == "png":
            assert f"{match[1]}-{match[2]}.txt" in names, "a picture belongs to a saved message"
            assert (folder / match[0]).read_bytes().startswith(PNG)
    assert (folder / "summary.txt").read_text().splitlines()[0] == printed


# -- the counters, on a scripted channel ----------------------------------------------------


def picture() -> UploadedFile:
    return UploadedFile(0, "table.png", "image/png", tiny_png())


SHOWN = {"attachments": [{"id": 0, "filename": "table.png"}]}


async def test_the_counters_follow_posts_edits_collapses_and_what_the_seat_reads(
    tmp_path: Path,
) -> None:
    fake = FakeDiscord()
    chan = fake.add_guild("Test").add_text_channel("games")
    ada = fake.add_user("ada", global_name="Ada")
    bea = fake.add_user("bea")
    ops, dm = fake.message_ops, fake.world.dm_channel(ada)
    ops.create(chan, {"content": "New game", "components": []}, [])
    board = ops.create(chan, {"content": f"Board 1: <@{ada.id}> to move", **SHOWN}, [picture()])
    panel = ops.create(chan, {"content": "Take green 9 #53", "flags": 64}, [], visible_to=ada)
    ops.edit(panel, {"content": "Take green 9 #53"}, [])  # the same text again: counted once
    ops.create(chan, {"content": "Bea's panel: seat 2", "flags": 64}, [], visible_to=bea)
    ops.create(dm, {"content": "Your hand: green 9 (card 3)", **SHOWN}, [picture()])
    ops.edit(board, {"content": "Board 1: Ada took green 9.", "attachments": []}, [])
    thinking = ops.create(chan, {}, [], loading=True)  # a deferred answer, filled in later
    ops.edit(thinking, {"content": "Scoring A", **SHOWN}, [picture()])
    ops.create(chan, {"content": f"Board 2: <@{bea.id}> to move", **SHOWN}, [picture()])
    oops = ops.create(chan, {"content": "gone"}, [])
    ops.delete(oops)

    seen = seen_events(fake.world.log.events, chan, [ada])
    kinds = [kind for kind, _ in seen]
    assert kinds == [
        *["channel-post", "channel-post", "ephemeral", "ephemeral-edit", "dm", "channel-edit"],
        *["channel-post", "channel-post", "channel-post", "channel-delete"],
    ]
    assert count_posts(kinds) == 5  # lobby, board 1, scoring, board 2, the deleted post
    assert count_pictures(m.payload() for m in chan.messages()) == 2  # board 1 collapsed
    name_of = lambda user_id: fake.world.users[user_id].display_name  # noqa: E731
    read = [t for _, e in seen for t in read_texts(e.payload, name_of)]
    assert "Board 1: @Ada to move" in read, "mentions read as names"
    number, found = count_internals(read)
    assert number == 2 and set(found) == {"Take green 9 #53", "Your hand: green 9 (card 3)"}

    saved = save(tmp_path, seen, name_of)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names[:4] == [
        "0001-channel-post.txt",
        "0002-channel-post-1.png",
        "0002-channel-post.txt",
        "0003-ephemeral.txt",
    ]
    edit = (tmp_path / "0006-channel-edit.txt").read_text()
    assert "Ada took green 9." in edit and "removed 0002-channel-post-1.png" in edit
    assert (tmp_path / "0007-channel-post-1.png").read_bytes() == tiny_png()
    assert [s.pictures for s in saved if s.pictures] == [
        ["0002-channel-post-1.png"],
        ["0005-dm-1.png"],
        ["0007-channel-post-1.png"],
        ["0008-channel-post-1.png"],
    ]


def test_the_readme_picture_is_the_board_the_channel_showed_about_halfway(tmp_path: Path) -> None:
    fake = FakeDiscord()
    chan = fake.add_guild("Test").add_text_channel("games")
    ada = fake.add_user("ada", global_name="Ada")
    ops, dm = fake.message_ops, fake.world.dm_channel(ada)

    def drawn(name: str, data: bytes) -> UploadedFile:
        return UploadedFile(0, name, "image/png", PNG + data)

    shown = {"attachments": [{"id": 0, "filename": "table.png"}]}
    first = ops.create(chan, {"content": "Board 1", **shown}, [drawn("table.png", b"1")])
    ops.edit(first, {"content": "Board 1, a bid later"}, [])  # keeps its picture: not again
    ops.create(dm, {"content": "Your hand", **shown}, [drawn("table.png", b"dm")])
    scoring = {"attachments": [{"id": 0, "filename": "scoring.png"}]}
    ops.create(chan, {"content": "Scoring", **scoring}, [drawn("scoring.png", b"s")])
    for n in (2, 3, 4):
        ops.create(chan, {"content": f"Board {n}", **shown}, [drawn("table.png", str(n).encode())])
    saved = save(tmp_path, seen_events(fake.world.log.events, chan, [ada]), str)
    assert board_pictures(saved) == [PNG + b"1", PNG + b"2", PNG + b"3", PNG + b"4"]
    written = write_readme_picture("newyork", saved, tmp_path)
    assert written == tmp_path / "newyork.png" and written.read_bytes() == PNG + b"2"
    with pytest.raises(ValueError):
        write_readme_picture("money", saved[:0], tmp_path)


class Labelled:
    """A stub game: the state counts the actions played; `LABELS[n]` is the turn label of
    state n; the game is over after the last label."""

    LABELS = ("1.bid", "1.bid", "1.swap", "2.bid", "1.swap")
    EVENTS: ClassVar[dict[str, list[dict[str, Any]]]] = {
        "score": [{"type": "scoring", "scored": True}],
        "hand": [{"type": "hand_scored"}],
        "quiet": [{"type": "took"}],
    }

    def new_game(self, players: int, options: Any, seed: int) -> dict[str, Any]:
        return {"n": 0, "events": [{"type": "dealt"}]}

    def apply(self, state: dict[str, Any], seat: int, action: str) -> dict[str, Any]:
        return {"n": state["n"] + 1, "events": self.EVENTS[action]}

    def turn(self, state: dict[str, Any]) -> str:
        return self.LABELS[state["n"]]

    def to_act(self, state: dict[str, Any]) -> list[int]:
        return [0] if state["n"] < len(self.LABELS) else []


def test_turns_are_runs_of_the_turn_label_and_scorings_add_the_final_result() -> None:
    actions = [(0, a) for a in ("quiet", "score", "quiet", "hand", "quiet")]
    replayed = replay(Labelled(), 3, {}, 1, actions)
    assert replayed.labels == Labelled.LABELS and replayed.finished
    assert count_turns(replayed.labels) == 4  # 1.bid, 1.swap, 2.bid, 1.swap again
    assert count_scorings(replayed.events, replayed.finished) == 3
    unfinished = replay(Labelled(), 3, {}, 1, actions[:2])
    assert count_turns(unfinished.labels) == 2
    assert count_scorings(unfinished.events, unfinished.finished) == 1


def test_the_line_marks_each_target_and_reads_back() -> None:
    line = TourLine("money", 40, 10, 2, 16, 4, 8.5, 0)
    assert line.text().endswith("— P≤T+K+3 FAIL, I≤K+2 OK, S≥9 FAIL, N=0 OK")
    assert parse_line(line.text()) == line and not line.ok
    met = TourLine("palazzo", 40, 10, 2, 15, 4, 9.0, 0)
    assert met.ok and parse_line(met.text()) == met
    with pytest.raises(ValueError):
        parse_line("money: 3 posts")


def tour_script() -> Any:
    spec = importlib.util.spec_from_file_location("tour_script", ROOT / "scripts" / "tour.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("check", "status"), [(False, 0), (True, 1)])
async def test_a_missed_target_fails_the_command_only_with_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any, check: bool, status: int
) -> None:
    script = tour_script()
    missed = TourLine("money", 40, 10, 2, 60, 4, 9.0, 0)

    async def fake_tour(game: str, folder: Path, **_: Any) -> Tour:
        folder.mkdir(parents=True)
        return Tour(missed, [], {}, [], [])

    monkeypatch.setattr(script, "tour_game", fake_tour)
    argv = [str(tmp_path), "--game", "money", *(["--check"] if check else [])]
    assert await script.main(argv) == status
    assert capsys.readouterr().out == missed.text() + "\n"


def test_the_person_is_offered_every_enabled_button_and_each_option_even_identical_ones() -> None:
    fake = FakeDiscord()
    chan = fake.add_guild("Test").add_text_channel("games")
    row = [
        {"type": 2, "style": 1, "label": "Take money", "custom_id": "a"},
        {"type": 2, "style": 1, "label": "Pay", "custom_id": "b"},
        {"type": 2, "style": 1, "label": "Pay", "custom_id": "c"},
        {"type": 2, "style": 1, "label": "Old", "custom_id": "d", "disabled": True},
        {"type": 2, "style": 5, "label": "Rules", "url": "https://example.org"},
    ]
    cards = [{"label": "certificate 2", "value": str(v)} for v in (7, 8)]
    menu = {"type": 3, "custom_id": "m", "placeholder": "Cards", "options": cards}
    message = fake.message_ops.create(
        chan,
        {
            "content": "board",
            "components": [
                {"type": 1, "components": row},
                {"type": 1, "components": [{**menu, "min_values": 0, "max_values": 2}]},
            ],
        },
        [],
    )
    found = [(o.kind, o.name, o.options, o.low, o.high) for o in offers(message)]
    assert found == [
        ("button", "Take money", (), 1, 1),
        ("button", "b", (), 1, 1),  # the same label twice: told apart by id
        ("button", "c", (), 1, 1),
        ("select", "m", ("7", "8"), 0, 2),  # two identical cards are two options
    ]
