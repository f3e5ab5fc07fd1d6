"""The purchase as one action: a pick of the money cards that can pay a market building.

The pick's items are the seat's cards of every bank whose market space holds a building they
can pay; its suggestions are the minimal payments (exact ones first, then by overpayment). A
chosen set of cards names its space by their bank, so the finished action is the one-step form
`buy 2 3,17` (the rules check it again: one bank, enough money).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.contract import Pick, State
from rules.newyork.components import BANKS, MONEY, TILES
from rules.newyork.payment import payments

SUGGESTIONS = 10  # suggested payments at most


@dataclass(frozen=True)
class BuyPick(Pick):
    """A `buy` pick whose action names the market space of the chosen cards' bank."""

    def action(self, chosen: list[int] | tuple[int, ...]) -> str:
        """`buy {space} {cards}`; `buy` alone (refused as malformed) when nothing is chosen."""
        cards = list(chosen)
        if not cards:
            return "buy"
        first = MONEY.get(cards[0])
        space = BANKS.index(first.bank) + 1 if first is not None else 1
        return f"buy {space} {','.join(map(str, cards))}"


def buy_pick(state: State, seat: int) -> BuyPick | None:
    """The seat's purchase pick while it acts; None when its money can pay no market building."""
    hand = state["hands"][seat]
    items: list[int] = []
    found: list[tuple[int, int, int, tuple[int, ...]]] = []
    for slot, tile in enumerate(state["market"]):
        if tile is None:
            continue
        own = [c for c in hand if MONEY[c].bank == BANKS[slot]]
        price = TILES[tile].price
        if sum(MONEY[c].value for c in own) < price:
            continue
        items += own
        for pay in payments(own, price):
            over = sum(MONEY[c].value for c in pay) - price
            found.append((over, len(pay), slot, pay))
    if not items:
        return None
    found.sort()
    suggestions = tuple(pay for *_, pay in found[:SUGGESTIONS])
    return BuyPick("buy", tuple(sorted(items)), 1, len(items), suggestions)
