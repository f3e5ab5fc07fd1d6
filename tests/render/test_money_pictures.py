"""Every Money picture renders, at a readable size, as a small valid PNG, in every phase."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from games import rules_of
from render import theme
from render.money import hand_picture, score_sheet, table_picture
from render.png import encode
from tests.render.samples import NAMES, PHASES, sample_states

GAME = rules_of("money")
MAX_BYTES = 150 * 1024
SAMPLES = os.environ.get("TAVOLO_SAMPLES_DIR")  # set to keep the PNGs for a look


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


@pytest.mark.parametrize("players", [3, 4, 5])
def test_all_phases_are_reached(players: int) -> None:
    assert set(sample_states(players, 100 + players)) == set(PHASES)


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_pictures_in_every_phase(players: int, phase: str) -> None:
    state = sample_states(players, 100 + players)[phase]
    names = NAMES[:players]
    public = GAME.view(state, None)
    pictures = {
        "table": table_picture(public, names, None),
        "sheet": score_sheet(public, names, None),
    }
    for seat in range(players):
        pictures[f"hand{seat}"] = hand_picture(GAME.view(state, seat), names, "en-US")
    for kind, image in pictures.items():
        assert image.width == theme.WIDTH
        assert 200 <= image.height <= 2000
        _check_png(encode(image), image, f"{kind}-{players}-{phase}")


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


def test_missing_names_fall_back_to_seat_numbers() -> None:
    state = sample_states(4, 104)["exchange"]
    image = table_picture(GAME.view(state, None), [], "it")
    assert image.width == theme.WIDTH


def test_score_sheet_before_any_hand_is_short() -> None:
    public = GAME.view(sample_states(3, 103)["bid"], None)
    assert not public["results"]
    assert score_sheet(public, NAMES, None).height < 400
