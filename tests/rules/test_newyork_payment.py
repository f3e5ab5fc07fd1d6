"""New York's payment helpers (the private panel's suggestions): exact payments first, then the
least overpayment; every suggestion is minimal and listed once per set of values; checked
against brute force over random hands."""

from __future__ import annotations

import random
from itertools import combinations

from rules.newyork.components import MONEY
from rules.newyork.payment import can_pay_exactly, least_overpayment, payments
from tests.helpers.newyork import money

BLUE = sorted(c for c, m in MONEY.items() if m.bank == "blue")


def value(cards) -> int:
    return sum(MONEY[c].value for c in cards)


def test_exact_payments_come_first_then_the_least_overpayment() -> None:
    two, three, five, nine = money("blue", 2, 3, 5, 9)
    assert payments([two, three, five, nine], 5) == [(five,), (two, three), (nine,)]
    assert can_pay_exactly([two, three, nine], 5) and least_overpayment([two, nine], 5) == 4
    assert not can_pay_exactly([two, nine], 5)
    assert least_overpayment([two], 5) is None and payments([two], 5) == []


def test_equal_values_are_listed_once_with_the_lowest_ids() -> None:
    first, second = money("blue", 4, 4)
    assert payments([second, first], 4) == [(min(first, second),)]


def brute(cards: list[int], amount: int) -> set[tuple[int, ...]]:
    """Every minimal payment's values, by brute force."""
    found = set()
    for size in range(1, len(cards) + 1):
        for combo in combinations(cards, size):
            paid = value(combo)
            if paid >= amount and paid - min(MONEY[c].value for c in combo) < amount:
                found.add(tuple(sorted(MONEY[c].value for c in combo)))
    return found


def test_the_helpers_agree_with_brute_force_on_random_hands() -> None:
    rng = random.Random(5)
    for _ in range(300):
        cards = rng.sample(BLUE, rng.randint(0, 8))
        amount = rng.randint(1, 14)
        listed = payments(cards, amount, limit=1_000)
        values = [tuple(sorted(MONEY[c].value for c in pay)) for pay in listed]
        assert set(values) == brute(cards, amount) and len(values) == len(set(values))
        overs = [value(pay) - amount for pay in listed]
        assert overs == sorted(overs)
        sums = {value(c) for n in range(len(cards) + 1) for c in combinations(cards, n)}
        assert can_pay_exactly(cards, amount) == (amount in sums)
        above = [s - amount for s in sums if s >= amount]
        assert least_overpayment(cards, amount) == (min(above) if above else None)
        assert not listed or overs[0] == least_overpayment(cards, amount)
