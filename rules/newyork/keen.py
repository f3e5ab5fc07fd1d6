"""The tile game's keen policy: the standard bot (`rules.newyork.bot`) with a sharper sense of
money, the strong bot's first root move and its own seat's playout policy.

- It buys only with an exact payment (which gives another action), unless its hand is full;
  among such purchases the building worth most: the majority points one more building of its
  type would add at every scoring still to come (rivals' cities as they stand), plus a little.
- Otherwise it builds a reserve tile into the city as the standard bot does, else takes the
  money worth most: its value plus half the worth of the market buildings the take lets its
  hand pay exactly.
- At the very end (at most `ENDGAME_BAG` tiles left in the bag) money left over is worth
  nothing but the market's last buildings: any hand may overpay, and the overpayment costs
  nothing (among purchases the building worth most).
- Placements and step-by-step payments are the standard bot's.

Tuned on 400 seeded games of one keen bot among three standard bots at 4 players (seeds
1000–1399; checked on 5000–5399: 49 % of wins, the standard bot in its seat 25 %); the endgame
rule on 400 games each of seeds 1000, 5000 and 9000 (`python -m bench.newyork_policy`):
49.9 %, 51.8 %, 45.9 % against 49.1 %, 48.9 %, 43.0 % without it. Street worth of a building,
cheap buildings preferred, a smaller full hand, overpaying for a building worth much, other
exact-payment bonuses and take weights, best-street placements and reserve builds: no better
(or the same games) on those seeds.
"""

from __future__ import annotations

from rules.contract import View
from rules.newyork import bot as standard
from rules.newyork.components import BANKS, MONEY, SCORING, TILES
from rules.newyork.engine import take_options
from rules.newyork.scoring import place_points

BASE_WORTH = 1.0  # worth of any building, beside its majority points
EXACT_BONUS = 4.0  # worth of an exact payment's extra action
OVERPAY_COST = 1.0  # cost of each coin overpaid (only with a full hand)
FULL_HAND = 12  # a hand this large may overpay
TAKE_EXACT_WEIGHT = 0.5  # share of a building's worth a take gets for letting it be paid exactly
ENDGAME_BAG = 2  # with at most this many tiles in the bag, any hand overpays at no cost


def _remaining(view: View) -> list[str]:
    done = {result["name"] for result in view["scorings"]}
    return [name for name in ("A", "B", "C") if name not in done]


def majority_gain(view: View, tile: int) -> float:
    """The majority points one more building of `tile`'s type adds at the scorings to come."""
    seat = view["seat"]
    kind = TILES[tile].type
    counts = standard.type_counts_by_player(view, kind)
    more = list(counts)
    more[seat] += 1
    gain = 0.0
    for name in _remaining(view):
        table = SCORING[name][kind]
        gain += place_points(more, table)[seat] - place_points(counts, table)[seat]
    return gain


def worth(view: View, tile: int) -> float:
    """How much the keen policy wants a building (see the module)."""
    return BASE_WORTH + majority_gain(view, tile)


def keen_action(view: View, seed: int) -> str:
    """A legal action for the seat whose view this is (see the module)."""
    if view["phase"] == "place" or view["paying"] is not None:
        return standard.bot_action(view, seed)
    hand = view["hand"]
    endgame = view["bag_count"] <= ENDGAME_BAG
    best: tuple[float, int] | None = None
    for slot, tile in enumerate(view["market"]):
        if tile is None:
            continue
        cards = [c for c in hand if MONEY[c].bank == BANKS[slot]]
        payment = standard.best_payment(cards, TILES[tile].price)
        if payment is None:
            continue
        over = sum(MONEY[c].value for c in payment) - TILES[tile].price
        if over > 0 and len(hand) < FULL_HAND and not endgame:
            continue
        cost = 0.0 if endgame else OVERPAY_COST
        value = worth(view, tile) - cost * over + (EXACT_BONUS if over == 0 else 0)
        if value >= 0 and (best is None or value > best[0]):
            best = (value, slot)
    if best is not None:
        cards = [c for c in hand if MONEY[c].bank == BANKS[best[1]]]
        tile = view["market"][best[1]]
        payment = standard.best_payment(cards, TILES[tile].price) or []
        return f"buy {best[1] + 1} " + ",".join(map(str, payment))
    return _without_buying(view, seed)


def _without_buying(view: View, seed: int) -> str:
    """The standard bot's turn without its purchases: a reserve tile built, else the richest
    take, else its forced action."""
    action = standard.bot_action(view, seed)
    if not action.startswith(("buy", "take")):
        return action
    built = standard.reserve_build(view)
    if built is not None:
        return built
    takes = take_options(view["display"])
    if takes:
        exact = _exact_worths(view, view["hand"])
        best = max(takes, key=lambda combo: _take_value(view, combo, exact))
        return "take " + ",".join(map(str, best))
    return action


def _exact_worths(view: View, hand: list[int], banks: set[str] | None = None) -> list[float]:
    """Per market space (of `banks`, or all): the worth of its building when `hand` can pay it
    exactly, else 0."""
    found = [0.0] * len(view["market"])
    for slot, tile in enumerate(view["market"]):
        if tile is None or (banks is not None and BANKS[slot] not in banks):
            continue
        cards = [c for c in hand if MONEY[c].bank == BANKS[slot]]
        payment = standard.best_payment(cards, TILES[tile].price)
        if payment is not None and sum(MONEY[c].value for c in payment) == TILES[tile].price:
            found[slot] = worth(view, tile)
    return found


def _take_value(view: View, combo: list[int], exact: list[float]) -> tuple[float, int]:
    """A take's money, plus the worth of the buildings it lets the hand pay exactly (`exact`:
    the hand's `_exact_worths` before the take)."""
    money = sum(MONEY[c].value for c in combo)
    banks = {MONEY[c].bank for c in combo}
    after = _exact_worths(view, view["hand"] + list(combo), banks)
    gain = sum(after[s] - exact[s] for s in range(len(after)) if BANKS[s] in banks)
    return money + TAKE_EXACT_WEIGHT * gain, len(combo)
