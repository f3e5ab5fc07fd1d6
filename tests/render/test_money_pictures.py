"""Every Money picture renders as a small valid PNG in every phase, readable on a phone (issue
15): 600 px wide, no text under 9 px at 400 px display width, values and scores at least 14 px,
no internals in any drawn word, and the last move highlighted on the table."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from games import presentation, rules_of
from i18n import t
from render.draw import recording_text
from render.money import hand_picture, score_sheet, table_picture
from render.money.common import WIDTH, cards_total
from render.png import encode
from tests.helpers.internals import internals_in
from tests.helpers.text_sizes import KEY_PX, MIN_PX, below, numbers_below_key, sizes_of
from tests.render.samples import NAMES, PHASES, sample_states

GAME = rules_of("money")
MAX_BYTES = 150 * 1024
SAMPLES = os.environ.get("TAVOLO_SAMPLES_DIR")  # set to keep the PNGs for a look
NEW = t("render.money.pic.new", None)


def _check_png(data: bytes, image: Image.Image, name: str) -> None:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) <= MAX_BYTES
    decoded = Image.open(io.BytesIO(data))
    decoded.verify()
    decoded = Image.open(io.BytesIO(data))
    assert decoded.format == "PNG"
    assert decoded.size == image.size
    if SAMPLES:
        Path(SAMPLES).mkdir(parents=True, exist_ok=True)
        (Path(SAMPLES) / f"{name}.png").write_bytes(data)


def steps(players: int, seed: int) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Every state of one seeded bot match with the public events of the move that made it."""
    state = GAME.new_game(players, {"hands": "1"}, seed)
    step = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[-1]
        state = GAME.apply(state, seat, GAME.bot_action(GAME.view(state, seat), seed + step))
        step += 1
        yield state, list(GAME.view(state, None)["events"])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_all_phases_are_reached(players: int) -> None:
    assert set(sample_states(players, 100 + players)) == set(PHASES)


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_pictures_in_every_phase_are_readable_on_a_phone(players: int, phase: str) -> None:
    state = sample_states(players, 100 + players)[phase]
    names = NAMES[:players]
    public = GAME.view(state, None)
    with recording_text() as drawn:
        pictures = {
            "table": table_picture(public, names, None, public["events"]),
            "sheet": score_sheet(public, names, None),
        }
        for seat in range(players):
            pictures[f"hand{seat}"] = hand_picture(GAME.view(state, seat), names, "en-US")
    for kind, image in pictures.items():
        assert image.width == WIDTH == 600
        assert 150 <= image.height <= 1700
        _check_png(encode(image), image, f"{kind}-{players}-{phase}")
    assert drawn, "the pictures' words are recorded"
    assert below(drawn, MIN_PX) == []
    assert numbers_below_key(drawn) == []
    assert [w for d in drawn if (w := internals_in(d.words))] == []


@pytest.mark.parametrize("players", [3, 5])
def test_totals_scores_and_the_seat_to_act_are_key_sized(players: int) -> None:
    state = sample_states(players, 100 + players)["exchange"]
    public = GAME.view(state, None)
    names = NAMES[:players]
    with recording_text() as drawn:
        table_picture(public, names, None)
    left = t("render.money.total", None, total=cards_total(public["rows"]["left"]))
    assert min(sizes_of(drawn, left)) >= KEY_PX
    acting = public["to_act"][0]
    name = [d for d in drawn if d.words.startswith(names[acting][:6])]  # long names are cut
    assert name and min(d.size_at(400) for d in name) >= KEY_PX
    hand_view = GAME.view(state, acting)
    with recording_text() as drawn:
        hand_picture(hand_view, names, None)
    score = [d for d in drawn if d.words.startswith(t("render.money.hand_score", None, points=""))]
    assert score and min(d.size_at(400) for d in score) >= KEY_PX
    over = GAME.view(sample_states(players, 100 + players)["over"], None)
    with recording_text() as drawn:
        score_sheet(over, names, None)
    for total in over["totals"]:
        assert max(sizes_of(drawn, str(total)) or [0]) >= KEY_PX


def test_the_table_highlights_what_the_last_move_laid_down_and_did() -> None:
    """A row taken gets the taker's cards outlined with "new" and the taker's strip says what
    they took; a secret bid placed gets "new" on its face-down card; no last move, no mark."""
    names = NAMES[:4]
    seen: set[str] = set()
    for state, last in steps(4, 21):
        public = GAME.view(state, None)
        kinds = {e["type"] for e in last}
        with recording_text() as drawn:
            table_picture(public, names, None, last)
        words = [d.words for d in drawn]
        for event in last:
            if event["type"] == "took_row" and public["phase"] == "exchange":
                total = cards_total(event["took"])
                said = t(f"render.money.pic.took_row.{event['row']}", None, total=total)
                assert said in words
                if event["gave"] and set(event["gave"]) <= set(public["rows"][event["row"]]):
                    assert NEW in words
                seen.add("took_row")
            if event["type"] == "took_bid" and public["phase"] == "exchange":
                other = names[event["from"]]
                total = cards_total(event["took"])
                assert t("render.money.pic.took_bid", None, name=other, total=total) in words
                seen.add("took_bid")
        if kinds == {"bid_placed"}:
            assert words.count(NEW) == 1, "the one bid just placed"
            seen.add("bid_placed")
        with recording_text() as drawn:
            table_picture(public, names, None)
        assert NEW not in [d.words for d in drawn]
    assert {"took_row", "bid_placed"} <= seen


def test_presentation_passes_the_last_move_to_the_table() -> None:
    for state, last in steps(3, 5):
        if [e["type"] for e in last] == ["bid_placed"]:
            with recording_text() as drawn:
                presentation("money").table_image(GAME.view(state, None), NAMES[:3], None, last)
            assert NEW in [d.words for d in drawn]
            return
    raise AssertionError("no bid was placed")


def test_table_height_grows_with_players() -> None:
    heights = [
        table_picture(GAME.view(sample_states(n, 100 + n)["bid"], None), NAMES[:n], None).height
        for n in (3, 4, 5)
    ]
    assert heights == sorted(heights) and len(set(heights)) == 3


def test_single_hand_match_and_total_rule() -> None:
    for options in ({"hands": "1"}, {"hands": "3", "match": "total"}):
        state = GAME.new_game(4, options, 7)
        step = 0
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, GAME.bot_action(GAME.view(state, seat), step))
            step += 1
        public = GAME.view(state, None)
        for image in (table_picture(public, NAMES[:4], None), score_sheet(public, NAMES, None)):
            assert len(encode(image)) <= MAX_BYTES


def test_missing_names_fall_back_to_player_numbers_not_seats() -> None:
    state = sample_states(4, 104)["exchange"]
    with recording_text() as drawn:
        image = table_picture(GAME.view(state, None), [], "it")
    assert image.width == WIDTH
    words = [d.words for d in drawn]
    assert t("render.money.pic.player", "it", number=1) in words
    assert not any(internals_in(w) for w in words)


def test_score_sheet_before_any_hand_is_short() -> None:
    public = GAME.view(sample_states(3, 103)["bid"], None)
    assert not public["results"]
    assert score_sheet(public, NAMES, None).height < 400


def test_the_final_banner_says_what_decided_the_match() -> None:
    public = GAME.view(sample_states(3, 103)["over"], None)
    with recording_text() as drawn:
        score_sheet(public, NAMES[:3], None)
    assert t("render.money.pic.rule.most_hands", None) in [d.words for d in drawn]


def test_what_a_seat_did_goes_beside_its_face_down_bid_not_over_it() -> None:
    """A seat that took a row and then placed its next secret bid in one step: the words of
    what it took take the place of "secret until all have bid" beside its face-down card (the
    two were drawn over each other, and over the card)."""
    names = NAMES[:4]
    hidden = t("render.money.pic.bid_hidden", None)
    for state, _ in steps(4, 21):
        public = GAME.view(state, None)
        placed = [s for s, seat in enumerate(public["seats"]) if seat["bid_placed"]]
        if public["phase"] != "bid" or len(placed) < 2:
            continue
        seat = placed[0]
        last = [
            {"type": "took_row", "seat": seat, "row": "left", "took": [], "gave": []},
            {"type": "bid_placed", "seat": seat},
        ]
        with recording_text() as drawn:
            table_picture(public, names, None, last)
        words = [d.words for d in drawn]
        assert t("render.money.pic.took_row.left", None, total=0) in " ".join(words), "in full"
        assert words.count(hidden) == len(placed) - 1, "not beside the seat that took a row"
        return
    raise AssertionError("no bid phase with two bids placed")
