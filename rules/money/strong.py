"""Money's strong bot: the determinized search of `rules.search` over `rules.money.sim`.

Worlds drawn from a seat's view: each rival holds the cards the view's public memory says it
holds (`known`: taken in public this hand and not bid since; every card movement after the deal
is public), and only the rest of its hand, what is left of its deal, is drawn: the cards the
seat cannot see (value cards of the currencies in play that are not in its hand, its bid, the
rows, on the table or known to be held) are dealt to those rests and to the deck with the sizes
the view shows. The rest is drawn as part of a collection (`rest_of_hand`, `collected_hand`: a
card of a currency the rival holds, known cards included, with a chance growing by
`CONCENTRATION_PER_ROUND` a round), since a standard rival bids away the cards it misses least.
Measured by `python -m bench.money_worlds` (160 seat views at bid time in 20 seeded games of
standard bots, rounds 2 on, 8 worlds each): 77 % of a rival's real cards are drawn, 83 % of its
currencies matched, its worth off by 52 points on average; without the memory (whole hands drawn
as collections) 26 %, 44 % and 117 points; with the rests drawn uniformly 75 %, 81 %, 62 points.
A rival who has already bid is given the bid the standard bot would make from its cards (its
bluff card is always its own).

Playouts: every seat plays the standard bot (`rules.money.bot`) on its own view of the world, to
the end of the current hand (a model of standard rivals that is exact but for their hidden
cards; each view's move is remembered, so the candidates' playouts from one world share the
rivals' first bids). The reward is a win of that hand (shared on a tie) plus a little for the
margin over the best rival.

Root moves: the standard bot's move first, then in the exchange every other legal move; when
bidding, the bluff card alone and the bids the standard bot rates best after its own (its
expected gains, `rules.money.bot.bid_gains`), `MAX_CANDIDATE_BIDS` in all. The search leaves
the standard move for one `SWITCH_AT` standard errors better (paired over the same worlds).

Measured (`python -m bench.bots --table strong --game money`, one hand, 4 players, fair share
25 %; see the README for the figure with its load): with cheap proxy playouts (a sketch of the
standard bot's measure for every seat) cut one round after the current one and scored by the
hands' worths, 28 % ± 9 over 100 games at 100 playouts; as now but with rivals drawn uniformly,
45 % ± 16 over games 0-39 at 150 playouts; as now, 46 % ± 15 over games 0-39 and 59 % ± 15 over
40-79, 52 % ± 11 over the 80 (the standard bot wins 27 % of them in the same seats); on seeds
80-159, 49 % ± 11 before the public memory and 63 % ± 11 with it (paired: +14 % ± 12; the
standard bot in the same seats 26 %). 150
playouts is about 1.5 s of CPU here (about 100 playouts per CPU second at load 13).
"""

from __future__ import annotations

import random

from rules.contract import View
from rules.money import bot as standard
from rules.money.components import CARDS, VALUE_CARD_IDS, bluff_id
from rules.money.sim import (
    CUR,
    EXCHANGE,
    PASS,
    ROW_LEFT,
    ROW_RIGHT,
    TAKE,
    VALUE,
    MoneySim,
    bid_cards,
    bid_move,
    move_text,
    parse_move,
)
from rules.money.valuation import Holdings, face, outlook

MARGIN_WEIGHT = 1 / 400  # margin credit per point of lead over the best rival
WIN_SHARE = 0.8  # the reward's share for winning the hand (the rest: the margin)
MAX_CANDIDATE_BIDS = 6
SWITCH_AT = 1.0  # leave the standard move for one this many standard errors better
CONCENTRATION_PER_ROUND = 0.2
MAX_CONCENTRATION = 0.9
FACE_WEIGHT = 0.4  # the cheap policy's worth of a face point changing hands


def determinize(view: View, rng: random.Random) -> MoneySim:
    """A world consistent with the seat's view (see the module docstring)."""
    seat = view["seat"]
    n = view["players"]
    seats = view["seats"]
    own = list(view["hand"])
    own_bid = list(view["bid"]) if view.get("bid") is not None else None
    exchange = view["phase"] == "exchange"
    known = [list(s.get("known") or ()) for s in seats]
    seen = set(own) | set(own_bid or ()) | set(view["rows"]["left"]) | set(view["rows"]["right"])
    for s in seats:
        seen.update(s["table"] or ())
    for held in known:
        seen.update(held)
    in_play = set(view["currencies"])
    pool = [
        c
        for c in VALUE_CARD_IDS
        if c not in seen and (CARDS[c].kind == "coin" or CARDS[c].currency in in_play)
    ]
    rng.shuffle(pool)
    concentration = min(MAX_CONCENTRATION, CONCENTRATION_PER_ROUND * (view["round"] - 1))
    hands: list[list[int]] = []
    bids: list[list[int] | None] = []
    for s in range(n):
        if s == seat:
            hands.append(own)
            bids.append(own_bid)
            continue
        count = seats[s]["hand_count"] - 1 - len(known[s])  # its bluff card is one of them
        drawn = rest_of_hand(pool, known[s], count, concentration, rng)
        hands.append(sorted([*known[s], *drawn, bluff_id(s)]))
        bids.append(None)
    deck = [pool.pop() for _ in range(view["deck_count"])]
    sim = MoneySim.__new__(MoneySim)
    sim.players = n
    sim.options = dict(view["options"])
    sim.hands_total = int(sim.options["hands"])
    sim.rng = rng.getrandbits(64)
    sim.hand_no = view["hand_no"]
    sim.round = view["round"]
    sim.final_round = view["final_round"]
    sim.phase = EXCHANGE if exchange else 0
    sim.currencies = list(view["currencies"])
    sim.deck = deck
    sim.left = list(view["rows"]["left"])
    sim.right = list(view["rows"]["right"])
    sim.hands = hands
    sim.bids = bids if not exchange else [None] * n
    sim.table = (
        [list(s["table"]) if s["table"] else None for s in seats] if exchange else [None] * n
    )
    sim.acted = [bool(s["acted"]) for s in seats] if exchange else [False] * n
    sim.known = known
    sim.results = [
        (list(r["scores"]), [list(h) for h in r["hands"]], list(r["currencies"]))
        for r in view["results"]
    ]
    if not exchange:
        placed = [s for s in range(n) if s != seat and seats[s]["bid_placed"]]
        made = {s: standard_move(sim, s) for s in placed}  # all drawn before any bid is made
        for s, move in made.items():
            bid = bid_cards(move)
            sim.hands[s] = [c for c in sim.hands[s] if c not in bid]
            sim.bids[s] = bid
    return sim


def rest_of_hand(
    pool: list[int], known: list[int], count: int, concentration: float, rng: random.Random
) -> list[int]:
    """The `count` unknown cards of a rival known to hold `known`, drawn from `pool` (removed
    from it) as the rest of a collection: the currencies of `known` count as already held."""
    return collected_hand(pool, count, concentration, rng, {CUR[c] for c in known})


def collected_hand(
    pool: list[int],
    count: int,
    concentration: float,
    rng: random.Random,
    kinds: set[int] | None = None,
) -> list[int]:
    """`count` cards drawn from `pool` (removed from it) as a hand that has been collecting:
    after the first, each card is, with chance `concentration`, one of a currency the hand
    already holds (coins count as a currency; `kinds`: the currencies held before), else any
    card."""
    hand: list[int] = []
    kinds = set(kinds or ())
    for _ in range(count):
        index = -1
        if kinds and rng.random() < concentration:
            matching = [i for i, c in enumerate(pool) if CUR[c] in kinds]
            if matching:
                index = matching[rng.randrange(len(matching))]
        if index < 0:
            index = rng.randrange(len(pool))
        card = pool.pop(index)
        hand.append(card)
        kinds.add(CUR[card])
    return hand


def candidates(view: View, sim: MoneySim, seed: int) -> list[int]:
    """Root moves (see the module docstring)."""
    seat = view["seat"]
    first = parse_move(standard.bot_action(view, seed))
    if view["phase"] == "exchange":
        return [first, *(m for m in sim.legal(seat) if m != first)]
    moves = [first]
    if bluff_id(seat) in view["hand"]:
        moves.append(bid_move([bluff_id(seat)]))
    ranked = sorted(standard.bid_gains(view), key=lambda bid_gain: -bid_gain[1])
    moves += [bid_move(list(bid)) for bid, _ in ranked]
    return list(dict.fromkeys(moves))[:MAX_CANDIDATE_BIDS]


def policy_bid(hand: list[int], seat: int, look: float, rng: random.Random) -> int:
    """The cheap policy's bid from `hand`: the bluff card alone now and then, else one or two
    of the cards the hand misses least per face point, now and then random ones."""
    values = [c for c in hand if VALUE[c]]
    if not values or rng.random() < 0.08:
        return bid_move([bluff_id(seat)])
    if rng.random() < 0.15:
        return bid_move(rng.sample(values, 1 if len(values) == 1 else 2))
    holdings = Holdings(values, look)
    ranked = sorted(values, key=lambda c: -holdings.change(remove=(c,)) / VALUE[c])
    size = 1 if len(ranked) == 1 or rng.random() < 0.55 else 2
    return bid_move(ranked[:size])


def playout_move(sim: MoneySim, seat: int, rng: random.Random) -> int:
    """Every seat's move in a playout: the standard bot's on its own view of the world."""
    return standard_move(sim, seat)


def cheap_move(sim: MoneySim, seat: int, rng: random.Random) -> int:
    """The easy bot's policy, a sketch of the standard bot's measure: bid the bluff card alone
    now and then, else one or two of the cards the hand misses least per face point; in the
    exchange take the set that adds most worth (`rules.money.valuation`) plus a little for its
    face value, or pass. A random move now and then."""
    look = outlook(len(sim.deck), sim.final_round)
    if sim.phase != EXCHANGE:
        return policy_bid(sim.hands[seat], seat, look, rng)
    moves = sim.legal(seat)
    if rng.random() < 0.05:
        return moves[rng.randrange(len(moves))]
    holdings = Holdings(sim.hands[seat], look)
    best, best_value = PASS, float("-inf")
    for move in moves:
        if move == ROW_LEFT:
            cards = sim.left
        elif move == ROW_RIGHT:
            cards = sim.right
        elif move == PASS:
            cards = sim.table[seat] or []
        else:
            cards = sim.table[move - TAKE] or []
        value = holdings.change(add=cards) + FACE_WEIGHT * face(cards)
        if value > best_value:
            best, best_value = move, value
    return best


STALL_ROUND = standard.DEFAULT_TUNING.stall_round
_MEMO: dict[tuple[object, ...], int] = {}
MEMO_LIMIT = 20_000  # standard moves remembered (a few MB) before the memo starts afresh


def sim_view(sim: MoneySim, seat: int) -> View:
    """The parts of `seat`'s view of a simulated world that the standard bot reads."""
    exchange = sim.phase == EXCHANGE
    return {
        "seat": seat,
        "players": sim.players,
        "phase": "exchange" if exchange else "bid",
        "to_act": [seat],
        "round": sim.round,
        "final_round": sim.final_round,
        "deck_count": len(sim.deck),
        "currencies": sim.currencies,
        "hand": sim.hands[seat],
        "rows": {"left": sim.left, "right": sim.right},
        "seats": [{"table": t if exchange and t else None} for t in sim.table],
        "order": sim.order() if exchange else [],
    }


def standard_move(sim: MoneySim, seat: int) -> int:
    """The standard bot's move on `seat`'s view of the world (remembered: the same view comes
    back in the playouts of every candidate from one world)."""
    if sim.phase == EXCHANGE:
        key: tuple[object, ...] = (
            seat,
            tuple(sim.hands[seat]),
            tuple(sim.left),
            tuple(sim.right),
            tuple(tuple(t) if t else () for t in sim.table),
            tuple(sim.acted),
            len(sim.deck),
            sim.final_round,
            sim.round >= STALL_ROUND,
        )
    else:
        key = (
            seat,
            tuple(sim.hands[seat]),
            tuple(sim.left),
            tuple(sim.right),
            len(sim.deck),
            sim.final_round,
            tuple(sim.currencies),
        )
    move = _MEMO.get(key)
    if move is None:
        if len(_MEMO) >= MEMO_LIMIT:
            _MEMO.clear()
        move = _MEMO[key] = parse_move(standard.decide(sim_view(sim, seat)))
    return move


def finished(sim: MoneySim, view: View) -> bool:
    """The current hand is over (or the match)."""
    return sim.over or len(sim.results) >= view["hand_no"]


def reward(sim: MoneySim, seat: int, view: View) -> float:
    """A win of the hand (shared on a tie) plus a little for the margin over the best rival; a
    playout stopped before the hand's end (it never is with standard bots, who stop passing
    after a while) is scored on the hands' points as they stand."""
    if len(sim.results) >= view["hand_no"]:
        scores = sim.results[view["hand_no"] - 1][0]
    else:
        scores = sim.hand_scores()
    mine = scores[seat]
    best_other = max(v for s, v in enumerate(scores) if s != seat)
    top = max(scores)
    win = 1.0 / scores.count(top) if mine == top else 0.0
    margin = min(1.0, max(0.0, 0.5 + MARGIN_WEIGHT * (mine - best_other)))
    return float(WIN_SHARE * win + (1 - WIN_SHARE) * margin)


class MoneySearcher:
    """Money's `rules.search.Searcher`."""

    determinize = staticmethod(determinize)
    candidates = staticmethod(candidates)
    playout_move = staticmethod(playout_move)
    easy_move = staticmethod(cheap_move)
    finished = staticmethod(finished)
    reward = staticmethod(reward)
    move_text = staticmethod(move_text)
    switch_at = SWITCH_AT


SEARCHER = MoneySearcher()
