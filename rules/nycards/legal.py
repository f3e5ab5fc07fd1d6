"""Pure helpers on lists of cards shared by the engine, the bot and the UI: which money may be
taken, and which payments buy a building (no state, no views: just card ids)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from rules.nycards.components import CURRENCY_OF, TAKE_LIMIT, VALUE


def take_problem(display: list[int], cards: tuple[int, ...] | list[int]) -> str | None:
    """The error key if taking `cards` from `display` is illegal, else None."""
    if not cards:
        return "nycards.error.no_cards"
    if any(c not in display for c in cards):
        return "nycards.error.not_in_display"
    if len(cards) > 1 and sum(VALUE[c] for c in cards) > TAKE_LIMIT:
        return "nycards.error.take_too_much"
    return None


def take_options(display: list[int]) -> list[tuple[int, ...]]:
    """The takes offered: every single card, then every combination of several cards totalling
    at most 5 that no larger such combination contains (taking less is never better); takes
    of equal cards (same currency and values) are listed once."""
    singles = [(c,) for c in display]
    combos = [
        combo
        for size in range(2, len(display) + 1)
        for combo in combinations(display, size)
        if sum(VALUE[c] for c in combo) <= TAKE_LIMIT
    ]
    maximal = [c for c in combos if not any(set(c) < set(o) for o in combos)]
    unique: dict[tuple[tuple[str, int], ...], tuple[int, ...]] = {}
    for take in singles + maximal:  # two equal cards make the same take: offer it once
        unique.setdefault(tuple(sorted((CURRENCY_OF[c], VALUE[c]) for c in take)), take)
    return list(unique.values())


def currency_total(hand: list[int], currency: str) -> int:
    """The value of the cards of one currency in a hand."""
    return sum(VALUE[c] for c in hand if CURRENCY_OF[c] == currency)


def payments(hand: list[int], currency: str, price: int, limit: int = 12) -> list[tuple[int, ...]]:
    """Minimal payments of at least `price` from the `currency` cards of `hand` (no card can be
    left out), exact ones first, then by overpayment and card count; at most `limit`.

    Cards of equal value are interchangeable, so each value multiset is listed once, with the
    lowest ids."""
    own = tuple(sorted(c for c in hand if CURRENCY_OF[c] == currency))
    return list(_payments(own, price, limit))


@lru_cache(maxsize=4096)
def _payments(cards: tuple[int, ...], price: int, limit: int) -> tuple[tuple[int, ...], ...]:
    """`payments` for the cards of one currency (cached: choices, the bot and the UI ask for
    the same hand many times)."""
    by_value: dict[int, list[int]] = {}
    for c in cards:
        by_value.setdefault(VALUE[c], []).append(c)
    values = sorted(by_value, reverse=True)
    found: list[tuple[int, int, tuple[int, ...]]] = []

    def search(index: int, total: int, chosen: list[int], smallest: int) -> None:
        if total >= price:
            if total - smallest < price:
                found.append((total - price, len(chosen), tuple(sorted(chosen))))
            return
        if index == len(values):
            return
        value = values[index]
        cards = by_value[value]
        for count in range(len(cards), -1, -1):
            picked = cards[:count]
            search(
                index + 1,
                total + count * value,
                chosen + picked,
                value if count else smallest,
            )

    search(0, 0, [], 99)
    found.sort()
    return tuple(chosen for _, _, chosen in found[:limit])
