"""What a set of Money cards is worth to the bot: exact points at the end, plus credit for
progress towards the 100 and 200 thresholds and towards trios while the hand goes on.

The worth of a currency blends its exact points with a smooth, convex curve through 0 at 0,
`progress_at_100` at 100 and 200 at 200: a note adds more the nearer its currency is to a
threshold, so the bot collects few currencies and finishes them. The blend weight (the
`outlook`) falls from 1 early in the hand to 0 in the final round, where worth is exact score.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.money.components import (
    CARDS,
    HIGH_THRESHOLD,
    LOW_THRESHOLD,
    TRIO_BONUS,
    TRIO_VALUES,
)
from rules.money.scoring import currency_points

# Per card id: (currency or "" for coins and bluff cards, face value, trio slot or -1).
_TRIO_SLOT = {value: slot for slot, value in enumerate(TRIO_VALUES)}
_FACTS: dict[int, tuple[str, int, int]] = {
    cid: (card.currency or "", card.value, _TRIO_SLOT.get(card.value, -1) if card.currency else -1)
    for cid, card in CARDS.items()
}


@dataclass(frozen=True)
class Weights:
    """The valuation's tunable numbers (the defaults are what the bot plays)."""

    progress_at_100: float = 75.0  # smooth worth of a currency total of exactly 100
    pair_chance: float = 0.35  # chance credited to completing a trio from two of its notes
    single_chance: float = 0.05  # the same from one note
    rounds_for_full_outlook: float = 4.0  # rounds still to play at which progress counts fully
    cards_per_round: float = 5.0  # deck cards a round uses up, to estimate the rounds left


DEFAULT_WEIGHTS = Weights()


def outlook(deck_count: int, final_round: bool, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """How much unfinished progress counts, from 0 (final round: exact score) to 1."""
    if final_round:
        return 0.0
    rounds_left = 1.0 + deck_count / weights.cards_per_round
    return min(1.0, rounds_left / weights.rounds_for_full_outlook)


def smooth_worth(total: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """A currency total's worth when there is plenty of hand left: convex up to 200."""
    mid = weights.progress_at_100
    if total <= LOW_THRESHOLD:
        return mid * total / LOW_THRESHOLD
    if total < HIGH_THRESHOLD:
        return mid + (HIGH_THRESHOLD - mid) * (total - LOW_THRESHOLD) / LOW_THRESHOLD
    return float(total)


def currency_worth(total: int, look: float, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """Exact points of a currency total blended with its smooth worth by the outlook."""
    exact = currency_points(total)
    if look <= 0.0 or total >= HIGH_THRESHOLD:
        return float(exact)
    return exact + look * (smooth_worth(total, weights) - exact)


def trio_worth(count: int, look: float, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """Worth of holding `count` of the three 20s (or 30s) of one currency."""
    if count >= 3:
        return float(TRIO_BONUS)
    chance = weights.pair_chance if count == 2 else weights.single_chance if count == 1 else 0.0
    return look * chance * TRIO_BONUS


class Holdings:
    """A hand summed up per currency, so that the worth of small changes to it comes quickly."""

    def __init__(
        self, cards: Iterable[int], look: float, weights: Weights = DEFAULT_WEIGHTS
    ) -> None:
        self.look = look
        self.weights = weights
        self.totals: dict[str, int] = {}
        self.trios: dict[tuple[str, int], int] = {}
        self._currency_cache: dict[int, float] = {}
        coins = 0
        for cid in cards:
            currency, value, slot = _FACTS[cid]
            if not currency:
                coins += value
                continue
            self.totals[currency] = self.totals.get(currency, 0) + value
            if slot >= 0:
                self.trios[(currency, slot)] = self.trios.get((currency, slot), 0) + 1
        self.worth = coins + sum(self._currency(t) for t in self.totals.values())
        self.worth += sum(trio_worth(n, look, weights) for n in self.trios.values())

    def _currency(self, total: int) -> float:
        found = self._currency_cache.get(total)
        if found is None:
            found = self._currency_cache[total] = currency_worth(total, self.look, self.weights)
        return found

    def change(self, add: Iterable[int] = (), remove: Iterable[int] = ()) -> float:
        """How much the worth changes when `add` joins the hand and `remove` (held) leaves it."""
        totals: dict[str, int] = {}
        trios: dict[tuple[str, int], int] = {}
        result = 0.0
        for sign, cards in ((1, add), (-1, remove)):
            for cid in cards:
                currency, value, slot = _FACTS[cid]
                if not currency:
                    result += sign * value
                    continue
                totals[currency] = totals.get(currency, 0) + sign * value
                if slot >= 0:
                    trios[(currency, slot)] = trios.get((currency, slot), 0) + sign
        for currency, delta in totals.items():
            held = self.totals.get(currency, 0)
            result += self._currency(held + delta) - self._currency(held)
        for key, delta in trios.items():
            held = self.trios.get(key, 0)
            look, weights = self.look, self.weights
            result += trio_worth(held + delta, look, weights) - trio_worth(held, look, weights)
        return result


def worth(cards: Iterable[int], look: float, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """What holding `cards` at the end of the hand is worth (exact score when `look` is 0)."""
    return Holdings(cards, look, weights).worth


def face(cards: Iterable[int]) -> int:
    """The face value of cards (their bid total)."""
    return sum(_FACTS[c][1] for c in cards)


def marginal_rate(holdings: Holdings, pool: Iterable[int]) -> float:
    """What one face point of a card drawn from `pool` adds to the holdings on average."""
    cache: dict[tuple[str, int], float] = {}
    gained = points = 0.0
    for cid in pool:
        currency, value, _ = _FACTS[cid]
        key = (currency, value)
        if key not in cache:
            cache[key] = holdings.change(add=(cid,))
        gained += cache[key]
        points += value
    return gained / points if points else 0.0
