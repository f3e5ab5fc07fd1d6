"""Money's cards: every card draws at any size; each currency has its own colour; a card's words
(symbol and value) are drawn on the picture, so they are measured, and serials are not drawn."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render.draw import recording_text
from render.money.cards import CURRENCY_COLOURS, back_tile, card_size, card_tile, put_card
from rules.money.components import CARDS, CURRENCIES
from tests.helpers.internals import internals_in


@pytest.mark.parametrize("width", [52, 60, 62])
def test_every_card_draws_at_its_size(width: int) -> None:
    for card_id in CARDS:
        tile = card_tile(card_id, width)
        assert tile.mode == "RGBA"
        assert tile.size == card_size(width)
    assert back_tile(width).size == card_size(width)


def test_tiles_are_cached() -> None:
    assert card_tile(1, 90) is card_tile(1, 90)


def test_each_currency_has_a_distinct_colour() -> None:
    assert set(CURRENCY_COLOURS) == {c.code for c in CURRENCIES}
    assert len(set(CURRENCY_COLOURS.values())) == len(CURRENCY_COLOURS)


def test_a_card_writes_its_symbol_and_value_on_the_picture_and_no_serial() -> None:
    picture = Image.new("RGB", (600, 200))
    draw = ImageDraw.Draw(picture)
    note = next(c for c in CARDS.values() if c.kind == "note" and c.currency == "EUR")
    with recording_text() as drawn:
        put_card(picture, draw, note.id, (10, 10), 60, None)
    words = [d.words for d in drawn]
    assert words == ["€", str(note.value)]
    assert all(d.picture_width == 600 for d in drawn), "measured against the whole picture"
    assert not any(internals_in(w) for w in words)
    value = next(d for d in drawn if d.words == str(note.value))
    assert value.size_at(400) >= 14


def test_notes_of_one_currency_and_value_look_the_same() -> None:
    """Serials are not drawn (no ids in pictures): equal notes are interchangeable to the eye."""
    twenties = [c.id for c in CARDS.values() if c.kind == "note" and c.value == 20]
    same = [c for c in twenties if CARDS[c].currency == CARDS[twenties[0]].currency]
    assert len(same) == 3
    assert card_tile(same[0], 60).tobytes() == card_tile(same[1], 60).tobytes()
