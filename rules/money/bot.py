"""Money's bot player: plays from its own seat's view only, deterministically.

Worth comes from `rules.money.valuation`: exact score in the final round, credit for progress
towards thresholds and trios before it. On top of that worth, every card that changes hands
counts a little by its face value (`face_weight`): money taken is money no rival gets, money
left on the table is money a rival may take.

Exchange: take the row or bid that leaves the hand worth most, else pass.

Bid: for a set of candidate bids, estimate where the bid's total places the bot in the exchange
order (rivals' bids drawn from a fixed spread of totals), what the rows it would then find are
worth to it (rivals ahead take rows and leave their bids in their place), against what the
cards bid are worth to it. Bid the best; when nothing is worth bidding for, offer the card the
hand misses least, or the bluff card when every card matters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations
from math import comb

from rules.contract import View
from rules.money.components import CARDS, VALUE_CARD_IDS, bluff_id
from rules.money.valuation import (
    DEFAULT_WEIGHTS,
    Holdings,
    Weights,
    face,
    marginal_rate,
    outlook,
)

# A rival's bid total and how often it is that (a broad prior: the bot has no memory of past
# rounds, and its rivals may be people or other bots).
RIVAL_BIDS: tuple[tuple[int, float], ...] = (
    (0, 0.06),
    (20, 0.07),
    (30, 0.10),
    (40, 0.13),
    (50, 0.15),
    (60, 0.17),
    (70, 0.08),
    (80, 0.08),
    (90, 0.05),
    (100, 0.05),
    (120, 0.04),
    (150, 0.02),
)

# Candidate bids: this many single cards, pairs and triples among this many, cheapest first.
SINGLES, PAIRS_AMONG, TRIPLES_AMONG = 8, 6, 5


@dataclass(frozen=True)
class Tuning:
    """The bot's tunable numbers (the defaults are what it plays)."""

    weights: Weights = DEFAULT_WEIGHTS
    face_weight: float = 0.4  # worth of a face point changing hands, beyond the bot's own use
    richer_row_taken: float = 0.8  # chance a rival ahead takes the row of more face value
    min_gain: float = 10.0  # a bid expected to gain no more than this is not worth making
    bluff_above: float = 30.0  # then bluff if the cheapest card is worth more than this to keep
    rival_bids: tuple[tuple[int, float], ...] = RIVAL_BIDS
    stall_round: int = 40  # from this round on, take a row rather than pass


DEFAULT_TUNING = Tuning()


@dataclass
class BidContext:
    """What the bot knows when it bids: its cards (without the bluff card), the rows, its odds."""

    hand: list[int]
    holdings: Holdings
    rows: list[list[int]]
    rivals: int
    rate: float  # worth to the bot of a face point of unseen cards
    tuning: Tuning
    _positions: dict[int, dict[frozenset[int], float]] = field(default_factory=dict)

    def loss(self, cards: tuple[int, ...] | list[int]) -> float:
        """What the hand's worth falls by without these cards."""
        return -self.holdings.change(remove=cards)

    def positions(self, total: int) -> dict[frozenset[int], float]:
        """For a bid of `total`: the chance of each set of rows that rivals acting first will
        have replaced by their bids (cached per total)."""
        if total not in self._positions:
            self._positions[total] = _replacement_odds(
                [face(row) for row in self.rows], total, self.rivals, self.tuning
            )
        return self._positions[total]


# ---------------------------------------------------------------- the exchange


def _exchange_action(view: View, tuning: Tuning) -> str:
    """The row, bid or pass that leaves the hand worth most (with face value as a tie-break)."""
    seat = view["seat"]
    look = outlook(view["deck_count"], view["final_round"], tuning.weights)
    holdings = Holdings(view["hand"], look, tuning.weights)
    mine = view["seats"][seat]["table"] or []

    def value(cards: list[int]) -> float:
        return holdings.change(add=cards) + tuning.face_weight * face(cards)

    options = [(f"row {r}", view["rows"][r]) for r in ("left", "right") if view["rows"][r]]
    options += [(f"take {s}", view["seats"][s]["table"]) for s in view["order"] if s != seat]
    best_action, best_value = "pass", value(mine)
    if view["round"] >= tuning.stall_round and options:
        best_value = float("-inf")  # a table that keeps passing must run the deck down
    for action, cards in options:
        v = value(cards)
        if v > best_value:
            best_action, best_value = action, v
    return best_action


# ---------------------------------------------------------------- bidding


def _unseen(view: View) -> list[int]:
    """Value cards of this hand the bot cannot see: in the deck, other hands or secret bids."""
    seen = set(view["hand"]) | set(view["rows"]["left"]) | set(view["rows"]["right"])
    in_play = set(view["currencies"])
    return [
        cid
        for cid in VALUE_CARD_IDS
        if cid not in seen and (CARDS[cid].kind == "coin" or CARDS[cid].currency in in_play)
    ]


def _candidate_bids(me: BidContext) -> list[tuple[int, ...]]:
    """Single cards and small sets drawn from the cards the hand misses least per face point
    (a card the hand needs is rarely worth bidding)."""
    loss = {c: me.loss((c,)) for c in me.hand}
    cheap = sorted(me.hand, key=lambda c: (loss[c] / CARDS[c].value, -CARDS[c].value, c))
    bids: set[tuple[int, ...]] = {(c,) for c in cheap[:SINGLES]}
    for size, among in ((2, PAIRS_AMONG), (3, TRIPLES_AMONG)):
        bids.update(tuple(sorted(group)) for group in combinations(cheap[:among], size))
    bids.update(tuple(sorted(cheap[:size])) for size in (4, 5) if size <= len(cheap))
    return sorted(bids)


@cache
def _ahead_chance(total: int, rival_bids: tuple[tuple[int, float], ...]) -> float:
    """Chance one rival acts before a bid of `total` (equal totals: half, by serial)."""
    chance = 0.0
    for bid, weight in rival_bids:
        if bid > total:
            chance += weight
        elif bid == total:
            chance += weight / 2
    return chance / sum(w for _, w in rival_bids)


@cache
def _mean_above(total: int, rival_bids: tuple[tuple[int, float], ...]) -> float:
    """The average rival bid among those above `total` (what a rival ahead leaves in a row)."""
    above = [(bid, w) for bid, w in rival_bids if bid > total]
    weight = sum(w for _, w in above)
    return sum(b * w for b, w in above) / weight if weight else total + 20.0


def _replacement_odds(
    faces: list[int], total: int, rivals: int, tuning: Tuning
) -> dict[frozenset[int], float]:
    """The chance of each set of rows replaced before the bot acts (see `_odds`; remembered:
    search playouts ask for the same rows and totals over and over)."""
    return _odds(tuple(faces), total, rivals, tuning)


@lru_cache(maxsize=50_000)
def _odds(
    faces: tuple[int, ...], total: int, rivals: int, tuning: Tuning
) -> dict[frozenset[int], float]:
    """The chance of each set of rows replaced before the bot acts, for a bid of `total`.

    Each rival bids independently from `tuning.rival_bids`; each one ahead of the bot takes the
    row of most face value with chance `richer_row_taken` (else the other) and leaves its bid
    (of the average total above the bot's) in that row's place."""
    ahead_one = _ahead_chance(total, tuning.rival_bids)
    left_face = _mean_above(total, tuning.rival_bids)
    odds: dict[frozenset[int], float] = {}
    states: dict[frozenset[int], float] = {frozenset(): 1.0}
    for ahead in range(rivals + 1):
        chance = comb(rivals, ahead) * ahead_one**ahead * (1 - ahead_one) ** (rivals - ahead)
        for replaced, p in states.items():
            odds[replaced] = odds.get(replaced, 0.0) + chance * p
        states = _one_more_rival(states, list(faces), left_face, tuning.richer_row_taken)
    return odds


def _one_more_rival(
    states: dict[frozenset[int], float], faces: list[int], left_face: float, richer: float
) -> dict[frozenset[int], float]:
    """The replaced-row sets after one more rival takes a row (see `_replacement_odds`)."""
    following: dict[frozenset[int], float] = {}
    for replaced, p in states.items():
        now = [left_face if i in replaced else f for i, f in enumerate(faces)]
        order = sorted(range(len(faces)), key=lambda i: -now[i])
        picks = [(order[0], richer), (order[1], 1.0 - richer)] if len(order) > 1 else []
        picks = picks or [(i, 1.0) for i in order]
        for index, weight in picks:
            key = replaced | {index}
            following[key] = following.get(key, 0.0) + p * weight
    return following


def _expected_gain(me: BidContext, bid: tuple[int, ...]) -> float:
    """What bidding `bid` is expected to gain over keeping the hand as it is (passing: 0)."""
    fw = me.tuning.face_weight
    total = face(bid)
    gains = [me.holdings.change(add=row, remove=bid) + fw * (face(row) - total) for row in me.rows]
    left_face = _mean_above(total, me.tuning.rival_bids)
    replaced = me.rate * left_face - me.loss(bid) + fw * (left_face - total)
    expected = 0.0
    for taken, chance in me.positions(total).items():
        best = max([0.0, *(replaced if i in taken else g for i, g in enumerate(gains))])
        expected += chance * best
    return expected


def _fallback_bid(me: BidContext, bluff: int) -> str:
    """Nothing is worth bidding for: the card the hand misses least, or the bluff card."""
    loss = {c: me.loss((c,)) for c in me.hand}
    card = min(me.hand, key=lambda c: (loss[c], CARDS[c].value, c))
    if loss[card] > me.tuning.bluff_above:
        return f"bid {bluff}"
    return f"bid {card}"


def bid_gains(view: View, tuning: Tuning = DEFAULT_TUNING) -> list[tuple[tuple[int, ...], float]]:
    """Every candidate bid of the seat (bluff card left out) with its expected gain, in the
    order they are tried (what the strong bot's search picks its bids from)."""
    hand = [c for c in view["hand"] if c != bluff_id(view["seat"])]
    if not hand:
        return []
    me = _context(view, hand, tuning)
    return [(bid, _expected_gain(me, bid)) for bid in _candidate_bids(me)]


def _context(view: View, hand: list[int], tuning: Tuning) -> BidContext:
    look = outlook(view["deck_count"], view["final_round"], tuning.weights)
    holdings = Holdings(hand, look, tuning.weights)
    rows = [view["rows"][r] for r in ("left", "right") if view["rows"][r]]
    rate = marginal_rate(holdings, _unseen(view))
    return BidContext(hand, holdings, rows, view["players"] - 1, rate, tuning)


def _bid_action(view: View, tuning: Tuning) -> str:
    """The bid with the best expected gain (see the module docstring)."""
    seat = view["seat"]
    bluff = bluff_id(seat)
    hand = [c for c in view["hand"] if c != bluff]
    if not hand:
        return f"bid {bluff}"
    me = _context(view, hand, tuning)
    best_gain, best_bid = tuning.min_gain, None
    for bid in _candidate_bids(me):
        gain = _expected_gain(me, bid)
        if gain > best_gain:
            best_gain, best_bid = gain, bid
    if best_bid is None:
        return _fallback_bid(me, bluff)
    return "bid " + ",".join(str(c) for c in best_bid)


def decide(view: View, tuning: Tuning = DEFAULT_TUNING) -> str:
    """The bot's action with the given tuning (`bot_action` plays the default)."""
    if view["seat"] not in view["to_act"]:
        raise ValueError("the bot's seat does not have to act")
    if view["phase"] == "bid":
        return _bid_action(view, tuning)
    return _exchange_action(view, tuning)


def bot_action(view: View, seed: int) -> str:
    """A legal, sensible action for the seat whose view this is (the seed is not needed: the
    bot's choice depends on its view alone)."""
    return decide(view)
