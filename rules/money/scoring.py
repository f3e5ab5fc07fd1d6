"""Scoring a Money hand (money.md, "Scoring"): thresholds per currency, trio bonuses, coins."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.money.components import (
    CARDS,
    HIGH_THRESHOLD,
    LOW_THRESHOLD,
    TRIO_BONUS,
    TRIO_VALUES,
)


def currency_points(total: int) -> int:
    """Points for one currency's total: below 100 → 0, 100–199 → total − 100, 200+ → total."""
    if total < LOW_THRESHOLD:
        return 0
    if total < HIGH_THRESHOLD:
        return total - LOW_THRESHOLD
    return total


def score_cards(card_ids: Iterable[int]) -> dict[str, Any]:
    """The score of the cards in a hand, with its breakdown.

    Returns {"currencies": {code: {"total", "points"}}, "trios": [[code, value], ...],
    "trio_points", "coins", "coin_points", "total"}. Bluff cards count nothing.
    """
    totals: dict[str, int] = {}
    counts: dict[tuple[str, int], int] = {}
    coins = coin_points = 0
    for cid in card_ids:
        c = CARDS[cid]
        if c.kind == "coin":
            coins += 1
            coin_points += c.value
        elif c.currency is not None:  # a note
            totals[c.currency] = totals.get(c.currency, 0) + c.value
            counts[(c.currency, c.value)] = counts.get((c.currency, c.value), 0) + 1
    trios = sorted(
        [code, value] for (code, value), n in counts.items() if n >= 3 and value in TRIO_VALUES
    )
    currencies = {
        code: {"total": tot, "points": currency_points(tot)} for code, tot in sorted(totals.items())
    }
    trio_points = TRIO_BONUS * len(trios)
    total = sum(c["points"] for c in currencies.values()) + trio_points + coin_points
    return {
        "currencies": currencies,
        "trios": trios,
        "trio_points": trio_points,
        "coins": coins,
        "coin_points": coin_points,
        "total": total,
    }
