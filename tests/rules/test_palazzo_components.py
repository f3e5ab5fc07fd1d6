"""Palazzo's data files (components.json) against the rulebook's component list and the
PROPOSED stack table."""

from __future__ import annotations

import json
from collections import Counter

from rules.palazzo.components import (
    CERT_VALUE,
    DATA_PATH,
    KNIGHTS,
    MONEY,
    NEUTRAL_VALUE,
    STACK_NAMES,
    TILES,
    money_label,
    stacks,
    tile_label,
)


def test_55_money_cards_three_currencies_3_to_7_three_times_and_ten_certificates() -> None:
    kinds = Counter((m.currency, m.value) for m in MONEY.values())
    for currency in ("red", "brown", "grey"):
        for value in range(3, 8):
            assert kinds[(currency, value)] == 3
    assert kinds[(None, CERT_VALUE)] == 10 and CERT_VALUE == 2
    assert len(MONEY) == 55 and NEUTRAL_VALUE == 3


def test_48_tiles_16_per_material_with_an_extra_floor_3_of_one_window() -> None:
    for material in ("brick", "sandstone", "marble"):
        mine = Counter((x.floor, x.windows) for x in TILES.values() if x.material == material)
        expected = Counter((f, w) for f in range(1, 6) for w in range(1, 4))
        expected[(3, 1)] += 1
        assert mine == expected
    assert len(TILES) == 48 and len(KNIGHTS) == 5


def test_ids_never_overlap_so_one_list_of_ids_is_never_ambiguous() -> None:
    assert not set(MONEY) & set(TILES) and not (set(MONEY) | set(TILES)) & set(KNIGHTS)
    assert max(MONEY) < min(TILES) and max(TILES) < min(KNIGHTS)


def test_proposed_stack_table_floors_1_2_then_3_then_4_5_with_the_knights() -> None:
    piles = stacks()
    assert STACK_NAMES == ("I", "II", "III")
    assert [len(p) for p in piles] == [18, 12, 23]
    assert {TILES[x].floor for x in piles[0]} == {1, 2}
    assert {TILES[x].floor for x in piles[1]} == {3}
    assert set(KNIGHTS) <= set(piles[2])
    assert {TILES[x].floor for x in piles[2] if x in TILES} == {4, 5}
    everything = [x for p in piles for x in p]
    assert sorted(everything) == sorted([*TILES, *KNIGHTS])


def test_the_data_file_is_the_single_source_of_the_stack_make_up() -> None:
    data = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    assert [s["name"] for s in data["stacks"]] == list(STACK_NAMES)
    assert sum(s["knights"] for s in data["stacks"]) == len(KNIGHTS)
    assert "PROPOSED" in data["_comment"]


def test_labels_read_as_a_player_says_them() -> None:
    red5 = next(c for c, m in MONEY.items() if m.currency == "red" and m.value == 5)
    cert = next(c for c, m in MONEY.items() if m.currency is None)
    assert money_label(red5, "en") == "red 5" and money_label(cert, "en") == "certificate 2"
    tile = next(x for x, t in TILES.items() if (t.material, t.floor, t.windows) == ("marble", 3, 2))
    assert tile_label(tile, "en") == "marble floor 3 (2 windows)"
    assert tile_label(KNIGHTS[0], "en") == "knight"
