"""Pure helpers on lists of cards shared by the engine, the bot and the UI: which money may be
taken, and which payments buy a building (no state, no views: just card ids)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from rules.nycards.components import CURRENCY_OF, TAKE_LIMIT, VALUE

PAYMENT_LIMIT = 12  # payments listed at most, by default


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
    """Every legal take, the most useful first: every single card, then every combination of
    several cards totalling at most 5 that no larger such combination contains, then the
    smaller combinations (legal too, though taking less is rarely better); takes of equal cards
    (same currency and values) are listed once."""
    return list(_take_options(tuple(display)))


def _take_options(display: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """`take_options` for one display, as a tuple.

    A combination within the limit is contained in a larger one exactly when one more display
    card still fits the limit (any card of the larger one does), so that is what is checked."""
    singles = [(c,) for c in display]
    maximal, smaller = [], []
    for size in range(2, len(display) + 1):
        for combo in combinations(display, size):
            total = sum(VALUE[c] for c in combo)
            if total > TAKE_LIMIT:
                continue
            if any(total + VALUE[c] <= TAKE_LIMIT for c in display if c not in combo):
                smaller.append(combo)
            else:
                maximal.append(combo)
    unique: dict[tuple[tuple[str, int], ...], tuple[int, ...]] = {}
    for take in singles + maximal + smaller:  # two equal cards make the same take: offer it once
        unique.setdefault(tuple(sorted((CURRENCY_OF[c], VALUE[c]) for c in take)), take)
    return tuple(unique.values())


def currency_total(hand: list[int], currency: str) -> int:
    """The value of the cards of one currency in a hand."""
    return sum(VALUE[c] for c in hand if CURRENCY_OF[c] == currency)


def payments(
    hand: list[int], currency: str, price: int, limit: int = PAYMENT_LIMIT
) -> list[tuple[int, ...]]:
    """Minimal payments of at least `price` from the `currency` cards of `hand` (no card can be
    left out), exact ones first, then by overpayment and card count; at most `limit`.

    Cards of equal value are interchangeable, so each value multiset is listed once, with the
    lowest ids."""
    own = tuple(sorted(c for c in hand if CURRENCY_OF[c] == currency))
    return list(_payments(own, price, limit))


def _payments(cards: tuple[int, ...], price: int, limit: int) -> tuple[tuple[int, ...], ...]:
    """`payments` for the cards of one currency, sorted by id."""
    return tuple(pay for _, pay in ranked_payments(cards, price, limit))


@lru_cache(maxsize=4096)
def ranked_payments(
    cards: tuple[int, ...], price: int, limit: int = PAYMENT_LIMIT
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The payments of `payments` for the cards of one currency (sorted by id), each with its
    overpayment: `(paid - price, cards)`. Cached: the bot and the UI ask for the same hand many
    times."""
    return _minimal_payments(cards, price, limit)


@lru_cache(maxsize=4096)
def split_payments(
    cards: tuple[int, ...], price: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, tuple[int, ...]], ...]]:
    """The payments of `ranked_payments` (default limit) for cards of one currency (sorted by
    id): the exact ones, then the overpaying ones each with its overpayment (cached: a hand's
    cards of one currency often stay the same for several turns)."""
    ranked = _minimal_payments(cards, price, PAYMENT_LIMIT)
    exact = tuple(pay for over, pay in ranked if not over)
    return exact, ranked[len(exact) :]


def _minimal_payments(
    cards: tuple[int, ...], price: int, limit: int
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """`ranked_payments`, computed: a search over how many cards of each value to pay."""
    if price <= 0:  # nothing to pay: the empty payment
        return ((-price, ()),)[:limit]
    by_value: dict[int, list[int]] = {}
    for c in cards:
        by_value.setdefault(VALUE[c], []).append(c)
    values = sorted(by_value, reverse=True)
    groups = [by_value[v] for v in values]
    # left[i]: the value of all the cards of values[i:], to stop where the price is out of reach
    left = [0] * (len(values) + 1)
    for i in range(len(values) - 1, -1, -1):
        left[i] = left[i + 1] + values[i] * len(groups[i])
    found: list[tuple[int, int, tuple[int, ...]]] = []

    def search(start: int, total: int, chosen: list[int]) -> None:
        """Add cards of one of values[start:] (values go down), then of the lower ones."""
        for index in range(start, len(values)):
            if total + left[index] < price:
                return
            value, group = values[index], groups[index]
            # More cards than needed to reach the price would leave one out: not minimal.
            most = min(len(group), -(-(price - total) // value))
            for count in range(most, 0, -1):
                paid, picked = total + count * value, chosen + group[:count]
                if paid >= price:  # minimal: without one of the smallest cards it falls short
                    found.append((paid - price, len(picked), tuple(sorted(picked))))
                else:
                    search(index + 1, paid, picked)

    search(0, 0, [])
    found.sort()
    return tuple((over, chosen) for over, _, chosen in found[:limit])
