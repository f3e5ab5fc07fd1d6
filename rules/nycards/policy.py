"""The standard bot's judgement (`rules.nycards.bot`) on the fast simulator, for the strong
bot's playouts (the rivals' moves; its own seat plays `rules.nycards.keen`) and root
candidates: the same worth for every buy, take and `end`, computed from a `NycardsSim` with
integer moves instead of a view and action texts.

Only the tie-break differs: the standard bot breaks ties by its seed, unknown to a searcher,
so `standard_move` draws among the tied moves. What the payment of a buy is (the first of the
minimal payments, exact first) and whether a hand could pay a building exactly (some of its
cards of the slot's currency add up to the price) are the bot's.
"""

from __future__ import annotations

import random

from rules.nycards.bot import majority_chance
from rules.nycards.components import BUILDINGS, SCORING_TABLE, TYPE_IDS
from rules.nycards.legal import ranked_payments
from rules.nycards.sim import (
    BUY,
    END,
    GIFT,
    KEEP,
    PASS,
    PRICE_OF,
    SHIFT,
    SLOT_OF,
    SLOT_RANGE,
    TYPE_OF,
    VALUE,
    NycardsSim,
    takes,
)

TYPES = len(TYPE_IDS)
# A majority's worth (`bot.building_worth`): a quarter of scoring C's first place per type.
FIRST = [SCORING_TABLE["C"][type_id][0] / 4 for type_id in TYPE_IDS]
FIRST_OF = [FIRST[TYPE_OF[b]] if b in BUILDINGS else 0.0 for b in range(len(TYPE_OF))]


def type_counts(held: list[int]) -> list[int]:
    """How many buildings of each type (by index) a participant holds."""
    counts = [0] * TYPES
    for b in held:
        counts[TYPE_OF[b]] += 1
    return counts


def building_worth(sim: NycardsSim, seat: int, building: int) -> float:
    """`bot.building_worth`: one more building of this type for `seat`, by majority chances."""
    type_index = TYPE_OF[building]
    mine = 1
    for b in sim.buildings[seat]:
        if TYPE_OF[b] == type_index:
            mine += 1
    best_other = 0
    rivals = [held for s, held in enumerate(sim.buildings) if s != seat]
    if sim.dirk:
        rivals.append(sim.dirk_buildings)
    for held in rivals:
        count = 0
        for b in held:
            if TYPE_OF[b] == type_index:
                count += 1
        if count > best_other:
            best_other = count
    return FIRST_OF[building] * majority_chance(mine, best_other)


def gift_choice(sim: NycardsSim, seat: int) -> int:
    """`bot._gift_choice`: give the pending building to Dirk only when keeping it gains
    nothing and Dirk taking it denies the rival a majority."""
    assert sim.pending is not None
    building = sim.pending[0]
    if building_worth(sim, seat, building) >= 1.0:
        return KEEP
    type_index = TYPE_OF[building]
    other = next(s for s in range(sim.players) if s != seat)
    theirs = type_counts(sim.buildings[other])[type_index]
    dirks = type_counts(sim.dirk_buildings)[type_index] + 1
    return GIFT if dirks >= theirs > 0 else KEEP


_PAYS: dict[tuple[tuple[int, ...], int], tuple[int, int]] = {}


def first_payment(own: tuple[int, ...], price: int) -> tuple[int, int]:
    """The overpayment and card mask (above `SHIFT`) of the first minimal payment of `price`
    from these cards of one currency (sorted by id): the standard bot's payment (cached)."""
    key = (own, price)
    found = _PAYS.get(key)
    if found is None:
        over, pay = ranked_payments(own, price, 1)[0]
        mask = 0
        for c in pay:
            mask |= 1 << c
        found = (over, mask << SHIFT)
        if len(_PAYS) > 200_000:
            _PAYS.clear()
        _PAYS[key] = found
    return found


def _reach(values: list[int]) -> int:
    """The sums some of these values make, as bits (bit n: some subset adds up to n)."""
    reach = 1
    for v in values:
        reach |= reach << v
    return reach


def options(sim: NycardsSim, seat: int) -> list[tuple[float, int]]:
    """Every move the standard bot weighs, with its worth (`bot.bot_action`): each affordable
    building bought with its first minimal payment, each take, and `end` in an extra action.
    Empty while a keep/gift is pending or when nothing is possible (then: `pass`)."""
    hand = sim.hands[seat]
    purse = sim.purse[seat]
    yard = sim.yard
    found: list[tuple[float, int]] = []
    by_slot: list[list[int]] = [[] for _ in SLOT_RANGE]
    for c in hand:
        by_slot[SLOT_OF[c]].append(c)
    prices = [PRICE_OF[b] for b in yard]
    for slot in SLOT_RANGE:
        if purse[slot] < prices[slot]:
            continue
        building = yard[slot]
        assert building is not None
        over, mask = first_payment(tuple(by_slot[slot]), prices[slot])
        worth = 2.5 if over == 0 else -0.7 * over
        found.append((building_worth(sim, seat, building) + worth, mask | slot << 4 | BUY))
    display = sim.display
    if display:
        reach = [_reach([VALUE[c] for c in group]) for group in by_slot]
        exact_now = [reach[s] >> prices[s] & 1 for s in SLOT_RANGE]  # 0 for an empty slot
        for move in takes(tuple(display)):
            mask = move >> SHIFT
            total = 0
            grown: dict[int, int] = {}
            for c in display:
                if mask >> c & 1:
                    v = VALUE[c]
                    total += v
                    s = SLOT_OF[c]
                    r = grown.get(s, reach[s])
                    grown[s] = r | r << v
            gain = 0
            for s, r in grown.items():
                gain += (r >> prices[s] & 1) - exact_now[s]
            found.append((1.0 + 0.3 * total + 1.5 * gain, move))
    if sim.actions > 0:
        found.append((0.0, END))
    return found


def standard_move(sim: NycardsSim, seat: int, rng: random.Random) -> int:
    """The standard bot's move (ties drawn at random)."""
    if sim.pending is not None:
        return gift_choice(sim, seat)
    found = options(sim, seat)
    if not found:
        return PASS
    best = max(w for w, _ in found)
    ties = [m for w, m in found if w == best]
    return ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]


def ranked(sim: NycardsSim, seat: int) -> list[int]:
    """The standard bot's moves, best first (keep/gift: its choice first)."""
    if sim.pending is not None:
        first = gift_choice(sim, seat)
        return [first, GIFT if first == KEEP else KEEP]
    found = options(sim, seat)
    if not found:
        return [PASS]
    found.sort(key=lambda item: -item[0])
    return [m for _, m in found]
