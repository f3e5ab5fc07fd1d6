"""A fast simulator of Money for search: in-place state, integer moves, no JSON copies.

The readable engine (`rules.money.engine`) stays the reference; this module plays the same
rules (checked move for move and state for state by `tests/rules/test_money_sim.py`) so that
a search can play thousands of games per second. Nothing here is player-facing.

Moves are ints: `PASS`, `ROW_LEFT`, `ROW_RIGHT`, `TAKE + seat` in the exchange, and a bid is
`bid_move(cards)`: the bit mask of its card ids shifted past the exchange moves. Bids are not
listed (a hand of 7 cards has 127 of them): `random_move` samples one, `legal` lists the
exchange moves only.
"""

from __future__ import annotations

import random
from typing import Any

from rules import rng as rngmod
from rules.contract import Choices, State
from rules.money.components import (
    CARDS,
    CURRENCIES,
    CURRENCIES_REMOVED,
    HIGH_THRESHOLD,
    LOW_THRESHOLD,
    TRIO_BONUS,
    TRIO_VALUES,
    VALUE_CARD_IDS,
    bluff_id,
)
from rules.money.scoring import score_cards

PASS, ROW_LEFT, ROW_RIGHT, TAKE = 0, 1, 2, 3
BID_SHIFT = 8  # bids are `mask << BID_SHIFT`, above every exchange move
BID, EXCHANGE, OVER = 0, 1, 2
PHASE_NAMES = ("bid", "exchange", "over")
ROW_SIZE, HAND_SIZE = 4, 6

_TOP = max(CARDS) + 1
VALUE = [CARDS[c].value if c in CARDS else 0 for c in range(_TOP)]
IS_COIN = [c in CARDS and CARDS[c].kind == "coin" for c in range(_TOP)]
CURRENCY_CODES = tuple(c.code for c in CURRENCIES)
# Note currency index (0..6) of a card id, -1 for coins and bluffs.
CUR = [
    CURRENCY_CODES.index(CARDS[c].currency) if c in CARDS and CARDS[c].kind == "note" else -1
    for c in range(_TOP)
]
TRIO_SLOT = [  # index of (currency, value) among trio-eligible kinds, -1 when none
    CUR[c] * 8 + TRIO_VALUES.index(VALUE[c]) if CUR[c] >= 0 and VALUE[c] in TRIO_VALUES else -1
    for c in range(_TOP)
]
BLUFFS = tuple(bluff_id(s) for s in range(5))
_ROW_NAMES = ("left", "right")


def bid_move(cards: list[int] | tuple[int, ...]) -> int:
    """The move of bidding these cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask << BID_SHIFT


def bid_cards(move: int) -> list[int]:
    """The card ids of a bid move, ascending."""
    mask = move >> BID_SHIFT
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def hand_score(cards: list[int]) -> int:
    """A hand's points (the same as `rules.money.scoring.score_cards(...)["total"]`)."""
    totals = [0] * 7
    trios = [0] * 64
    points = 0
    for c in cards:
        cur = CUR[c]
        if cur >= 0:
            totals[cur] += VALUE[c]
            slot = TRIO_SLOT[c]
            if slot >= 0:
                trios[slot] += 1
                if trios[slot] == 3:
                    points += TRIO_BONUS
        elif IS_COIN[c]:
            points += VALUE[c]
    for total in totals:
        if total >= HIGH_THRESHOLD:
            points += total
        elif total >= LOW_THRESHOLD:
            points += total - LOW_THRESHOLD
    return points


class MoneySim:
    """One Money match, changed in place by `apply`."""

    __slots__ = (
        "acted",
        "bids",
        "currencies",
        "deck",
        "final_round",
        "hand_no",
        "hands",
        "hands_total",
        "known",
        "left",
        "options",
        "phase",
        "players",
        "results",
        "right",
        "rng",
        "round",
        "table",
    )

    players: int
    options: dict[str, str]
    rng: int
    hand_no: int
    round: int
    final_round: bool
    phase: int
    currencies: list[str]
    deck: list[int]
    left: list[int]
    right: list[int]
    hands: list[list[int]]
    bids: list[list[int] | None]
    table: list[list[int] | None]
    acted: list[bool]
    known: list[list[int]]  # the engine's `known`, unsorted (inner lists replaced, not changed)
    results: list[tuple[list[int], list[list[int]], list[str]]]  # scores, hands, currencies
    hands_total: int

    # ------------------------------------------------------------ building

    @classmethod
    def new(cls, players: int, options: dict[str, str], seed: int) -> MoneySim:
        """The match `rules.money.engine.setup` deals for these arguments."""
        sim = cls.__new__(cls)
        sim.players = players
        sim.options = {
            "hands": options.get("hands", "3"),
            "match": options.get("match", "most_hands"),
        }
        sim.hands_total = int(sim.options["hands"])
        sim.rng = rngmod.seed_state(seed)
        sim.hand_no = 0
        sim.results = []
        sim._deal()
        return sim

    @classmethod
    def from_state(cls, state: State) -> MoneySim:
        """A simulator holding the reference JSON state `state` (copied)."""
        sim = cls.__new__(cls)
        sim.players = state["players"]
        sim.options = dict(state["options"])
        sim.hands_total = int(sim.options["hands"])
        sim.rng = state["rng"]
        sim.hand_no = state["hand_no"]
        sim.round = state["round"]
        sim.final_round = state["final_round"]
        sim.phase = PHASE_NAMES.index(state["phase"])
        sim.currencies = list(state["currencies"])
        sim.deck = list(state["deck"])
        sim.left = list(state["rows"]["left"])
        sim.right = list(state["rows"]["right"])
        sim.hands = [list(h) for h in state["hands"]]
        sim.bids = [list(b) if b is not None else None for b in state["bids"]]
        sim.table = [list(t) if t is not None else None for t in state["table"]]
        sim.acted = list(state["acted"])
        known = state.get("known")
        sim.known = [list(k) for k in known] if known else [[] for _ in sim.hands]
        sim.results = [
            (list(r["scores"]), [list(h) for h in r["hands"]], list(r["currencies"]))
            for r in state["results"]
        ]
        return sim

    def copy(self) -> MoneySim:
        """An independent copy (what a search branches from)."""
        sim = MoneySim.__new__(MoneySim)
        sim.players = self.players
        sim.options = self.options
        sim.hands_total = self.hands_total
        sim.rng = self.rng
        sim.hand_no = self.hand_no
        sim.round = self.round
        sim.final_round = self.final_round
        sim.phase = self.phase
        sim.currencies = self.currencies
        sim.deck = self.deck[:]
        sim.left = self.left[:]
        sim.right = self.right[:]
        sim.hands = [h[:] for h in self.hands]
        sim.bids = [b[:] if b is not None else None for b in self.bids]
        sim.table = [t[:] if t is not None else None for t in self.table]
        sim.acted = self.acted[:]
        sim.known = self.known[:]
        sim.results = self.results[:]
        return sim

    def to_state(self) -> State:
        """The reference JSON state (without `events` and `applied`, which the engine adds)."""
        results: list[dict[str, Any]] = []
        for scores, hands, currencies in self.results:
            details = [score_cards(h) for h in hands]
            best = max(scores)
            results.append(
                {
                    "hand_no": len(results) + 1,
                    "currencies": list(currencies),
                    "scores": list(scores),
                    "winners": [s for s, v in enumerate(scores) if v == best],
                    "detail": details,
                    "hands": [sorted(h) for h in hands],
                }
            )
        return {
            "game": "money",
            "players": self.players,
            "options": dict(self.options),
            "rng": self.rng,
            "hand_no": self.hand_no,
            "results": results,
            "round": self.round,
            "final_round": self.final_round,
            "phase": PHASE_NAMES[self.phase],
            "currencies": list(self.currencies),
            "deck": list(self.deck),
            "rows": {"left": list(self.left), "right": list(self.right)},
            "hands": [list(h) for h in self.hands],
            "bids": [list(b) if b is not None else None for b in self.bids],
            "table": [list(t) if t is not None else None for t in self.table],
            "acted": list(self.acted),
            "known": [sorted(k) for k in self.known],
        }

    # ------------------------------------------------------------ rules

    def _deal(self) -> None:
        n = self.players
        codes = list(CURRENCY_CODES)
        rng = self.rng
        for _ in range(CURRENCIES_REMOVED[n]):
            index, rng = rngmod.below(rng, len(codes))
            codes.pop(index)
        in_play = set(codes)
        deck = [
            cid
            for cid in VALUE_CARD_IDS
            if CARDS[cid].kind == "coin" or CARDS[cid].currency in in_play
        ]
        rng = rngmod.shuffle(rng, deck)
        hands = []
        for seat in range(n):
            hands.append([*sorted(deck[:HAND_SIZE]), BLUFFS[seat]])
            del deck[:HAND_SIZE]
        self.right, self.left = deck[:ROW_SIZE], deck[ROW_SIZE : 2 * ROW_SIZE]
        del deck[: 2 * ROW_SIZE]
        self.rng = rng
        self.hand_no += 1
        self.round = 1
        self.final_round = not deck
        self.phase = BID
        self.currencies = [c for c in CURRENCY_CODES if c in in_play]
        self.deck = deck
        self.hands = hands
        self.bids = [None] * n
        self.table = [None] * n
        self.acted = [False] * n
        self.known = [[] for _ in range(n)]

    def order(self) -> list[int]:
        """Seats still to act in the exchange, first first (the engine's `exchange_order`)."""
        keyed = []
        acted = self.acted
        for seat, cards in enumerate(self.table):
            if cards and not acted[seat]:
                total = 0
                for c in cards:
                    total += VALUE[c]
                keyed.append((-total, cards[0], seat))  # cards sorted: the first is the lowest
        keyed.sort()
        return [k[2] for k in keyed]

    def to_act(self) -> list[int]:
        """The seats that must act now."""
        if self.phase == BID:
            return [s for s in range(self.players) if self.bids[s] is None]
        if self.phase == EXCHANGE:
            return self.order()[:1]
        return []

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def legal(self, seat: int) -> list[int]:
        """The exchange moves of the seat to act (bids are sampled, not listed: [] then)."""
        if self.phase != EXCHANGE:
            return []
        moves = []
        if self.left:
            moves.append(ROW_LEFT)
        if self.right:
            moves.append(ROW_RIGHT)
        moves += [TAKE + s for s in self.order() if s != seat]
        moves.append(PASS)
        return moves

    def random_move(self, seat: int, rng: random.Random) -> int:
        """A uniformly drawn move: a random non-empty subset of the hand as a bid (size uniform,
        at most 4 cards), else one of `legal`."""
        if self.phase == BID:
            hand = self.hands[seat]
            size = rng.randint(1, min(4, len(hand)))
            return bid_move(rng.sample(hand, size))
        moves = self.legal(seat)
        return moves[rng.randrange(len(moves))]

    def apply(self, seat: int, move: int) -> None:
        """Play a legal `move` of `seat` (not checked: the search only plays legal moves)."""
        if move >= 1 << BID_SHIFT:
            cards = bid_cards(move)
            hand = self.hands[seat]
            self.hands[seat] = [c for c in hand if c not in cards]
            self.bids[seat] = cards
            if None not in self.bids:
                self._reveal()
            return
        mine = self.table[seat] or []
        hand = self.hands[seat]
        if move == PASS:
            took = mine
        elif move == ROW_LEFT:
            took = self.left
            self.left = mine[:]
        elif move == ROW_RIGHT:
            took = self.right
            self.right = mine[:]
        else:
            other = move - TAKE
            took = self.table[other] or []
            self.table[other] = mine[:]
        hand.extend(took)
        hand.sort()
        self.known[seat] = self.known[seat] + took
        self.table[seat] = None
        self.acted[seat] = True
        self._maybe_end_round()

    def _reveal(self) -> None:
        n = self.players
        known = self.known
        for seat in range(n):
            bid = self.bids[seat]
            assert bid is not None
            if known[seat]:
                known[seat] = [c for c in known[seat] if c not in bid]
            bluff = BLUFFS[seat]
            if bluff in bid:
                self.hands[seat].append(bluff)
                bid = [c for c in bid if c != bluff]
            self.table[seat] = bid
        self.bids = [None] * n
        self.acted = [False] * n
        self.phase = EXCHANGE
        self._maybe_end_round()

    def _maybe_end_round(self) -> None:
        acted = self.acted
        for seat, cards in enumerate(self.table):
            if cards and not acted[seat]:
                return
        n = self.players
        self.table = [None] * n
        self.acted = [False] * n
        if self.final_round:
            self._end_hand()
            return
        deck = self.deck
        need = ROW_SIZE - len(self.right)
        if need > 0:
            self.right.extend(deck[:need])
            del deck[:need]
        need = ROW_SIZE - len(self.left)
        if need > 0:
            self.left.extend(deck[:need])
            del deck[:need]
        self.round += 1
        self.final_round = not deck
        self.phase = BID

    def _end_hand(self) -> None:
        scores = [hand_score(h) for h in self.hands]
        self.results.append((scores, [h[:] for h in self.hands], self.currencies))
        if len(self.results) < self.hands_total:
            self._deal()
            return
        self.phase = OVER

    # ------------------------------------------------------------ results and texts

    def scores(self) -> list[int]:
        """The outcome's scores: each seat's points over the finished hands."""
        return self.totals()

    def hand_scores(self) -> list[int]:
        """The current hands' points (what the hand would score if it ended now)."""
        return [hand_score(h) for h in self.hands]

    def totals(self) -> list[int]:
        """Each seat's points over the finished hands (the outcome's scores)."""
        return [sum(r[0][s] for r in self.results) for s in range(self.players)]

    def winners(self) -> list[int]:
        """The match winners once over (the engine's `outcome` rule)."""
        total = self.totals()
        if self.options["match"] == "total":
            keys: list[tuple[int, ...]] = [(t,) for t in total]
        else:
            won = [0] * self.players
            for scores, _, _ in self.results:
                best = max(scores)
                for s, v in enumerate(scores):
                    if v == best:
                        won[s] += 1
            keys = list(zip(won, total, strict=True))
        best_key = max(keys)
        return [s for s, k in enumerate(keys) if k == best_key]


def move_text(move: int) -> str:
    """The reference action text of a move."""
    if move >= 1 << BID_SHIFT:
        return "bid " + ",".join(str(c) for c in bid_cards(move))
    if move == PASS:
        return "pass"
    if move in (ROW_LEFT, ROW_RIGHT):
        return f"row {_ROW_NAMES[move - ROW_LEFT]}"
    return f"take {move - TAKE}"


def parse_move(text: str) -> int:
    """The move of a reference action text (the inverse of `move_text` on legal texts)."""
    verb, _, rest = text.strip().partition(" ")
    if verb == "bid":
        return bid_move([int(x) for x in rest.split(",")])
    if verb == "pass":
        return PASS
    if verb == "row":
        return ROW_LEFT if rest.strip() == "left" else ROW_RIGHT
    return TAKE + int(rest)


def new(players: int, options: dict[str, str], seed: int) -> MoneySim:
    """A new match (see `MoneySim.new`)."""
    return MoneySim.new(players, options, seed)


def from_state(state: State) -> MoneySim:
    """A simulator of a reference state."""
    return MoneySim.from_state(state)


def reference_moves(state: State, seat: int, choices: Choices) -> set[str]:
    """The reference moves `legal` lists: the exchange's (bids are sampled, not listed)."""
    return set(choices.moves) if state["phase"] == "exchange" else set()
