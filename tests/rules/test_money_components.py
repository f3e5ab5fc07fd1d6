"""The Money data table (`rules/money/components.json`) against money.md, "Components".

One test reads the raw file and reports every problem together, so a bad edit to the table is
explained in one run; the loaded module (`rules.money.components`) must agree with the file.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter, defaultdict
from typing import Any

from rules.money import components
from rules.money.components import DATA_PATH

CURRENCY_NAMES = {
    "US Dollar",
    "British Pound",
    "Swedish Krona",
    "Russian Rouble",
    "Japanese Yen",
    "Swiss Franc",
    "Euro",
}
NOTE_VALUES = [20, 20, 20, 30, 30, 30, 40, 50, 60]


def table_problems(data: dict[str, Any]) -> list[str]:
    """Every way the table differs from the rules (empty when it is right)."""
    problems: list[str] = []
    currencies = data.get("currencies", [])
    codes = [c.get("code") for c in currencies]
    if len(currencies) != 7 or len(set(codes)) != 7:
        problems.append(f"expected 7 distinct currencies, found codes {codes}")
    names = {c.get("name") for c in currencies}
    if names != CURRENCY_NAMES:
        problems.append(f"currency names {sorted(map(str, names))} are not the Goldsieber seven")
    symbols = [c.get("symbol") for c in currencies]
    if len(set(symbols)) != len(symbols) or not all(symbols):
        problems.append(f"currency symbols must be distinct and non-empty: {symbols}")

    cards = data.get("cards", [])
    notes = [c for c in cards if c.get("kind") == "note"]
    coins = [c for c in cards if c.get("kind") == "coin"]
    others = [c for c in cards if c.get("kind") not in ("note", "coin")]
    if len(notes) != 63:
        problems.append(f"expected 63 notes, found {len(notes)}")
    if len(coins) != 6:
        problems.append(f"expected 6 coins, found {len(coins)}")
    if others:
        problems.append(f"value cards of unknown kind: {others}")
    for coin in coins:
        if coin.get("value") != 10 or coin.get("currency") is not None:
            problems.append(f"coin {coin} must be worth 10 with no currency")

    by_currency: dict[str, list[int]] = defaultdict(list)
    for n in notes:
        if n.get("currency") not in codes:
            problems.append(f"note {n} has an unknown currency")
        by_currency[n.get("currency")].append(n.get("value"))
    for code in codes:
        values = sorted(by_currency.get(code, []))
        if values != NOTE_VALUES:
            problems.append(f"{code} notes are {values}, expected {NOTE_VALUES}")
        if sum(values) != 300:
            problems.append(f"{code} notes total {sum(values)}, expected 300")

    serials = [c.get("serial") for c in cards]
    if sorted(s for s in serials if isinstance(s, int)) != list(range(1, 70)):
        problems.append(f"serials of the 69 value cards must be exactly 1-69, found {serials}")
    duplicated = [s for s, k in Counter(serials).items() if k > 1]
    if duplicated:
        problems.append(f"duplicated serials: {duplicated}")
    for c in cards:
        if c.get("id") != c.get("serial"):
            problems.append(f"card {c}: the id must be the serial")

    bluffs = data.get("bluff_cards", [])
    if len(bluffs) != 5:
        problems.append(f"expected 5 bluff cards, found {len(bluffs)}")
    for b in bluffs:
        if b.get("serial") is not None or b.get("value") != 0 or b.get("kind") != "bluff":
            problems.append(f"bluff card {b} must have no serial, value 0, kind bluff")
    ids = [c.get("id") for c in cards + bluffs]
    if len(set(ids)) != len(ids):
        problems.append("card ids are not unique")
    return problems


def test_components_table_matches_the_rules() -> None:
    data = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    problems = table_problems(data)
    assert not problems, "components.json:\n" + "\n".join(problems)


def test_table_check_reports_every_problem_together() -> None:
    data = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    data["cards"][0]["value"] = 25  # one currency no longer totals 300
    data["cards"][1]["serial"] = data["cards"][2]["serial"]  # a duplicated serial
    data["bluff_cards"].pop()  # only four bluff cards
    problems = table_problems(data)
    assert len(problems) >= 4, problems
    assert any("total" in p for p in problems)
    assert any("duplicated serials" in p for p in problems)
    assert any("5 bluff cards" in p for p in problems)


def test_serials_are_not_in_currency_order() -> None:
    """PROPOSED: a fixed shuffle, so no currency is favoured in tie-breaks. Read in serial order
    the kinds change at almost every card (currency order would change 7 times), and every
    currency's mean serial is near the middle (35)."""
    kinds = [components.CARDS[s].currency or "coin" for s in range(1, 70)]
    changes = sum(a != b for a, b in itertools.pairwise(kinds))
    assert changes >= 40, kinds
    for code in (c.code for c in components.CURRENCIES):
        serials = [c.serial for c in components.CARDS.values() if c.currency == code]
        assert 20 <= sum(serials) / len(serials) <= 50, (code, sorted(serials))


def test_loaded_components_agree_with_the_file() -> None:
    assert len(components.VALUE_CARD_IDS) == 69
    assert len(components.BLUFF_IDS) == 5
    assert tuple(NOTE_VALUES) == components.NOTE_VALUES
    assert components.CURRENCIES_REMOVED == {3: 2, 4: 1, 5: 0}
    assert components.TRIO_VALUES == (20, 30)
    assert components.TRIO_BONUS == 100
    assert (components.LOW_THRESHOLD, components.HIGH_THRESHOLD) == (100, 200)
    assert all(components.CARDS[b].serial is None for b in components.BLUFF_IDS)
    assert [components.bluff_id(s) for s in range(5)] == list(components.BLUFF_IDS)


def test_card_labels_show_value_and_serial() -> None:
    euro_40 = next(c for c in components.CARDS.values() if c.currency == "EUR" and c.value == 40)
    assert components.label(euro_40.id) == f"€40 (serial {euro_40.serial})"
    coin = next(c for c in components.CARDS.values() if c.kind == "coin")
    assert components.label(coin.id) == f"coin 10 (serial {coin.serial})"
    assert components.label(components.BLUFF_IDS[0]) == "bluff card"
