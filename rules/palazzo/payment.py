"""Legal payments (palazzo.md, "Paying"): cards of ONE currency, plus any certificates of 2,
plus any number of groups worth 15 each (three cards of one value, one per currency; or three
certificates), played together.

A set of cards is judged by its best reading: the certificates in as many groups of three as
possible, and for each value the cards of the two currencies other than the singles' currency
all in groups (so their counts must match and not exceed the singles' count). Overpaying is
allowed; nothing here gives change.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from rules.palazzo.components import CERT_VALUE, CURRENCIES, GROUP_VALUE, MONEY


@dataclass(frozen=True)
class Reading:
    """The best reading of a payment: its value, the currency of its single cards (None when
    it has none), and how many groups it holds."""

    value: int
    currency: str | None
    groups: int


_CURRENCY_INDEX: dict[str, int] = {currency: i for i, currency in enumerate(CURRENCIES)}


def _cert_value(count: int) -> tuple[int, int]:
    return GROUP_VALUE * (count // 3) + CERT_VALUE * (count % 3), count // 3


def read(cards: Iterable[int], currency: str | None = None) -> Reading | None:
    """The best legal reading of `cards` as one payment whose single cards are of `currency`
    (any one currency when None), or None when no reading is legal. Duplicates are illegal."""
    cards = list(cards)
    if len(set(cards)) != len(cards) or any(c not in MONEY for c in cards):
        return None
    certs = sum(1 for c in cards if MONEY[c].currency is None)
    counts: Counter[tuple[str, int]] = Counter(
        (m.currency, m.value) for m in (MONEY[c] for c in cards) if m.currency is not None
    )
    cert_value, cert_groups = _cert_value(certs)
    best: Reading | None = None
    for single in CURRENCIES if currency is None else (currency,):
        others = [c for c in CURRENCIES if c != single]
        value, groups, singles = cert_value, cert_groups, 0
        legal = True
        for v in {v for _, v in counts}:
            grouped = counts[(others[0], v)]
            if counts[(others[1], v)] != grouped or counts[(single, v)] < grouped:
                legal = False
                break
            value += GROUP_VALUE * grouped + v * (counts[(single, v)] - grouped)
            groups += grouped
            singles += counts[(single, v)] - grouped
        if legal:
            reading = Reading(value, single if singles else None, groups)
            if best is None or reading.value > best.value:
                best = reading
    return best


def best_value(hand: Iterable[int], currency: str | None = None) -> int:
    """The most any subset of `hand` is worth as one legal payment with single cards of
    `currency` (any currency when None): the tie-break of the final scoring, and the test of
    whether a price can be paid."""
    return _best_value(tuple(sorted(hand)), currency)


@lru_cache(maxsize=65536)
def _best_value(hand: tuple[int, ...], currency: str | None) -> int:
    certs = 0
    by_value: dict[int, list[int]] = {}  # value -> count of cards of each currency
    for c in hand:
        m = MONEY[c]
        if m.currency is None:
            certs += 1
        else:
            by_value.setdefault(m.value, [0] * len(CURRENCIES))[_CURRENCY_INDEX[m.currency]] += 1
    base = _cert_value(certs)[0]
    best = base
    for single in CURRENCIES if currency is None else (currency,):
        index = _CURRENCY_INDEX.get(single)
        total = base
        for v, counts in by_value.items():
            groups = min(counts)
            singles = counts[index] if index is not None else 0
            total += GROUP_VALUE * groups + v * (singles - groups)
        best = max(best, total)
    return best


def combine(currency: str | None, added: Reading) -> str | None:
    """The singles' currency of a bid after adding cards read as `added` (None: no singles)."""
    return currency if currency is not None else added.currency


def cheapest(hand: list[int], need: int, currency: str | None = None) -> list[int] | None:
    """Cards of `hand` forming a legal payment worth at least `need` (see `_cheapest`)."""
    found = _cheapest(tuple(sorted(hand)), need, currency)
    return None if found is None else list(found)


@lru_cache(maxsize=65536)
def _cheapest(hand: tuple[int, ...], need: int, currency: str | None) -> tuple[int, ...] | None:
    """Cards of `hand` forming a legal payment worth at least `need` (singles of `currency`
    when given), choosing a small total face value; None exactly when there is none.

    Tries 0, 1, 2, ... groups (cheapest first) and fills up with single cards of one currency
    and certificates; with every group in, this is the best payment, so one is always found
    when the hand is worth enough. Of equal costs the first tried is kept."""
    if need <= 0:
        return ()
    if best_value(hand, currency) < need:
        return None
    best: tuple[int, tuple[int, ...]] | None = None
    for single, cost, cards in _candidates(hand, need):
        if (currency is None or single == currency) and (best is None or cost < best[0]):
            best = (cost, cards)
    return None if best is None else best[1]


@lru_cache(maxsize=16384)
def _candidates(hand: tuple[int, ...], need: int) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """The payments `_cheapest` chooses from, in the order it tries them, as (singles'
    currency, face value, sorted cards): for 0, 1, 2, ... groups, and each currency of single
    cards, the groups plus the cheapest singles and certificates that reach `need` (cached:
    the choices of the auction ask for every currency at once).

    Each is a legal payment worth at least `need`: the groups hold one card of every currency
    (or three certificates) and all the other cards are of the singles' currency or
    certificates, each worth at least its face value in that reading."""
    groups = _groups(hand)
    found = []
    for size in range(len(groups) + 1):
        used = [c for g in groups[:size] for c in g]
        taken = set(used)
        by_currency: dict[str | None, list[int]] = {}
        for c in hand:
            if c not in taken:
                by_currency.setdefault(MONEY[c].currency, []).append(c)
        for single in CURRENCIES:
            pool = by_currency.get(single, []) + by_currency.get(None, [])
            extra = _subset_at_least(pool, need - GROUP_VALUE * size)
            if extra is not None:
                cards = used + extra
                found.append((single, sum(MONEY[c].value for c in cards), tuple(sorted(cards))))
    return tuple(found)


@lru_cache(maxsize=16384)
def _groups(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every disjoint group the hand can form (as many as possible), cheapest face value
    first (cached: asked for several prices)."""
    by: dict[tuple[str | None, int], list[int]] = {}
    for c in sorted(hand):
        by.setdefault((MONEY[c].currency, MONEY[c].value), []).append(c)
    certs = by.get((None, CERT_VALUE), [])
    groups = [certs[k : k + 3] for k in range(0, len(certs) - 2, 3)]
    for v in sorted({v for cur, v in by if cur is not None}):
        lists = [by.get((cur, v), []) for cur in CURRENCIES]
        groups += [[cards[k] for cards in lists] for k in range(min(len(x) for x in lists))]
    return tuple(
        tuple(g) for g in sorted(groups, key=lambda g: (sum(MONEY[c].value for c in g), g))
    )


def _subset_at_least(pool: list[int], need: int) -> list[int] | None:
    """The subset of `pool` with the smallest value sum that reaches `need` (a small DP: each
    sum keeps the first subset found for it, adding cards lowest value first)."""
    if need <= 0:
        return []
    reach: dict[int, list[int]] = {0: []}
    # the sums below `need`, the only ones extended, in the order found
    short: list[tuple[int, list[int]]] = [(0, [])]
    for value, c in sorted((MONEY[c].value, c) for c in pool):
        for total, cards in list(short):
            new = total + value
            if new not in reach:
                reach[new] = [*cards, c]
                if new < need:
                    short.append((new, reach[new]))
        if need in reach:  # an exact sum is the best and is never replaced
            break
    done = [t for t in reach if t >= need]
    return reach[min(done)] if done else None


def suggestions(hand: list[int], need: int, currency: str | None = None) -> list[list[int]]:
    """Legal payments from `hand` worth at least `need`: the cheapest one for each currency of
    single cards allowed (and the cheapest overall), fewest face value first, no repeats."""
    found: list[list[int]] = []
    for single in (None, *CURRENCIES) if currency is None else (currency,):
        cards = cheapest(hand, need, single)
        if cards is not None and cards not in found:
            found.append(cards)
    return sorted(found, key=lambda cards: (sum(MONEY[c].value for c in cards), cards))
