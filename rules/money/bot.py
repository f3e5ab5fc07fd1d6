"""Money's bot player: a greedy evaluator that plays from its own seat's view only.

It values a collection of cards by what it would score, with credit for progress towards the
100 and 200 thresholds and towards trios (exact scores in the final round). In the exchange it
takes whatever adds most to its hand; when bidding it offers the cards that cost it least for
the total they bring, sized to win the row worth most to it, or bluffs when nothing is worth it.
Before the final round, one bid in four (drawn from the seed) is the cheapest card alone, so a
table of bots cannot bid and pass the same way forever.
"""

from __future__ import annotations

from collections import Counter

from rules import rng as rngmod
from rules.contract import View
from rules.money.components import CARDS, LOW_THRESHOLD, TRIO_VALUES, bluff_id
from rules.money.scoring import currency_points, score_cards


def estimate(cards: list[int], final: bool) -> float:
    """Expected worth of holding `cards` at the end of the hand (exact when `final`)."""
    if final:
        return float(score_cards(cards)["total"])
    totals: Counter[str] = Counter()
    pairs: Counter[tuple[str, int]] = Counter()
    worth = 0.0
    for cid in cards:
        c = CARDS[cid]
        if c.kind == "coin":
            worth += c.value
        elif c.kind == "note":
            totals[c.currency] += c.value
            pairs[(c.currency, c.value)] += 1
    for total in totals.values():
        # Progress credit: money below a threshold is worth about half its face value.
        worth += max(currency_points(total), 0.55 * total if total < LOW_THRESHOLD else total - 60)
    for (_, value), count in pairs.items():
        if value in TRIO_VALUES:
            worth += 100 if count >= 3 else (35 if count == 2 else 0)
    return worth


def _exchange_action(view: View) -> str:
    seat, final = view["seat"], view["final_round"]
    hand = view["hand"]
    mine = view["seats"][seat]["table"] or []
    options: list[tuple[float, str]] = [(estimate(hand + mine, final), "pass")]
    for row in ("left", "right"):
        cards = view["rows"][row]
        if cards:
            options.append((estimate(hand + cards, final), f"row {row}"))
    for other in view["order"]:
        if other != seat:
            options.append((estimate(hand + view["seats"][other]["table"], final), f"take {other}"))
    return max(options, key=lambda o: o[0])[1]


def _bid_action(view: View, seed: int) -> str:
    seat, final = view["seat"], view["final_round"]
    hand = [c for c in view["hand"] if c != bluff_id(seat)]
    if not hand:
        return f"bid {bluff_id(seat)}"
    base = estimate(hand, final)
    gains = [
        estimate(hand + view["rows"][r], final) - base for r in ("left", "right") if view["rows"][r]
    ]
    best_gain = max(gains, default=0.0)
    rows_total = max(sum(CARDS[c].value for c in view["rows"][r]) for r in ("left", "right"))

    # Cards ordered by what losing them costs per point of bid they bring.
    def cost_of(cid: int) -> float:
        rest = [c for c in hand if c != cid]
        return (base - estimate(rest, final)) / CARDS[cid].value

    probe, _rng = rngmod.below(rngmod.seed_state(seed), 4)
    ordered = sorted(hand, key=lambda c: (cost_of(c), c))
    if probe == 0 and not final:
        # One time in four, offer only the cheapest card: taking a row for it leaves the row
        # short, so the refill runs the deck down even when every bot would rather pass.
        return f"bid {ordered[0]}"
    best_score, best_bid = 0.0, [bluff_id(seat)]
    for size in range(1, min(len(ordered), 5) + 1):
        bid = ordered[:size]
        rest = ordered[size:]
        cost = base - estimate(rest, final)
        total = sum(CARDS[c].value for c in bid)
        # Chance of choosing first grows with the bid against what the rows are worth.
        chance = min(1.0, total / max(40.0, 0.6 * rows_total + 20.0))
        # If outbid, the bid is usually swapped for a row or bid of similar size: lose a third.
        score = chance * (best_gain + total * 0.2) - cost * (0.35 + 0.65 * chance) * 0.9
        if score > best_score:
            best_score, best_bid = score, bid
    return "bid " + ",".join(str(c) for c in sorted(best_bid))


def bot_action(view: View, seed: int) -> str:
    """A legal, sensible action for the seat whose view this is."""
    if view["seat"] not in view["to_act"]:
        raise ValueError("the bot's seat does not have to act")
    if view["phase"] == "bid":
        return _bid_action(view, seed)
    return _exchange_action(view)
