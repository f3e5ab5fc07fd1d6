"""Card tiles: every card draws at any size; each currency has its own colour."""

from __future__ import annotations

import pytest

from render.cards import CURRENCY_COLOURS, back_tile, card_size, card_tile
from rules.money.components import CARDS, CURRENCIES


@pytest.mark.parametrize("width", [60, 84, 96])
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


def test_notes_differing_only_in_serial_look_different() -> None:
    twenties = [c.id for c in CARDS.values() if c.kind == "note" and c.value == 20]
    same = [c for c in twenties if CARDS[c].currency == CARDS[twenties[0]].currency]
    assert len(same) == 3
    assert card_tile(same[0], 90).tobytes() != card_tile(same[1], 90).tobytes()
