"""The card game's keen policy: the strong bot's first root move and its own seat's playout
policy, on the fast simulator (`rules.nycards.sim`).

- It buys only with an exact payment (which gives another action), unless its hand holds
  `FULL_HAND` cards or more, or the building deck holds `ENDGAME_DECK` or fewer (then a
  building worth more than the overpayment is bought: the money left will buy little more);
  among such purchases the building worth most: the majority points
  one more building of its type adds at every scoring still to come (every participant's
  buildings as they stand, Dirk's too), plus `BASE_WORTH`.
- Otherwise it takes the money worth most: the cards' value, `CARD_WORTH` for each card (many
  small cards make exact payments easier than one large one) and `TAKE_EXACT_WEIGHT` times the
  worth of the yard buildings the take lets its hand pay exactly; on equal worth, more cards.
- With nothing to take it ends an extra action, else buys as the standard bot would
  (`rules.nycards.policy`); keep or gift (two players) is the standard bot's choice.

It reads only the seat's own hand and what is public (the yard, the display, every
participant's buildings, the scorings done), so it decides from the seat's view.

Tuned on the simulator, one keen seat among three standard-policy seats at 4 players
(`policy.standard_move`; seeds 1000–2999, 1,000 or 2,000 games a setting; wins): exact
payments only 28–30 % (overpaying whenever the building is worth it: 12–18 %), with ties to
more cards 33 %, with `CARD_WORTH` 2 34–38 % (0.5–5 and `FULL_HAND` 10–15: within the noise;
weighing buildings by the standard bot's majority chances instead: 33 %). Checked with
`python -m bench.nycards_keen --games 2000 --seed 5000`: 36 % ± 2, the standard bot 24 % ± 2.

The endgame rule (2026-11-24; same setting, win shares ± 95 %): seeds 10000–12999, without it
35.4 % ± 1.7, with `ENDGAME_DECK` 4 / 8 / 12: 39.2 / 39.3 / 39.7 %; seeds 40000–49999: 40.1 %
± 1.0 at 12. Tried and dropped, all within the noise or worse (3,000–6,000 games a setting):
a share of the best rival's gain added to a building's worth (denial, 0.2 / 0.5: −1 point),
the scorings after the next one weighed 0.5–1.5, money valued by its slot's building (−4),
new sums a take lets a currency make (0.1–1: 0 to −1.5), exact buys only with a majority gain
(−2.5), endgame takes valuing the buildings they make affordable, `FULL_HAND` 10, `CARD_WORTH`
1.5 / 2.5, `BASE_WORTH` 3 (−2), `ENDGAME_DECK` 16 / 20, and overpaying all game long at a cost
falling with the deck (17–23 %). With the rule, `python -m bench.nycards_keen --games 2000
--seed 5000`: 39 % ± 2 (the standard bot 24 % ± 2); on the engine in `bench.bots`' 128 games
(`--engine --games 128 --seed 0`): 48 % ± 9, before the rule 42 %.
"""

from __future__ import annotations

import random

from rules.nycards import policy
from rules.nycards.components import TYPE_IDS
from rules.nycards.sim import (
    BUY,
    END,
    PASS,
    PLACES,
    PRICE_OF,
    SHIFT,
    SLOT_OF,
    SLOT_RANGE,
    TYPE_OF,
    VALUE,
    NycardsSim,
    takes,
    type_rows,
)

BASE_WORTH = 1.0  # worth of any building, beside its majority points
FULL_HAND = 12  # a hand this large may overpay
TAKE_EXACT_WEIGHT = 1.0  # share of a building's worth a take gets for letting it be paid exactly
CARD_WORTH = 2.0  # worth of each card a take brings, beside its value
TYPES = len(TYPE_IDS)
# With this many buildings or fewer left in the deck (public), a purchase may overpay when the
# building is worth more than the overpayment: the money left will buy little more.
ENDGAME_DECK = 12
NAMES = ("A", "B", "C")


def remaining(sim: NycardsSim) -> list[str]:
    """The scorings still to come."""
    done = set()
    for item in sim.scorings:
        done.add(item["scoring"] if isinstance(item, dict) else item.which)
    return [name for name in NAMES if name not in done]


def place_points(column: list[int], places: list[int], seat: int) -> int:
    """What `seat` scores for one type with these counts per participant and these places
    (`rules.nycards.scoring.rank`: tied holders share the places they occupy)."""
    mine = column[seat]
    if mine == 0:
        return 0
    place = 0
    for count in sorted({c for c in column if c > 0}, reverse=True):
        if place >= len(places):
            return 0
        tied = column.count(count)
        if count == mine:
            return sum(places[place : place + tied]) // tied
        place += tied
    return 0


def _counts(sim: NycardsSim) -> list[list[int]]:
    """Per participant (the seats, then Dirk when he plays): buildings held per type."""
    holdings = list(sim.buildings)
    if sim.dirk:
        holdings.append(sim.dirk_buildings)
    return type_rows(holdings)


def type_gain(rows: list[list[int]], names: list[str], seat: int, t: int) -> float:
    """The points one more building of type `t` adds to `seat` at the scorings `names`, with
    these counts per participant (`_counts`)."""
    column = [row[t] for row in rows]
    more = column[:]
    more[seat] += 1
    gain = 0
    for name in names:
        places = PLACES[name][t]
        gain += place_points(more, places, seat) - place_points(column, places, seat)
    return float(gain)


def majority_gains(sim: NycardsSim, seat: int) -> list[float]:
    """Per type (by index): the points one more building of it adds to `seat` at the scorings
    still to come, every participant's buildings as they stand."""
    rows, names = _counts(sim), remaining(sim)
    return [type_gain(rows, names, seat, t) for t in range(TYPES)]


def _reach(values: list[int]) -> int:
    """The sums some of these values make, as bits (bit n: some subset adds up to n)."""
    reach = 1
    for v in values:
        reach |= reach << v
    return reach


def keen_move(sim: NycardsSim, seat: int, rng: random.Random | None = None) -> int:
    """The keen policy's move for `seat` (see the module); `rng` is unused (no ties drawn)."""
    if sim.pending is not None:
        return policy.gift_choice(sim, seat)
    hand, purse, yard = sim.hands[seat], sim.purse[seat], sim.yard
    rows, names = _counts(sim), remaining(sim)
    worth = [
        0.0 if b is None else BASE_WORTH + type_gain(rows, names, seat, TYPE_OF[b]) for b in yard
    ]  # per slot: only the yard's types are weighed
    endgame = len(sim.building_deck) <= ENDGAME_DECK
    by_slot: list[list[int]] = [[] for _ in SLOT_RANGE]
    for c in hand:
        by_slot[SLOT_OF[c]].append(c)
    best_buy: tuple[float, int] | None = None
    for slot in SLOT_RANGE:
        price = PRICE_OF[yard[slot]]
        if purse[slot] < price:
            continue
        over, mask = policy.first_payment(tuple(by_slot[slot]), price)
        if over > 0 and len(hand) < FULL_HAND and (not endgame or worth[slot] <= over):
            continue
        value = worth[slot] - over
        if best_buy is None or value > best_buy[0]:
            best_buy = (value, mask | slot << 4 | BUY)
    if best_buy is not None:
        return best_buy[1]
    display = sim.display
    if display:
        return _best_take(display, by_slot, yard, worth)
    if sim.actions > 0:
        return END
    found = policy.options(sim, seat)
    if not found:
        return PASS
    return max(found)[1]


def _best_take(
    display: list[int], by_slot: list[list[int]], yard: list[int | None], worth: list[float]
) -> int:
    """The take worth most (see the module)."""
    prices = [PRICE_OF[b] for b in yard]
    reach = [_reach([VALUE[c] for c in group]) for group in by_slot]
    best: tuple[float, int, int] | None = None
    for move in takes(tuple(display)):
        mask = move >> SHIFT
        total = cards = 0
        grown: dict[int, int] = {}
        for c in display:
            if mask >> c & 1:
                v = VALUE[c]
                total += v
                cards += 1
                s = SLOT_OF[c]
                r = grown.get(s, reach[s])
                grown[s] = r | r << v
        exact = 0.0
        for s, r in grown.items():
            if r >> prices[s] & 1 and not reach[s] >> prices[s] & 1:
                exact += worth[s]
        key = (total + CARD_WORTH * cards + TAKE_EXACT_WEIGHT * exact, cards, move)
        if best is None or key > best:
            best = key
    assert best is not None
    return best[2]
