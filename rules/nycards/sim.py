"""A fast simulator of the New York card game for search: in-place state, integer moves.

The readable engine (`rules.nycards.engine`) stays the reference; this module plays the same
rules (checked by `tests/rules/test_nycards_sim.py`). Nothing here is player-facing.

Moves are ints: `END`, `PASS`, `KEEP`, `GIFT`; a take is `take_move(cards)`, a buy
`buy_move(slot, cards)` (card bit mask above the kind and slot bits). `legal` lists the takes
the reference offers (equal takes once), then the buys the reference suggests (minimal
payments, exact first, at most 20), then `end` / `pass` / `keep` / `gift`.

Speed (`python -m bench.rules_speed`): each seat's money per yard currency is kept up to date
(`purse`), so what a hand can buy is four comparisons; the setup and the discard's reshuffle
run the reference generator inlined (same numbers, no calls per draw); a scoring adds points
only and keeps what it scored, its awards are worked out by `to_state` when asked; the random
policy draws with `random()` alone (no `randrange`, no `shuffle`).
"""

from __future__ import annotations

import random
from itertools import combinations, permutations
from typing import Any

from rules.contract import Choices, State
from rules.nycards.components import (
    BUILDINGS,
    CURRENCY_OF,
    DISPLAY_SIZE,
    SCORING_CARDS,
    SCORING_TABLE,
    SLOT_CURRENCY,
    SLOTS,
    STARTING_MONEY_MIN,
    TAKE_LIMIT,
    TWO_PLAYER,
    TYPE_IDS,
    money_ids,
)
from rules.nycards.components import VALUE as VALUE_OF
from rules.nycards.engine import stack_piles
from rules.nycards.legal import split_payments
from rules.nycards.scoring import score

END, PASS, KEEP, GIFT, TAKE, BUY = 0, 1, 2, 3, 4, 5
SHIFT = 8  # card mask above the kind (low 4 bits) and the slot (next 4 bits)
SUGGESTIONS = 20
_TOP = max(max(VALUE_OF), max(BUILDINGS), max(SCORING_CARDS)) + 1
VALUE = [VALUE_OF.get(c, 0) for c in range(_TOP)]
# Slot whose currency a money card pays (-1 when its currency has no slot).
SLOT_OF = [
    SLOT_CURRENCY.index(CURRENCY_OF[c]) if CURRENCY_OF.get(c) in SLOT_CURRENCY else -1
    for c in range(_TOP)
]
# Every currency pays a slot: a seat's money is its `purse` of one total per slot.
assert all(SLOT_OF[c] >= 0 for c in VALUE_OF), "a currency without a yard slot"
PRICE = [BUILDINGS[c].price if c in BUILDINGS else 0 for c in range(_TOP)]
# A yard building's price, and out of reach for an empty slot (None).
PRICE_OF: dict[int | None, int] = {b: PRICE[b] for b in BUILDINGS}
PRICE_OF[None] = 1 << 30
# A money card's kind for equal takes: its slot and value.
KIND = [(SLOT_OF[c] + 1) * 16 + VALUE[c] for c in range(_TOP)]
TYPE_OF = [TYPE_IDS.index(BUILDINGS[c].type) if c in BUILDINGS else 0 for c in range(_TOP)]
PLACES = {
    which: [list(table[type_id]) for type_id in TYPE_IDS] for which, table in SCORING_TABLE.items()
}
# The orders a random take looks at the display's cards in, per display size.
PERMS = [list(permutations(range(n))) for n in range(DISPLAY_SIZE + 1)]
SLOT_RANGE = range(SLOTS)
MONEY_IDS = {n: money_ids(n) for n in (2, 3)}
_TAKES: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
_SHAPES: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}  # at most a few thousand

# The reference generator (`rules.rng`, SplitMix64), inlined.
_MASK64 = (1 << 64) - 1
_GOLDEN, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_LIMIT = [0] + [(1 << 64) - ((1 << 64) % n) for n in range(1, 256)]  # rejection bound per n


def _shuffle(rng: int, items: list[int]) -> int:
    """`rules.rng.shuffle` (the same permutation and next state), inlined."""
    mask, golden, mix1, mix2, limits = _MASK64, _GOLDEN, _MIX1, _MIX2, _LIMIT
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = limits[n] if n < 256 else (1 << 64) - ((1 << 64) % n)
        rng = (rng + golden) & mask
        z = ((rng ^ (rng >> 30)) * mix1) & mask
        z = ((z ^ (z >> 27)) * mix2) & mask
        z ^= z >> 31
        while z >= limit:  # rejected (about once in 2**57 draws)
            rng = (rng + golden) & mask
            z = ((rng ^ (rng >> 30)) * mix1) & mask
            z = ((z ^ (z >> 27)) * mix2) & mask
            z ^= z >> 31
        j = z % n
        items[i], items[j] = items[j], items[i]
    return rng


def _below(rng: int, n: int) -> tuple[int, int]:
    """`rules.rng.below`: a number in [0, n) and the next state."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        rng = (rng + _GOLDEN) & _MASK64
        z = ((rng ^ (rng >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        z ^= z >> 31
        if z < limit:
            return z % n, rng


def take_move(cards: list[int] | tuple[int, ...]) -> int:
    """The move of taking these display cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask << SHIFT | TAKE


def buy_move(slot: int, cards: list[int] | tuple[int, ...]) -> int:
    """The move of buying the building of `slot` with these cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask << SHIFT | slot << 4 | BUY


def card_mask(cards: list[int]) -> int:
    """The bit mask of these card ids (bit c: card c)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def move_cards(move: int) -> list[int]:
    """The card ids of a take or buy move, ascending."""
    mask = move >> SHIFT
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def takes(display: tuple[int, ...]) -> list[int]:
    """The take moves the reference offers for a display (`legal.take_options`, in another
    order): computed once per multiset of card kinds (slot and value), cached. The cards are
    looked at sorted by kind (stably: of equal cards the reference offers the first shown)."""
    cards = sorted(display, key=KIND.__getitem__)
    kinds = tuple([KIND[c] for c in cards])
    pattern = _TAKES.get(kinds)
    if pattern is None:
        # What a pattern depends on: the values, and which neighbours are equal cards.
        shape = tuple(
            [k & 15 | (32 if i and k == kinds[i - 1] else 0) for i, k in enumerate(kinds)]
        )
        pattern = _SHAPES.get(shape)
        if pattern is None:
            pattern = _SHAPES[shape] = _take_pattern(kinds)
        if len(_TAKES) > 100_000:
            _TAKES.clear()
        _TAKES[kinds] = pattern
    shifted = [1 << (c + SHIFT) for c in cards]
    moves = []
    for indices in pattern:
        move = TAKE
        for i in indices:
            move |= shifted[i]
        moves.append(move)
    return moves


def _take_pattern(kinds: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The display positions of each take `takes` offers for cards of these kinds."""
    values = [k & 15 for k in kinds]
    positions = range(len(kinds))
    singles = [(i,) for i in positions]
    maximal, smaller = [], []
    for size in range(2, len(kinds) + 1):
        for combo in combinations(positions, size):
            total = sum(values[i] for i in combo)
            if total > TAKE_LIMIT:
                continue
            if any(total + values[i] <= TAKE_LIMIT for i in positions if i not in combo):
                smaller.append(combo)
            else:
                maximal.append(combo)
    unique: dict[tuple[int, ...], tuple[int, ...]] = {}
    for take in singles + maximal + smaller:
        unique.setdefault(tuple(sorted(kinds[i] for i in take)), take)
    return tuple(unique.values())


def _mask(cards: tuple[int, ...]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask << SHIFT


def _first(item: tuple[int, int]) -> int:
    return item[0]


def purse_of(hand: list[int]) -> list[int]:
    """A hand's money per yard slot's currency."""
    purse = [0] * SLOTS
    for c in hand:
        purse[SLOT_OF[c]] += VALUE[c]
    return purse


def type_rows(holdings: list[list[int]]) -> list[list[int]]:
    """Per participant, the number of buildings held of each type (in `TYPE_IDS` order)."""
    rows = []
    for held in holdings:
        row = [0] * len(TYPE_IDS)
        for b in held:
            row[TYPE_OF[b]] += 1
        rows.append(row)
    return rows


def points_of(which: str, holdings: list[list[int]]) -> list[int]:
    """The points of scoring `which` per participant (`rules.nycards.scoring.score`'s
    `points`, without its awards)."""
    counts = type_rows(holdings)
    points = [0] * len(holdings)
    for t, places in enumerate(PLACES[which]):
        column = [row[t] for row in counts]
        place = 0
        for count in sorted({c for c in column if c > 0}, reverse=True):
            if place >= len(places):
                break
            seats = [i for i, c in enumerate(column) if c == count]
            share = sum(places[place : place + len(seats)]) // len(seats)
            for s in seats:
                points[s] += share
            place += len(seats)
    return points


class Scored:
    """A scoring the simulator made: which one, a copy of the buildings it counted and the
    points; `record()` is the reference's `scorings` entry (awards worked out on demand)."""

    __slots__ = ("holdings", "points", "which")

    def __init__(self, which: str, holdings: list[list[int]], points: list[int]) -> None:
        self.which = which
        self.holdings = holdings
        self.points = points

    def record(self) -> dict[str, Any]:
        result = score(self.which, self.holdings)
        return {"scoring": self.which, "awards": result["awards"], "points": self.points}


def _record(item: dict[str, Any] | Scored) -> dict[str, Any]:
    return item.record() if isinstance(item, Scored) else item


class NycardsSim:
    """One game of the New York card game, changed in place by `apply`."""

    __slots__ = (
        "actions",
        "building_deck",
        "buildings",
        "current",
        "dirk",
        "dirk_buildings",
        "dirk_score",
        "discard",
        "display",
        "hands",
        "known",
        "money_deck",
        "over_",
        "pending",
        "players",
        "points",
        "purse",
        "rng",
        "scorings",
        "turn_no",
        "unassigned",
        "yard",
    )

    players: int
    dirk: bool
    rng: int
    turn_no: int
    current: int
    actions: int
    pending: tuple[int, bool] | None
    building_deck: list[int]
    yard: list[int | None]
    money_deck: list[int]
    display: list[int]
    discard: list[int]
    hands: list[list[int]]
    purse: list[list[int]]  # per seat: its money per slot's currency (kept with `hands`)
    known: list[int]  # per seat: the cards of the reference's `known`, as a bit mask
    buildings: list[list[int]]
    dirk_buildings: list[int]
    unassigned: list[int]
    points: list[int]
    dirk_score: int
    scorings: list[dict[str, Any] | Scored]
    over_: bool

    @classmethod
    def new(cls, players: int, options: dict[str, str], seed: int) -> NycardsSim:
        """The game `rules.nycards.engine.setup` deals for these arguments (dealt here the
        same way, with the generator inlined)."""
        rng = seed & _MASK64
        buildings = sorted(BUILDINGS)
        rng = _shuffle(rng, buildings)
        yard: list[int | None] = list(buildings[:SLOTS])
        del buildings[:SLOTS]
        dirk = players == 2
        dirk_buildings: list[int] = []
        if dirk:
            dirk_buildings = buildings[: TWO_PLAYER["dirk_start"]]
            del buildings[: TWO_PLAYER["dirk_start"]]
        money = list(MONEY_IDS[min(players, 3)])
        rng = _shuffle(rng, money)
        hands: list[list[int]] = []
        keys = []
        taken = 0
        for _ in range(players):
            start, total = taken, 0
            while total < STARTING_MONEY_MIN:
                total += VALUE[money[taken]]
                taken += 1
            hands.append(sorted(money[start:taken]))
            keys.append((taken - start, total))
        del money[:taken]
        low = min(keys)
        tied = [s for s, k in enumerate(keys) if k == low]
        index = 0
        if len(tied) > 1:
            index, rng = _below(rng, len(tied))
        display = money[:DISPLAY_SIZE]
        del money[:DISPLAY_SIZE]
        deck, rng = stack_piles(money, rng)
        sim = cls.__new__(cls)
        sim.players = players
        sim.dirk = dirk
        sim.rng = rng
        sim.turn_no = 1
        sim.current = tied[index]
        sim.actions = 0
        sim.pending = None
        sim.building_deck = buildings
        sim.yard = yard
        sim.money_deck = deck
        sim.display = display
        sim.discard = []
        sim.hands = hands
        sim.purse = [purse_of(h) for h in hands]
        sim.known = [0] * players
        sim.buildings = [[] for _ in range(players)]
        sim.dirk_buildings = dirk_buildings
        sim.unassigned = []
        sim.points = [0] * players
        sim.dirk_score = 0
        sim.scorings = []
        sim.over_ = False
        return sim

    @classmethod
    def from_state(cls, state: State) -> NycardsSim:
        """A simulator holding the reference JSON state `state` (copied)."""
        sim = cls.__new__(cls)
        sim.players = state["players"]
        sim.dirk = state["dirk"]
        sim.rng = state["rng"]
        sim.turn_no = state["turn_no"]
        sim.current = state["current"]
        sim.actions = state["actions"]
        pending = state["pending"]
        sim.pending = (pending["building"], pending["exact"]) if pending else None
        sim.building_deck = list(state["building_deck"])
        sim.yard = list(state["yard"])
        sim.money_deck = list(state["money_deck"])
        sim.display = list(state["display"])
        sim.discard = list(state["discard"])
        sim.hands = [list(h) for h in state["hands"]]
        sim.purse = [purse_of(h) for h in sim.hands]
        sim.known = [card_mask(k) for k in state.get("known") or [[] for _ in sim.hands]]
        sim.buildings = [list(b) for b in state["buildings"]]
        sim.dirk_buildings = list(state["dirk_buildings"])
        sim.unassigned = list(state["unassigned"])
        sim.points = list(state["scores"])
        sim.dirk_score = state["dirk_score"]
        sim.scorings = list(state["scorings"])
        sim.over_ = state["phase"] == "over"
        return sim

    def copy(self) -> NycardsSim:
        """An independent copy."""
        sim = NycardsSim.__new__(NycardsSim)
        sim.players = self.players
        sim.dirk = self.dirk
        sim.rng = self.rng
        sim.turn_no = self.turn_no
        sim.current = self.current
        sim.actions = self.actions
        sim.pending = self.pending
        sim.building_deck = self.building_deck[:]
        sim.yard = self.yard[:]
        sim.money_deck = self.money_deck[:]
        sim.display = self.display[:]
        sim.discard = self.discard[:]
        sim.hands = [h[:] for h in self.hands]
        sim.purse = [p[:] for p in self.purse]
        sim.known = self.known[:]
        sim.buildings = [b[:] for b in self.buildings]
        sim.dirk_buildings = self.dirk_buildings[:]
        sim.unassigned = self.unassigned[:]
        sim.points = self.points[:]
        sim.dirk_score = self.dirk_score
        sim.scorings = self.scorings[:]
        sim.over_ = self.over_
        return sim

    def to_state(self) -> State:
        """The reference JSON state (without `events` and `applied`)."""
        pending = self.pending
        return {
            "game": "nycards",
            "players": self.players,
            "dirk": self.dirk,
            "rng": self.rng,
            "turn_no": self.turn_no,
            "current": self.current,
            "actions": self.actions,
            "pending": {"building": pending[0], "exact": pending[1]} if pending else None,
            "building_deck": list(self.building_deck),
            "yard": list(self.yard),
            "money_deck": list(self.money_deck),
            "display": list(self.display),
            "discard": list(self.discard),
            "hands": [list(h) for h in self.hands],
            "known": [move_cards(k << SHIFT) for k in self.known],
            "buildings": [list(b) for b in self.buildings],
            "dirk_buildings": list(self.dirk_buildings),
            "unassigned": list(self.unassigned),
            "scores": list(self.points),
            "dirk_score": self.dirk_score,
            "scorings": [_record(s) for s in self.scorings],
            "phase": "over" if self.over_ else "play",
        }

    # ------------------------------------------------------------ who acts, what is legal

    @property
    def over(self) -> bool:
        return self.over_

    def to_act(self) -> list[int]:
        return [] if self.over_ else [self.current]

    def affordable(self, seat: int) -> list[int]:
        """The yard slots whose building the seat's money pays."""
        purse, yard = self.purse[seat], self.yard
        return [s for s in SLOT_RANGE if purse[s] >= PRICE_OF[yard[s]]]

    def buys(self, seat: int) -> list[int]:
        """The buys `legal` lists: minimal payments, exact first, at most `SUGGESTIONS`."""
        hand = self.hands[seat]
        exact: list[int] = []
        over: list[tuple[int, int]] = []
        for slot in self.affordable(seat):
            own = tuple(c for c in hand if SLOT_OF[c] == slot)
            exact_pays, over_pays = split_payments(own, PRICE_OF[self.yard[slot]])
            base = slot << 4 | BUY
            for pay in exact_pays:
                exact.append(_mask(pay) | base)
            for extra, pay in over_pays:
                over.append((extra, _mask(pay) | base))
        if over:
            over.sort(key=_first)
            exact += [m for _, m in over]
        return exact[:SUGGESTIONS]

    def can_buy(self, seat: int) -> bool:
        """Whether the hand pays some building in the yard."""
        purse, yard = self.purse[seat], self.yard
        for s in SLOT_RANGE:  # noqa: SIM110 (a loop: no generator made on the hot path)
            if purse[s] >= PRICE_OF[yard[s]]:
                return True
        return False

    def legal(self, seat: int) -> list[int]:
        """Every move the reference offers (its moves, and its buy pick's suggestions)."""
        if self.over_ or seat != self.current:
            return []
        if self.pending is not None:
            return [KEEP, GIFT]
        moves = takes(tuple(self.display))
        buys = self.buys(seat)
        if self.actions > 0:
            moves.append(END)
        if not moves and not buys:
            return [PASS]
        return moves + buys

    def random_move(self, seat: int, rng: random.Random) -> int:
        """A random legal move, sampled without listing: a kind of move uniformly (a take, a
        buy, `end` after an action; `pass` when none), then one move of that kind (a take of
        one card or of cards in random order while they stay within the limit; a buy of a
        random affordable building paid with its currency's cards in random order until the
        price is reached: overpaying is legal)."""
        if self.pending is not None:
            return KEEP if rng.random() < 0.5 else GIFT
        purse, yard = self.purse[seat], self.yard
        slots = []
        for s in SLOT_RANGE:  # a loop: cheaper than a comprehension's frame
            if purse[s] >= PRICE_OF[yard[s]]:
                slots.append(s)
        display = self.display
        kinds = (1 if display else 0) + (1 if slots else 0) + (1 if self.actions > 0 else 0)
        if not kinds:
            return PASS
        pick = int(rng.random() * kinds) if kinds > 1 else 0
        if display:
            if not pick:
                return self.random_take(rng)
            pick -= 1
        if slots and not pick:
            slot = slots[int(rng.random() * len(slots))] if len(slots) > 1 else slots[0]
            return self._random_payment(seat, slot, rng)
        return END

    def random_take(self, rng: random.Random) -> int:
        """A random legal take from the display (see `random_move`)."""
        display = self.display
        perms = PERMS[len(display)]
        order = perms[int(rng.random() * len(perms))]
        card = display[order[0]]
        total, mask = VALUE[card], 1 << card
        for i in order[1:]:
            if total >= TAKE_LIMIT:
                break
            card = display[i]
            value = VALUE[card]
            if total + value <= TAKE_LIMIT and rng.random() < 0.7:
                mask |= 1 << card
                total += value
        return mask << SHIFT | TAKE

    def random_buy(self, seat: int, rng: random.Random) -> int:
        """A random affordable building bought with random cards (see `random_move`); the
        hand must pay some building."""
        slots = self.affordable(seat)
        slot = slots[int(rng.random() * len(slots))]
        return self._random_payment(seat, slot, rng)

    def _random_payment(self, seat: int, slot: int, rng: random.Random) -> int:
        """A buy of `slot` paid with the seat's cards of its currency drawn at random until
        the price is reached."""
        own = [c for c in self.hands[seat] if SLOT_OF[c] == slot]
        price = PRICE_OF[self.yard[slot]]
        mask = total = 0
        while total < price:
            index = int(rng.random() * len(own))
            card = own[index]
            own[index] = own[-1]
            own.pop()
            mask |= 1 << card
            total += VALUE[card]
        return mask << SHIFT | slot << 4 | BUY

    # ------------------------------------------------------------ applying moves

    def apply(self, seat: int, move: int) -> None:
        """Play a legal `move` of `seat` (not checked)."""
        kind = move & 15
        if kind == TAKE:
            mask = move >> SHIFT
            hand, purse = self.hands[seat], self.purse[seat]
            kept = []
            for c in self.display:
                if mask >> c & 1:
                    hand.append(c)
                    purse[SLOT_OF[c]] += VALUE[c]
                else:
                    kept.append(c)
            hand.sort()
            self.known[seat] |= mask
            self.display = kept
            self._end_turn()
        elif kind == BUY:
            mask = move >> SHIFT
            slot = move >> 4 & 15
            purse, discard = self.purse[seat], self.discard
            kept = []
            paid = 0
            for c in self.hands[seat]:
                if mask >> c & 1:
                    discard.append(c)
                    value = VALUE[c]
                    purse[SLOT_OF[c]] -= value
                    paid += value
                else:
                    kept.append(c)
            self.hands[seat] = kept
            self.known[seat] &= ~mask
            building = self.yard[slot]
            assert building is not None
            self.yard[slot] = None
            self.actions += 1
            exact = paid == PRICE[building]
            if self.dirk:
                self.pending = (building, exact)
                return
            self.buildings[seat].append(building)
            if exact and (self.display or self.can_buy(seat)):
                return
            self._end_turn()
        elif kind in (KEEP, GIFT):
            assert self.pending is not None
            building, exact = self.pending
            self.pending = None
            if kind == GIFT:
                self.dirk_buildings.append(building)
            else:
                self.buildings[seat].append(building)
            if exact and (self.display or self.can_buy(seat)):
                return
            self._end_turn()
        else:  # END or PASS
            self._end_turn()

    def _end_turn(self) -> None:
        yard = self.yard
        if None in yard:
            deck = self.building_deck
            for slot in SLOT_RANGE:
                if yard[slot] is None and deck:
                    yard[slot] = deck.pop(0)
            if None in yard:
                self._end_game()
                return
        if len(self.display) < DISPLAY_SIZE:
            self._refill_display()
        current = self.current + 1
        self.current = 0 if current == self.players else current
        self.turn_no += 1
        self.actions = 0

    def _refill_display(self) -> None:
        display = self.display
        while len(display) < DISPLAY_SIZE:
            if not self.money_deck:
                if not self.discard:
                    return
                deck = self.discard
                self.discard = []
                self.rng = _shuffle(self.rng, deck)
                self.money_deck = deck
            card = self.money_deck.pop(0)
            which = SCORING_CARDS.get(card)
            if which is not None:
                self._scoring(which)
            else:
                display.append(card)

    def _scoring(self, which: str) -> None:
        holdings = [b[:] for b in self.buildings]
        if self.dirk:
            holdings.append(self.dirk_buildings[:])
        points = points_of(which, holdings)
        own = self.points
        for s in range(self.players):
            own[s] += points[s]
        if self.dirk:
            self.dirk_score += points[self.players]
        self.scorings.append(Scored(which, holdings, points))
        if self.dirk and which in ("A", "B"):
            deck = self.building_deck
            n = (
                TWO_PLAYER["dirk_after_A"]
                if which == "A"
                else len(deck) // TWO_PLAYER["dirk_after_B_divisor"]
            )
            self.dirk_buildings += deck[:n]
            del deck[:n]

    def _end_game(self) -> None:
        for slot in SLOT_RANGE:
            building = self.yard[slot]
            if building is None:
                continue
            self.yard[slot] = None
            totals = [purse[slot] for purse in self.purse]
            best = max(totals)
            holders = [s for s, v in enumerate(totals) if v == best]
            if best > 0 and len(holders) == 1:
                self.buildings[holders[0]].append(building)
            else:
                self.unassigned.append(building)
        self._scoring("C")
        self.over_ = True
        self.pending = None

    def scores(self) -> list[int]:
        """The outcome's scores (each seat's points)."""
        return list(self.points)


def new(players: int, options: dict[str, str], seed: int) -> NycardsSim:
    """A new game (see `NycardsSim.new`)."""
    return NycardsSim.new(players, options, seed)


def from_state(state: State) -> NycardsSim:
    """A simulator of a reference state."""
    return NycardsSim.from_state(state)


def move_text(move: int) -> str:
    """The reference action text of a move."""
    kind = move & 15
    if kind == TAKE:
        return "take " + ",".join(str(c) for c in move_cards(move))
    if kind == BUY:
        return "buy " + ",".join(str(c) for c in move_cards(move))
    return ("end", "pass", "keep", "gift")[kind]


def parse_move(text: str) -> int:
    """The move of a reference action text (takes, buys without a slot, and the words)."""
    verb, _, rest = text.strip().partition(" ")
    if verb in ("end", "pass", "keep", "gift"):
        return ("end", "pass", "keep", "gift").index(verb)
    parts = rest.split()
    cards = [int(x) for x in parts[-1].split(",")]
    if verb == "take":
        return take_move(cards)
    slot = int(parts[0]) - 1 if len(parts) > 1 else SLOT_OF[cards[0]]
    return buy_move(slot, cards)


def reference_moves(state: State, seat: int, choices: Choices) -> set[str]:
    """The reference's moves and its buy pick's suggestions (what `legal` lists)."""
    moves = set(choices.moves)
    for pick in choices.picks:
        moves.update(pick.action(s) for s in pick.suggestions)
    return moves
