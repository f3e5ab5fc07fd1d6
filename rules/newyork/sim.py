"""The tile game's simulator for search: its engine run in place with int moves
(`rules.inplace`), with random moves sampled instead of listed.

The engine's `play` changes one state in place (no copy, no text parsing after an action's
first sight); `legal` lists what the engine lists. `random_move` does not list every move: it
draws a kind of action (a take or a purchase, a redesign first only now and then: listing them
is costly and random games full of them are long; a placement while placing), then one action
of that kind (a purchase paid with random cards of the space's bank until the price is
reached; overpaying is allowed); `end` only when no kind has a move, as the rules require.
Listing every payment and redesign was most of a random game's time. Checked against the
engine by `tests/rules/test_newyork_sim.py` (every sampled move must be legal there).
"""

from __future__ import annotations

import random

from rules.inplace import EngineSim, InPlaceSim
from rules.newyork import actions, engine, outcome
from rules.newyork.components import BANKS, MONEY, TILES
from rules.newyork.engine import (
    affordable_slots,
    bank_of,
    place_moves,
    redesign_moves,
    take_options,
)

REDESIGN_FIRST = 0.1  # how often a random action tries a redesign first (else last)


def _cards(ids: list[int]) -> str:
    return ",".join(map(str, sorted(ids)))


class NewyorkSim(InPlaceSim):
    """A tile game in play whose random moves are sampled (see the module)."""

    __slots__ = ()

    def random_move(self, seat: int, rng: random.Random) -> int:
        """A random legal move: a kind of action, then one action of that kind."""
        return self.table.intern(self._random_text(seat, rng))

    def _random_text(self, seat: int, rng: random.Random) -> str:
        state = self.state
        if state["phase"] == "place":
            moves = place_moves(state, seat)
            return moves[rng.randrange(len(moves))]
        hand = state["hands"][seat]
        paying = state["paying"]
        if paying is not None:  # paying step by step (games begun with `buy N`)
            own = [c for c in hand if bank_of(c) == BANKS[paying["slot"]]]
            if not own or rng.random() < 0.5:
                return "back"
            return "pay " + _cards(rng.sample(own, rng.randint(1, len(own))))
        kinds = ["take", "buy"]
        rng.shuffle(kinds)
        if rng.random() < REDESIGN_FIRST:
            kinds.insert(0, "redesign")
        else:
            kinds.append("redesign")
        for kind in kinds:
            if kind == "take" and state["display"]:
                takes = take_options(state["display"])
                return "take " + _cards(takes[rng.randrange(len(takes))])
            if kind == "buy":
                slots = affordable_slots(state, seat)
                if slots:
                    return self._random_buy(hand, slots[rng.randrange(len(slots))], rng)
            if kind == "redesign":
                moves = redesign_moves(state, seat)
                if moves:
                    return moves[rng.randrange(len(moves))]
        return "end"

    def _random_buy(self, hand: list[int], slot: int, rng: random.Random) -> str:
        """`buy` of market space `slot` paid with its bank's cards in random order until the
        price is reached (the space was chosen because the hand can pay it)."""
        state = self.state
        own = [c for c in hand if bank_of(c) == BANKS[slot]]
        rng.shuffle(own)
        price = TILES[state["market"][slot]].price
        paid, total = [], 0
        for card in own:
            paid.append(card)
            total += MONEY[card].value
            if total >= price:
                break
        return f"buy {slot + 1} {_cards(paid)}"


SIM = EngineSim(actions, engine, outcome, NewyorkSim)
