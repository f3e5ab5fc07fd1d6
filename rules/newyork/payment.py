"""Ways to pay for a New York building with the cards of its bank (no change is given).

Pure helpers for the private panel: the payments it suggests (exact ones first) and whether a
purchase can be paid exactly (which earns another action). The rules check every payment again.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rules.newyork.components import MONEY

PAYMENT_LIMIT = 6  # payments suggested at most


def values_of(cards: Iterable[int]) -> list[int]:
    """The values of money cards."""
    return [MONEY[c].value for c in cards]


def can_pay_exactly(cards: Iterable[int], amount: int) -> bool:
    """Whether some of `cards` add up to exactly `amount` (a subset sum, as a bit set)."""
    if amount <= 0:
        return amount == 0
    reachable = 1
    for value in values_of(cards):
        reachable |= reachable << value
    return bool(reachable >> amount & 1)


def least_overpayment(cards: Iterable[int], amount: int) -> int | None:
    """The smallest overpayment paying at least `amount` with `cards` (0: exact); None when all
    of them are not enough."""
    values = values_of(cards)
    if sum(values) < amount:
        return None
    reachable = 1
    for value in values:
        reachable |= reachable << value
    over = 0
    while not reachable >> (amount + over) & 1:
        over += 1
    return over


def payments(
    cards: Iterable[int], amount: int, limit: int = PAYMENT_LIMIT
) -> list[tuple[int, ...]]:
    """Minimal payments of at least `amount` (no card of one can be left out): exact ones first,
    then by overpayment, then fewer cards; at most `limit`. Cards of equal value are
    interchangeable, so each set of values is listed once, with the lowest ids."""
    by_value: dict[int, list[int]] = {}
    for card in sorted(cards):
        by_value.setdefault(MONEY[card].value, []).append(card)
    counts = tuple(sorted((v, len(ids)) for v, ids in by_value.items()))
    found = []
    for chosen in _minimal(counts, amount):
        paid = [card for v, n in zip(counts, chosen, strict=True) for card in by_value[v[0]][:n]]
        total = sum(v * n for (v, _), n in zip(counts, chosen, strict=True))
        found.append((total - amount, len(paid), tuple(sorted(paid))))
    return [pay for _over, _size, pay in sorted(found)[:limit]]


@lru_cache(maxsize=2048)
def _minimal(counts: tuple[tuple[int, int], ...], amount: int) -> tuple[tuple[int, ...], ...]:
    """How many cards of each (value, available) to pay at least `amount` with none to spare:
    every choice whose total minus its smallest value chosen falls short."""
    found: list[tuple[int, ...]] = []

    def walk(index: int, chosen: list[int], total: int) -> None:
        if total >= amount:
            smallest = min(counts[k][0] for k, n in enumerate(chosen) if n)
            if total - smallest < amount:
                found.append(tuple(chosen + [0] * (len(counts) - len(chosen))))
            return  # more cards would only be spare
        if index == len(counts):
            return
        value, available = counts[index]
        for n in range(available + 1):
            walk(index + 1, [*chosen, n], total + n * value)

    walk(0, [], 0)
    return tuple(found)
