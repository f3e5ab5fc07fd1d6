"""The data files of New York: the 54 tiles, Times Square, money cards and the scoring table
(docs/rules/newyork.md "Components" and "Tiles", docs/rules/README.md)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

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

# docs/rules/README.md: tile game count per type and the card game's price list (same prices).
COUNTS = {"theater": 7, "museum": 7, "station": 9, "church": 9, "park": 11, "skyscraper": 11}
PRICES = {
    "theater": [2, 3, 4, 5, 6, 7, 8],
    "museum": [3, 4, 5, 6, 7, 8, 9],
    "station": [4, 5, 6, 6, 7, 8, 8, 9, 10],
    "church": [5, 6, 7, 7, 8, 9, 9, 10, 11],
    "park": [6, 7, 8, 8, 8, 9, 10, 10, 10, 11, 12],
    "skyscraper": [7, 8, 9, 9, 9, 10, 11, 11, 11, 12, 13],
}

RULES_REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "newyork.md"

# docs/rules/newyork.md "Tiles", copied verbatim: number, type, price and street sides
# (T R B L, X = street).
SPEC_TABLE = """
| # | type | price | TRBL | # | type | price | TRBL |
|---|---|---|---|---|---|---|---|
| 1 | Theater | 2 | XX.X | 28 | Church | 8 | X..X |
| 2 | Theater | 3 | ..XX | 29 | Church | 9 | ...X |
| 3 | Theater | 4 | .XX. | 30 | Church | 9 | ..X. |
| 4 | Theater | 5 | X..X | 31 | Church | 10 | .... |
| 5 | Theater | 6 | X... | 32 | Church | 11 | .... |
| 6 | Theater | 7 | .X.. | 33 | Park | 6 | .XXX |
| 7 | Theater | 8 | .... | 34 | Park | 7 | X.XX |
| 8 | Museum | 3 | .XXX | 35 | Park | 8 | ..XX |
| 9 | Museum | 4 | XX.. | 36 | Park | 8 | XX.. |
| 10 | Museum | 5 | ..XX | 37 | Park | 8 | X..X |
| 11 | Museum | 6 | .XX. | 38 | Park | 9 | .X.. |
| 12 | Museum | 7 | ...X | 39 | Park | 10 | X... |
| 13 | Museum | 8 | ..X. | 40 | Park | 10 | ...X |
| 14 | Museum | 9 | .... | 41 | Park | 10 | .... |
| 15 | Station | 4 | XXX. | 42 | Park | 11 | .... |
| 16 | Station | 5 | X..X | 43 | Park | 12 | ..X. |
| 17 | Station | 6 | ..XX | 44 | Skyscraper | 7 | XX.X |
| 18 | Station | 6 | XX.. | 45 | Skyscraper | 8 | XXX. |
| 19 | Station | 7 | .XX. | 46 | Skyscraper | 9 | .XX. |
| 20 | Station | 8 | X... | 47 | Skyscraper | 9 | XX.. |
| 21 | Station | 8 | .X.. | 48 | Skyscraper | 9 | X..X |
| 22 | Station | 9 | .... | 49 | Skyscraper | 10 | ...X |
| 23 | Station | 10 | .... | 50 | Skyscraper | 11 | X... |
| 24 | Church | 5 | X.XX | 51 | Skyscraper | 11 | ..X. |
| 25 | Church | 6 | .XX. | 52 | Skyscraper | 11 | .... |
| 26 | Church | 7 | ..XX | 53 | Skyscraper | 12 | .... |
| 27 | Church | 7 | XX.. | 54 | Skyscraper | 13 | .X.. |
"""


def spec_tiles() -> dict[int, tuple[str, int, str]]:
    """The spec table's 54 rows: {number: (type, price, TRBL)} (two tiles per table row)."""
    found: dict[int, tuple[str, int, str]] = {}
    for line in SPEC_TABLE.strip().splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        for number, kind, price, sides in (cells[:4], cells[4:]):
            found[int(number)] = (kind.lower(), int(price), sides)
    return found


def test_every_one_of_the_54_tiles_matches_the_spec_table() -> None:
    spec = spec_tiles()
    assert sorted(spec) == list(range(1, 55))
    for number, (kind, price, sides) in spec.items():
        tile = TILES[number]
        mask = sum(
            bit for bit, ch in zip((TOP, RIGHT, BOTTOM, LEFT), sides, strict=True) if ch == "X"
        )
        assert (tile.type, tile.price, tile.streets) == (kind, price, mask), number
        assert STREETS[number] == mask, number


def test_the_copied_table_is_the_one_in_the_rules_reference() -> None:
    assert SPEC_TABLE.strip() in RULES_REFERENCE.read_text(encoding="utf-8")


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
