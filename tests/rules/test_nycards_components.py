"""The New York card game's data table (`rules/nycards/components.json`) against nycards.md
"Components" and rules/README.md (building counts and prices, the scoring table).

One test reads the raw file and reports every problem together; the loaded module must agree.
The building types' display names (PROPOSED for rows 1–4) are player-facing text: they live in
the i18n catalog only, never also in the data file."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from i18n import catalog
from rules.nycards import components
from rules.nycards.components import DATA_PATH

PRICES = {
    "theater": [2, 3, 4, 5, 6, 7, 8],
    "museum": [3, 4, 5, 6, 7, 8, 9],
    "station": [4, 5, 6, 6, 7, 8, 8, 9, 10],
    "church": [5, 6, 7, 7, 8, 9, 9, 10, 11],
    "park": [6, 7, 8, 8, 8, 9, 10, 10, 10, 11, 12],
    "skyscraper": [7, 8, 9, 9, 9, 10, 11, 11, 11, 12, 13],
}
COLOURS = ["blue", "red", "brown", "white", "green", "purple"]
NAMES = ["Theater", "Museum", "Station", "Church", "Park", "Skyscraper"]  # README, by row
TABLE = {  # row: A 1st; B 1st/2nd; C 1st/2nd/3rd
    1: ([1], [8, 1], [16, 8, 1]),
    2: ([2], [9, 2], [17, 9, 2]),
    3: ([3], [10, 3], [18, 10, 3]),
    4: ([4], [11, 4], [19, 11, 4]),
    5: ([5], [12, 5], [20, 12, 5]),
    6: ([6], [13, 6], [21, 13, 6]),
}


def table_problems(data: dict[str, Any]) -> list[str]:
    """Every way the data file differs from the rules (empty when it is right)."""
    problems: list[str] = []
    codes = [c["code"] for c in data["currencies"]]
    if codes != ["blue", "green", "orange", "yellow"]:
        problems.append(f"currencies must be blue, green, orange, yellow in slot order: {codes}")
    money = data["money"]
    combos = Counter((m["currency"], m["value"]) for m in money)
    if len(money) != 108 or set(combos.values()) != {3} or len(combos) != 36:
        problems.append("money must be 4 currencies × values 1–9 × 3 copies (108 cards)")
    ids = [m["id"] for m in money] + [b["id"] for b in data["buildings"]]
    ids += [c["id"] for c in data["scoring_cards"]]
    if len(set(ids)) != len(ids):
        problems.append("card ids must be unique across money, buildings and scoring cards")
    types = data["building_types"]
    if [t["colour"] for t in sorted(types, key=lambda t: t["row"])] != COLOURS:
        problems.append(f"building colours by row must be {COLOURS}")
    for t in types:
        if set(t) != {"id", "colour", "row"}:
            problems.append(f"{t['id']}: only id, colour and row (names are in the i18n catalog)")
    for t in types:
        prices = sorted(b["price"] for b in data["buildings"] if b["type"] == t["id"])
        if prices != PRICES.get(t["id"]):
            problems.append(f"{t['id']}: prices {prices}, expected {PRICES.get(t['id'])}")
        row = TABLE[t["row"]]
        for which, places in zip("ABC", row, strict=True):
            if data["scoring_table"][which][t["id"]] != places:
                problems.append(f"scoring {which} {t['id']}: expected {places}")
    if len(data["buildings"]) != 54:
        problems.append(f"expected 54 buildings, found {len(data['buildings'])}")
    if sorted(c["scoring"] for c in data["scoring_cards"]) != ["A", "B"]:
        problems.append("scoring cards must be A and B")
    if data["setup"]["scoring_pile"] != {"A": 2, "B": 4} or data["setup"]["deck_piles"] != 5:
        problems.append("A goes into pile 2 and B into pile 4 of 5")
    if data["take_limit"] != 5 or data["setup"]["starting_money_min"] != 20:
        problems.append("take limit 5 and starting money 20 or more")
    two = data["two_player"]
    if (two["money_copies_kept"], two["dirk_start"], two["dirk_after_A"]) != (2, 6, 6):
        problems.append("two players: 72 money cards, Dirk gets 6 and 6")
    if two["dirk_after_B_divisor"] != 3:
        problems.append("two players: Dirk gets a third of the deck after B")
    return problems


def test_the_data_file_matches_the_rules() -> None:
    data = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    assert table_problems(data) == []


def test_the_check_reports_a_bad_price_and_a_bad_score() -> None:
    data = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    data["buildings"][0]["price"] = 99
    data["scoring_table"]["B"]["park"] = [12, 4]
    problems = table_problems(data)
    assert any("theater: prices" in p for p in problems)
    assert any("scoring B park" in p for p in problems)


def test_the_check_reports_a_type_name_kept_in_the_data_file_too() -> None:
    data = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    data["building_types"][0]["name"] = "Theater"
    assert any("theater: only id, colour and row" in p for p in table_problems(data))


def test_building_type_names_are_in_the_i18n_catalog_by_row() -> None:
    english = catalog("en")
    by_row = sorted(components.TYPES, key=lambda bt: bt.row)
    assert [english[f"nycards.type.{bt.id}"] for bt in by_row] == NAMES
    assert [components.type_name(bt.id) for bt in by_row] == NAMES


def test_the_loaded_module_agrees_with_the_file() -> None:
    assert len(components.MONEY) == 108 and len(components.BUILDINGS) == 54
    assert components.SLOT_CURRENCY == ("blue", "green", "orange", "yellow")
    assert len(components.money_ids(2)) == 72
    assert len(components.money_ids(3)) == 108
    assert (
        Counter(m.value for i, m in components.MONEY.items() if i in components.money_ids(2))[9]
        == 8
    )  # 4 currencies × 2 copies
