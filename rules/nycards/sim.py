"""A fast simulator of the New York card game for search: in-place state, integer moves.

The readable engine (`rules.nycards.engine`) stays the reference; this module plays the same
rules (checked by `tests/rules/test_nycards_sim.py`). Nothing here is player-facing.

Moves are ints: `END`, `PASS`, `KEEP`, `GIFT`; a take is `take_move(cards)`, a buy
`buy_move(slot, cards)` (card bit mask above the kind and slot bits). `legal` lists the takes
the reference offers (equal takes once), then the buys the reference suggests (minimal
payments, exact first, at most 20), then `end` / `pass` / `keep` / `gift`.
"""

from __future__ import annotations

import random
from itertools import combinations

from rules import rng as rngmod
from rules.contract import Choices, State
from rules.nycards.components import (
    BUILDINGS,
    CURRENCY_OF,
    DISPLAY_SIZE,
    SCORING_CARDS,
    SLOT_CURRENCY,
    SLOTS,
    TAKE_LIMIT,
    TWO_PLAYER,
)
from rules.nycards.components import VALUE as VALUE_OF
from rules.nycards.engine import setup as reference_setup
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
PRICE = [BUILDINGS[c].price if c in BUILDINGS else 0 for c in range(_TOP)]
# A money card's kind for equal takes: its slot and value.
KIND = [(SLOT_OF[c] + 1) * 16 + VALUE[c] for c in range(_TOP)]
_TAKES: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


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
    """The take moves the reference offers for a display (`legal.take_options`): computed once
    per pattern of card kinds (slot and value) in display order, cached."""
    kinds = tuple(KIND[c] for c in display)
    pattern = _TAKES.get(kinds)
    if pattern is None:
        pattern = _take_pattern(kinds)
        if len(_TAKES) > 100_000:
            _TAKES.clear()
        _TAKES[kinds] = pattern
    shifted = [1 << (c + SHIFT) for c in display]
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
        "money_deck",
        "over_",
        "pending",
        "players",
        "points",
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
    buildings: list[list[int]]
    dirk_buildings: list[int]
    unassigned: list[int]
    points: list[int]
    dirk_score: int
    scorings: list[dict[str, object]]
    over_: bool

    @classmethod
    def new(cls, players: int, options: dict[str, str], seed: int) -> NycardsSim:
        """The game `rules.nycards.engine.setup` deals for these arguments."""
        return cls.from_state(reference_setup(players, options, seed))

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
            "buildings": [list(b) for b in self.buildings],
            "dirk_buildings": list(self.dirk_buildings),
            "unassigned": list(self.unassigned),
            "scores": list(self.points),
            "dirk_score": self.dirk_score,
            "scorings": list(self.scorings),
            "phase": "over" if self.over_ else "play",
        }

    # ------------------------------------------------------------ who acts, what is legal

    @property
    def over(self) -> bool:
        return self.over_

    def to_act(self) -> list[int]:
        return [] if self.over_ else [self.current]

    def buys(self, seat: int) -> list[int]:
        """The buys `legal` lists: minimal payments, exact first, at most `SUGGESTIONS`."""
        groups: list[list[int]] = [[] for _ in range(SLOTS)]
        totals = [0] * SLOTS
        for c in self.hands[seat]:
            slot = SLOT_OF[c]
            if slot >= 0:
                groups[slot].append(c)
                totals[slot] += VALUE[c]
        exact: list[int] = []
        over: list[tuple[int, int]] = []
        for slot, building in enumerate(self.yard):
            if building is None:
                continue
            price = PRICE[building]
            if not totals[slot] or totals[slot] < price:
                continue
            exact_pays, over_pays = split_payments(tuple(groups[slot]), price)
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
        totals = [0] * SLOTS
        for c in self.hands[seat]:
            slot = SLOT_OF[c]
            if slot >= 0:
                totals[slot] += VALUE[c]
        for slot, building in enumerate(self.yard):
            if building is not None and totals[slot] and totals[slot] >= PRICE[building]:
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
        groups, slots = self._affordable(seat)
        kinds = []
        if self.display:
            kinds.append(TAKE)
        if slots:
            kinds.append(BUY)
        if self.actions > 0:
            kinds.append(END)
        if not kinds:
            return PASS
        kind = kinds[rng.randrange(len(kinds))] if len(kinds) > 1 else kinds[0]
        if kind == TAKE:
            return self.random_take(rng)
        if kind == BUY:
            slot = slots[rng.randrange(len(slots))] if len(slots) > 1 else slots[0]
            return self._random_payment(groups[slot], slot, rng)
        return END

    def random_take(self, rng: random.Random) -> int:
        """A random legal take from the display (see `random_move`)."""
        order = list(self.display)
        rng.shuffle(order)
        chosen, total = [order[0]], VALUE[order[0]]
        for card in order[1:]:
            if total + VALUE[card] <= TAKE_LIMIT and rng.random() < 0.7:
                chosen.append(card)
                total += VALUE[card]
        return take_move(chosen)

    def random_buy(self, seat: int, rng: random.Random) -> int:
        """A random affordable building bought with random cards (see `random_move`); the
        hand must pay some building."""
        groups, slots = self._affordable(seat)
        slot = slots[rng.randrange(len(slots))]
        return self._random_payment(groups[slot], slot, rng)

    def _affordable(self, seat: int) -> tuple[list[list[int]], list[int]]:
        """The hand's cards per slot currency, and the slots whose building they pay."""
        groups: list[list[int]] = [[] for _ in range(SLOTS)]
        totals = [0] * SLOTS
        for c in self.hands[seat]:
            slot = SLOT_OF[c]
            if slot >= 0:
                groups[slot].append(c)
                totals[slot] += VALUE[c]
        slots = [
            slot
            for slot, building in enumerate(self.yard)
            if building is not None and totals[slot] and totals[slot] >= PRICE[building]
        ]
        return groups, slots

    def _random_payment(self, own: list[int], slot: int, rng: random.Random) -> int:
        """A buy of `slot` paid with cards of `own` (changed) drawn at random until the price
        is reached."""
        price = PRICE[self.yard[slot] or 0]
        mask, total = 0, 0
        while total < price:
            index = rng.randrange(len(own)) if len(own) > 1 else 0
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
            cards = move_cards(move)
            self.display = [c for c in self.display if c not in cards]
            hand = self.hands[seat]
            hand.extend(cards)
            hand.sort()
            self._end_turn()
        elif kind == BUY:
            cards = move_cards(move)
            slot = (move >> 4) & 15
            hand = self.hands[seat]
            self.hands[seat] = [c for c in hand if c not in cards]
            self.discard += cards
            building = self.yard[slot]
            assert building is not None
            self.yard[slot] = None
            self.actions += 1
            paid = 0
            for c in cards:
                paid += VALUE[c]
            exact = paid == PRICE[building]
            if self.dirk:
                self.pending = (building, exact)
                return
            self.buildings[seat].append(building)
            self._after_buy(seat, exact)
        elif kind in (KEEP, GIFT):
            assert self.pending is not None
            building, exact = self.pending
            self.pending = None
            if kind == GIFT:
                self.dirk_buildings.append(building)
            else:
                self.buildings[seat].append(building)
            self._after_buy(seat, exact)
        else:  # END or PASS
            self._end_turn()

    def _after_buy(self, seat: int, exact: bool) -> None:
        if exact and (self.display or self.can_buy(seat)):
            return
        self._end_turn()

    def _end_turn(self) -> None:
        yard, deck = self.yard, self.building_deck
        for slot in range(SLOTS):
            if yard[slot] is None and deck:
                yard[slot] = deck.pop(0)
        if None in yard:
            self._end_game()
            return
        self._refill_display()
        self.current = (self.current + 1) % self.players
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
                self.rng = rngmod.shuffle(self.rng, deck)
                self.money_deck = deck
            card = self.money_deck.pop(0)
            which = SCORING_CARDS.get(card)
            if which is not None:
                self._scoring(which)
            else:
                display.append(card)

    def _scoring(self, which: str) -> None:
        holdings = [*self.buildings]
        if self.dirk:
            holdings.append(self.dirk_buildings)
        result = score(which, holdings)
        points = result["points"]
        for s in range(self.players):
            self.points[s] += points[s]
        if self.dirk:
            self.dirk_score += points[self.players]
        self.scorings.append({"scoring": which, "awards": result["awards"], "points": points})
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
        for slot in range(SLOTS):
            building = self.yard[slot]
            if building is None:
                continue
            self.yard[slot] = None
            totals = [0] * self.players
            for s, hand in enumerate(self.hands):
                for c in hand:
                    if SLOT_OF[c] == slot:
                        totals[s] += VALUE[c]
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
