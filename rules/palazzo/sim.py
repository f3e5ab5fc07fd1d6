"""The Palazzo simulator for search: its engine run in place with int moves (`rules.inplace`),
with random moves sampled instead of listed.

The engine's `play` changes one state in place (no copy, no text parsing after an action's
first sight); `legal` lists what the engine lists. `random_move` does not list: it draws a kind
of move, then one move of that kind (a purchase or a bid paid with a random legal payment,
`sampled_payment`; a rebuild paid with any card of the hand; any money pick), since listing
every payment was two thirds of a random game's time. Checked against the engine by
`tests/rules/test_palazzo_sim.py` (every sampled move must be legal there).
"""

from __future__ import annotations

import random

from rules.inplace import EngineSim, InPlaceSim
from rules.palazzo import actions, engine, outcome
from rules.palazzo.components import CURRENCIES, MONEY
from rules.palazzo.engine import (
    bid_to_beat,
    build_moves,
    can_buy,
    can_raise,
    can_take_money,
    price,
    rebuild_moves,
)
from rules.palazzo.payment import cheapest


def _cards(verb: str, ids: list[int]) -> str:
    return f"{verb} {','.join(map(str, ids))}"


def sampled_payment(
    hand: list[int], need: int, currency: str | None, rng: random.Random
) -> list[int] | None:
    """A legal payment from `hand` worth at least `need` with single cards of `currency` (any
    one currency when None): single cards of a random currency and certificates, in random
    order until their face values reach `need` (every card is worth at least its face value in
    such a payment); when no currency reaches it so, the cheapest payment (with groups)."""
    options = [currency] if currency is not None else list(CURRENCIES)
    rng.shuffle(options)
    for single in options:
        pool = [c for c in hand if MONEY[c].currency in (single, None)]
        if sum(MONEY[c].value for c in pool) < need:
            continue
        rng.shuffle(pool)
        paid, total = [], 0
        for card in pool:
            paid.append(card)
            total += MONEY[card].value
            if total >= need:
                return sorted(paid)
    return cheapest(hand, need, currency)


class PalazzoSim(InPlaceSim):
    """A Palazzo game in play whose random moves are sampled (see the module)."""

    __slots__ = ()

    def random_move(self, seat: int, rng: random.Random) -> int:
        """A random legal move: a kind of move uniformly, then one move of that kind."""
        return self.table.intern(self._random_text(seat, rng))

    def _random_text(self, seat: int, rng: random.Random) -> str:
        state = self.state
        phase, hand = state["phase"], state["hands"][seat]
        if phase == "turn":
            kinds = ["tiles"]
            if can_take_money(state):
                kinds.append("money")
            if hand and any(state["palazzi"][seat]):
                kinds.append("rebuild")
            kind = kinds[rng.randrange(len(kinds))]
            return f"rebuild {hand[rng.randrange(len(hand))]}" if kind == "rebuild" else kind
        if phase == "pick":
            need = 2 if seat == state["active"] else 1
            return _cards("pick", sorted(rng.sample(state["display"], need)))
        if phase == "acquire":
            if rng.random() < 0.5 or not can_buy(state, seat):
                return "auction"
            warehouse, cost = state["warehouse"], price(state)
            two = None
            if len(warehouse) > 1 and rng.random() < 0.5:
                two = sampled_payment(hand, 2 * cost, None, rng)
            if two is not None:
                return _cards("buy", [*rng.sample(warehouse, 2), *two])
            one = sampled_payment(hand, cost, None, rng)
            assert one is not None  # can_buy: the hand pays one tile
            return _cards("buy", [warehouse[rng.randrange(len(warehouse))], *one])
        if phase == "auction":
            if rng.random() < 0.5 or not can_raise(state, seat):
                return "pass"
            offer = state["auction"]["offers"][seat] or {"total": 0, "currency": None}
            need = bid_to_beat(state) + 1 - offer["total"]
            cards = sampled_payment(hand, need, offer["currency"], rng)
            assert cards is not None  # can_raise: the hand lifts the bid
            return _cards("bid", cards)
        if phase == "build":
            moves = build_moves(state["palazzi"][seat], state["pending"]["tiles"])
        else:
            moves = rebuild_moves(state["palazzi"][seat])
        return moves[rng.randrange(len(moves))]


SIM = EngineSim(actions, engine, outcome, PalazzoSim)
