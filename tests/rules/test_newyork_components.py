"""The data files of New York: the 54 tiles, Times Square, money cards and the scoring table
(newyork.md "Components" and "Tiles", rules/README.md)."""

from __future__ import annotations

import json
from collections import Counter

from rules.newyork.components import (
    BANKS,
    BOTTOM,
    DATA_PATH,
    LEFT,
    MONEY,
    RIGHT,
    SCORING,
    STREETS,
    TILES,
    TIMES_SQUARES,
    TOP,
    money_ids,
)

# rules/README.md: tile game count per type and the card game's price list (same prices).
COUNTS = {"theater": 7, "museum": 7, "station": 9, "church": 9, "park": 11, "skyscraper": 11}
PRICES = {
    "theater": [2, 3, 4, 5, 6, 7, 8],
    "museum": [3, 4, 5, 6, 7, 8, 9],
    "station": [4, 5, 6, 6, 7, 8, 8, 9, 10],
    "church": [5, 6, 7, 7, 8, 9, 9, 10, 11],
    "park": [6, 7, 8, 8, 8, 9, 10, 10, 10, 11, 12],
    "skyscraper": [7, 8, 9, 9, 9, 10, 11, 11, 11, 12, 13],
}


def test_there_are_54_building_tiles_numbered_1_to_54() -> None:
    assert sorted(TILES) == list(range(1, 55))


def test_tile_counts_and_prices_per_type_match_the_readme() -> None:
    assert Counter(t.type for t in TILES.values()) == COUNTS
    for kind, prices in PRICES.items():
        assert sorted(t.price for t in TILES.values() if t.type == kind) == prices


def test_street_sides_are_read_top_right_bottom_left() -> None:
    # Spec table: #1 Theater XX.X, #15 Station XXX., #33 Park .XXX, #41 Park ....
    assert STREETS[1] == TOP | RIGHT | LEFT
    assert STREETS[15] == TOP | RIGHT | BOTTOM
    assert STREETS[33] == RIGHT | BOTTOM | LEFT
    assert STREETS[41] == 0
    assert max(bin(t.streets).count("1") for t in TILES.values()) == 3


def test_every_tile_row_of_the_data_file_is_in_the_spec_table_format() -> None:
    rows = json.loads(DATA_PATH.read_text(encoding="utf-8"))["tiles"]
    assert len(rows) == 54
    assert all(len(r["streets"]) == 4 and set(r["streets"]) <= {"X", "."} for r in rows)


def test_times_square_has_no_streets_and_is_no_building() -> None:
    assert all(STREETS[t] == 0 and t not in TILES for t in TIMES_SQUARES)


def test_money_is_four_banks_of_values_1_to_9_three_copies_each() -> None:
    assert BANKS == ("blue", "green", "orange", "yellow")
    assert len(MONEY) == 108
    per = Counter((m.bank, m.value) for m in MONEY.values())
    assert set(per.values()) == {3} and len(per) == 36


def test_two_players_play_with_72_money_cards_two_of_each() -> None:
    cards = money_ids(2)
    assert len(cards) == 72
    assert set(Counter((MONEY[c].bank, MONEY[c].value) for c in cards).values()) == {2}
    assert len(money_ids(3)) == 108


def test_scoring_table_matches_the_readme() -> None:
    assert SCORING["A"]["church"] == (4,)
    assert SCORING["B"]["skyscraper"] == (13, 6)
    assert SCORING["C"]["park"] == (20, 12, 5)
    rows = ["theater", "museum", "station", "church", "park", "skyscraper"]
    for row, kind in enumerate(rows, start=1):
        assert SCORING["A"][kind] == (row,)
        assert SCORING["B"][kind] == (7 + row, row)
        assert SCORING["C"][kind] == (15 + row, 7 + row, row)
