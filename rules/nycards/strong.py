"""The card game's strong bot: the determinized search of `rules.search` over
`rules.nycards.sim`.

Worlds drawn from a seat's view: each rival holds the cards everybody saw it take from the
display and not pay since (the view's `known`: every take and payment is public), and the rest
of its hand is drawn, with the discard pile and the money deck (the sizes the view shows), from
the money cards the seat has seen nowhere (not in its hand, the display or `known`); the
scoring cards not yet turned up go to random places in the deck; the building deck is every
building not in sight, shuffled. Its worlds are consistent with the view, never with anything
hidden (a rival's starting cards stay unknown until paid). The horizon is the end of
the game (or `HORIZON_ROUNDS` more rounds); the reward is then half a win (shared on a tie) and
half the margin over the best rival (before the end: the margin of points plus what scoring C
would give).

Root moves: the keen policy's move (`rules.nycards.keen`), then the standard bot's and its
next best by its own worth (`CANDIDATES` in all); another is played only when it beats the
keen move by `SWITCH_AT` standard errors of the paired differences. Playouts: the searching
seat plays on as the keen policy, every other seat as the standard bot (`rules.nycards.policy`:
in the benchmark and most tables the rivals are standard bots), a random legal move now and
then. The easy bot keeps the older cheap policy (`easy_move`).

Measured with `python -m bench.bots --table strong --game nycards --games 128 --budget 150
--seed 0` (the same games as `--games 32` at seeds 0, 32, 64, 96), 2026-11-24: 59 % ± 8 of
128 (average 83.1 points, the standard bots' 69.4) with the rivals' known cards and the keen
policy's endgame rule; 46 % ± 9 with the endgame rule and rivals' hands drawn blind (the keen
policy alone then 48 %, so the blind search added nothing); 46 % before both. Rivals given
their whole real hands (an upper bound, not a bot: a test script, the first 97 games) won 62 %
where the blind search won 46 %. The next 128 games (`--seed 128`): 61 % ± 8 (keen alone
41 % ± 9, `bench.nycards_keen --engine --games 128 --seed 128`). `policy.standard_move` agrees
with `rules.nycards.bot` on every one of 5,003 decisions of 40 engine games (its ties, 12 %,
drawn at random).
"""

from __future__ import annotations

import random

from rules.contract import View
from rules.nycards import bot as standard
from rules.nycards import keen, policy
from rules.nycards.components import BUILDINGS, SCORING_CARDS, money_ids
from rules.nycards.scoring import score
from rules.nycards.sim import (
    END,
    GIFT,
    KEEP,
    PASS,
    VALUE,
    NycardsSim,
    card_mask,
    move_cards,
    move_text,
    parse_move,
    purse_of,
    takes,
)
from rules.search import deal_hidden

MARGIN_WEIGHT = 1 / 60
CANDIDATES = 4  # root moves searched: the keen one, the standard one and its next best
SWITCH_AT = 1.0  # standard errors by which a move must beat the standard one to be played
WIN_WEIGHT = 0.5  # of the reward at the end; the rest: the margin over the best rival
RANDOM_SHARE = 0.05  # playout moves drawn at random instead of the standard bot's
# Playouts stop after this many turns of every seat, None: at the end of the game (measured
# with `bench.bots`, 12 games each at 150 playouts: to the end 50 % wins at 4 players, three
# rounds 33 %; both within the noise, the longer horizon kept).
HORIZON_ROUNDS: int | None = None
MONEY_WEIGHT = 0.3  # points per unit of money in hand when a playout stops early
SCORING_ID = {which: card for card, which in SCORING_CARDS.items()}


def determinize(view: View, rng: random.Random) -> NycardsSim:
    """A world consistent with the seat's view (see the module docstring)."""
    seat = view["seat"]
    n = view["players"]
    known = [list(k) for k in view.get("known") or [[] for _ in range(n)]]
    known[seat] = []  # its own hand is all seen
    seen = set(view["hand"]) | set(view["display"]) | {c for k in known for c in k}
    pool = [c for c in money_ids(n) if c not in seen]
    rests = [count - len(k) for count, k in zip(view["hand_counts"], known, strict=True)]
    drawn = deal_hidden(pool, seat, view["hand"], rests, rng)
    hands = [h if s == seat else sorted(h + known[s]) for s, h in enumerate(drawn)]
    discard = [pool.pop() for _ in range(view["discard_count"])]
    scoring = [SCORING_ID[w] for w in view["scorings_left"] if w in SCORING_ID]
    deck = [pool.pop() for _ in range(view["money_deck_count"] - len(scoring))]
    for card in scoring:
        deck.insert(rng.randint(0, len(deck)), card)
    bought = set(view["dirk_buildings"]) | set(view["unassigned"])
    bought |= {b for b in view["yard"] if b is not None}
    for held in view["buildings"]:
        bought.update(held)
    buildings = [b for b in sorted(BUILDINGS) if b not in bought]
    rng.shuffle(buildings)
    pending = view["pending"]
    sim = NycardsSim.__new__(NycardsSim)
    sim.players = n
    sim.dirk = view["dirk"]
    sim.rng = rng.getrandbits(64)
    sim.turn_no = view["turn_no"]
    sim.current = view["current"]
    sim.actions = view["actions"]
    sim.pending = (pending["building"], pending["exact"]) if pending else None
    sim.building_deck = buildings[: view["building_deck_count"]]
    sim.yard = list(view["yard"])
    sim.money_deck = deck
    sim.display = list(view["display"])
    sim.discard = discard
    sim.hands = hands
    sim.purse = [purse_of(h) for h in hands]
    sim.known = [card_mask(k) for k in view.get("known") or [[] for _ in range(n)]]
    sim.buildings = [list(b) for b in view["buildings"]]
    sim.dirk_buildings = list(view["dirk_buildings"])
    sim.unassigned = list(view["unassigned"])
    sim.points = list(view["scores"])
    sim.dirk_score = view["dirk_score"]
    sim.scorings = list(view["scorings"])
    sim.over_ = view["phase"] == "over"
    return sim


def candidates(view: View, sim: NycardsSim, seed: int) -> list[int]:
    """The keen move, the standard bot's move, then the standard bot's next best moves by its
    own worth (`policy.ranked`), `CANDIDATES` distinct moves in all: they depend only on the
    seat's hand and what is public."""
    seat = view["seat"]
    found = [keen.keen_move(sim, seat), parse_move(standard.bot_action(view, seed))]
    for move in policy.ranked(sim, seat):
        found.append(move)
    unique = list(dict.fromkeys(found))
    return unique[:CANDIDATES]


def playout_move(sim: NycardsSim, seat: int, rng: random.Random, searching: int = -1) -> int:
    """The keen move for the `searching` seat, the standard bot's for the others
    (`policy.standard_move`: the rivals in play are standard bots); a random legal move now and
    then (`RANDOM_SHARE`)."""
    if rng.random() < RANDOM_SHARE:
        return sim.random_move(seat, rng)
    if seat == searching:
        return keen.keen_move(sim, seat)
    return policy.standard_move(sim, seat, rng)


def easy_move(sim: NycardsSim, seat: int, rng: random.Random) -> int:
    """The easy bot's move: a buy when possible (exact first), else the take of most value;
    10 % random (sampled, `NycardsSim.random_move`). Lists only the buys, and only when one is
    possible."""
    if sim.pending is not None:
        return KEEP if rng.random() < 0.8 else GIFT
    if rng.random() < 0.1:
        return sim.random_move(seat, rng)
    if sim.can_buy(seat):
        buys = sim.buys(seat)
        if buys:
            return buys[0]
    best, best_value = -1, -1
    for move in takes(tuple(sim.display)):
        value = sum(VALUE[c] for c in move_cards(move))
        if value > best_value:
            best, best_value = move, value
    if best >= 0:
        return best
    return END if sim.actions > 0 else PASS


def finished(sim: NycardsSim, view: View) -> bool:
    """The game is over, or every seat has had `HORIZON_ROUNDS` more turns."""
    if HORIZON_ROUNDS is None:
        return sim.over_
    return sim.over_ or sim.turn_no >= view["turn_no"] + HORIZON_ROUNDS * sim.players


def reward(sim: NycardsSim, seat: int, view: View) -> float:
    """At the end: a win (shared on a tie) plus a little for the margin over the best rival.
    Before it: the margin of each seat's points plus what scoring C would give it now and a
    little for its money, mapped to [0, 1]."""
    if not sim.over_:
        holdings = [*sim.buildings]
        if sim.dirk:
            holdings.append(sim.dirk_buildings)
        projected = score("C", holdings)["points"]
        worths = [
            sim.points[s] + projected[s] + MONEY_WEIGHT * sum(VALUE[c] for c in sim.hands[s])
            for s in range(sim.players)
        ]
        rival = max(w for s, w in enumerate(worths) if s != seat)
        return float(min(1.0, max(0.0, 0.5 + MARGIN_WEIGHT * (worths[seat] - rival))))
    scores = sim.points
    mine = scores[seat]
    top = max(scores)
    best_other = max(v for s, v in enumerate(scores) if s != seat)
    win = 1.0 / scores.count(top) if mine == top else 0.0
    margin = min(1.0, max(0.0, 0.5 + MARGIN_WEIGHT * (mine - best_other)))
    return float(WIN_WEIGHT * win + (1 - WIN_WEIGHT) * margin)


class NycardsSearcher:
    """The card game's `rules.search.Searcher`; `seat` is the searching seat, set by
    `determinize` (every world of a search is drawn from that seat's view)."""

    def __init__(self) -> None:
        self.seat = -1

    def determinize(self, view: View, rng: random.Random) -> NycardsSim:
        """A world drawn from `view` (module `determinize`); remembers the searching seat."""
        self.seat = view["seat"]
        return determinize(view, rng)

    def playout_move(self, sim: NycardsSim, seat: int, rng: random.Random) -> int:
        """`playout_move` with this search's seat playing the keen policy."""
        return playout_move(sim, seat, rng, self.seat)

    candidates = staticmethod(candidates)
    easy_move = staticmethod(easy_move)
    finished = staticmethod(finished)
    reward = staticmethod(reward)
    switch_at = SWITCH_AT
    move_text = staticmethod(move_text)


SEARCHER = NycardsSearcher()
