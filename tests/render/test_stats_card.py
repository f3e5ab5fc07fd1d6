"""The `/stats` picture (`render/stats_card.py`, words from `interface.stats_cards`) is readable
on a phone in every language: no text under 9 px and every value at least 14 px when shown
400 px wide, no label cut short (a long one goes on two lines), each game's panel with its
values, and no internals."""

from __future__ import annotations

import pytest

from db.results import PlayerStats, Rating
from interface.stats_cards import stats_blocks
from render.draw import recording_text
from render.stats_card import stats_image
from service.stats import GameStats
from tests.helpers.internals import internals_in
from tests.helpers.text_sizes import KEY_PX, MIN_PX, below, sizes_of

FOUND = [
    GameStats(None, PlayerStats(14, 6, 1_680, 28, 80, 56_000.0, 12), None),
    GameStats("money", PlayerStats(9, 4, 855, 17, 60, 24_000.0, 8), Rating(1, 27.3, 3.1, 17.96, 9)),
    GameStats("palazzo", PlayerStats(3, 1, 420, 7, 0, 0.0, 3), Rating(1, 25.0, 7.0, 4.0, 3)),
    GameStats(
        "newyork", PlayerStats(2, 1, 200, 3, 20, 2_160_000.0, 1), Rating(1, 22.0, 7.5, -0.5, 2)
    ),
]


@pytest.mark.parametrize("locale", ["en", "it", "nl"])
def test_the_stats_picture_is_readable_on_a_phone_in_every_language(locale: str) -> None:
    blocks = stats_blocks(FOUND, locale)
    with recording_text() as drawn:
        image = stats_image("Bartholomew-Maximilian the Third of Somewhere", blocks)
    assert image.width == 1100 and image.height < 1600
    assert below(drawn, MIN_PX) == []
    values = [value for block in blocks for value, _ in block.tiles]
    for value in values:
        assert min(sizes_of(drawn, value)) >= KEY_PX, value
    cut = [d.words for d in drawn if d.words.endswith("…")]
    assert all(words.startswith("Bartholomew") for words in cut), cut  # only the long name
    shown = " ".join(d.words for d in drawn)
    for label in {label for block in blocks for _, label in block.tiles}:
        assert label in shown, label  # whole, on one line or two
    assert internals_in(shown) == [], internals_in(shown)


def test_the_stats_picture_has_a_panel_per_game_with_its_numbers() -> None:
    blocks = stats_blocks(FOUND, "en")
    assert [b.heading for b in blocks] == [
        "All games",
        "Money",
        "Palazzo",
        "New York — the tile game",
    ]
    assert [len(b.tiles) for b in blocks] == [3, 4, 4, 4]  # no rating for all games together
    assert blocks[1].tiles == (
        ("9", "played"),
        ("4 · 44%", "won"),
        ("1.9", "average place"),
        ("18", "rating"),
    )
    assert blocks[1].footer == (
        "Average score 95 · 7 minutes per turn",
        "8 of 9 games without a missed deadline",
    )
    assert blocks[2].footer[0] == "Average score 140 · no timed turns yet"
    assert stats_blocks(FOUND, "nl")[1].tiles[2] == ("1,9", "gemiddelde positie")
