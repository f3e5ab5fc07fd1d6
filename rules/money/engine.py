"""Money's rules: setup, bids, the exchange, refills, the end of a hand and of the match.

The checks and the copy every action shares are `rules.base.BaseGame`'s; `rules.money.game`
puts these rules behind it.

State layout (plain JSON data):
    game, players, options {"hands": "3"|"1", "match": "most_hands"|"total"}, rng,
    applied (actions applied),
    hand_no, round, final_round, phase ("bid" | "exchange" | "over"), currencies (in play),
    deck, rows {"left", "right"}, hands [per seat], bids [per seat: secret bid or None],
    table [per seat: cards in front of the seat during the exchange, or None],
    acted [per seat], results [one per finished hand], events [public events of the last step],
    known [per seat: the value cards it holds (in hand or in its secret bid) that everybody saw
    it get this hand, sorted: taken from a row or a bid, or its own bid taken back, and not bid
    since; public, see `remember_bids` and `remember_taken`; absent in games stored before it
    existed, which remember from their next hand on].
"""

from __future__ import annotations

from rules import rng as rngmod
from rules.base import top_seats
from rules.contract import Choices, Pick, State
from rules.errors import IllegalAction, MalformedAction, NotYourTurn, RuleError
from rules.money.actions import Action, Bid, Pass, TakeBid, TakeRow
from rules.money.components import (
    CARDS,
    CURRENCIES,
    CURRENCIES_REMOVED,
    SERIAL_KEY,
    VALUE,
    VALUE_CARD_IDS,
    bluff_id,
)
from rules.money.scoring import score_cards

ROW_SIZE = 4
HAND_SIZE = 6
OPTION_HANDS = ("3", "1")
OPTION_MATCH = ("most_hands", "total")
COPIED = {  # the state parts an action may change, and how deep (see `BaseGame.copied`)
    "options": 1,
    "deck": 1,
    "rows": 2,
    "hands": 2,
    "bids": 2,
    "table": 2,
    "acted": 1,
    "currencies": 1,
    "results": 1,  # finished results are never changed
}


# ---------------------------------------------------------------- setup


def setup(players: int, options: dict[str, str], seed: int) -> State:
    """A new match for 3–5 players (checked options `hands` and `match`); the first hand is
    dealt."""
    state: State = {
        "game": "money",
        "players": players,
        "options": {"hands": options["hands"], "match": options["match"]},
        "rng": rngmod.seed_state(seed),
        "hand_no": 0,
        "results": [],
        "events": [],
    }
    _deal_hand(state)
    return state


def _deal_hand(state: State) -> None:
    """Start the next hand: pick currencies, shuffle, deal 6 each, lay the right then left row.

    The currencies removed for 3 or 4 players are drawn anew each hand (PROPOSED).
    """
    n = state["players"]
    codes = [c.code for c in CURRENCIES]
    rng = state["rng"]
    for _ in range(CURRENCIES_REMOVED[n]):
        index, rng = rngmod.below(rng, len(codes))
        codes.pop(index)
    in_play = set(codes)
    deck = [
        cid for cid in VALUE_CARD_IDS if CARDS[cid].kind == "coin" or CARDS[cid].currency in in_play
    ]
    rng = rngmod.shuffle(rng, deck)
    hands = []
    for seat in range(n):
        hand = deck[:HAND_SIZE]
        del deck[:HAND_SIZE]
        hands.append([*sorted(hand), bluff_id(seat)])
    right, left = deck[:ROW_SIZE], deck[ROW_SIZE : 2 * ROW_SIZE]
    del deck[: 2 * ROW_SIZE]
    state.update(
        rng=rng,
        hand_no=state["hand_no"] + 1,
        round=1,
        final_round=not deck,
        phase="bid",
        currencies=[c.code for c in CURRENCIES if c.code in in_play],
        deck=deck,
        rows={"left": left, "right": right},
        hands=hands,
        bids=[None] * n,
        table=[None] * n,
        acted=[False] * n,
        known=[[] for _ in range(n)],
    )
    state["events"].append(
        {"type": "hand_started", "hand_no": state["hand_no"], "currencies": state["currencies"]}
    )


# ---------------------------------------------------------------- who acts


def table_total(cards: list[int]) -> int:
    """The value of cards on the table."""
    return sum(VALUE[c] for c in cards)


def exchange_order(state: State) -> list[int]:
    """Seats still to act this round, first to act first: highest total on the table, ties by
    the lowest serial number among each seat's cards. Seats with nothing on the table sit out."""
    acted = state["acted"]
    keyed = []
    for seat, cards in enumerate(state["table"]):
        if cards and not acted[seat]:
            total = 0
            lowest = 10_000
            for card in cards:
                total += VALUE[card]
                serial = SERIAL_KEY[card]
                if serial < lowest:
                    lowest = serial
            keyed.append((-total, lowest, seat))
    keyed.sort()
    return [seat for _, _, seat in keyed]


def to_act(state: State) -> list[int]:
    """Bid phase: every seat that has not bid yet. Exchange: the one seat first in order."""
    if state["phase"] == "bid":
        return [s for s in range(state["players"]) if state["bids"][s] is None]
    if state["phase"] == "exchange":
        order = exchange_order(state)
        return order[:1]
    return []


def turn(state: State) -> str:
    """`hand.round.phase[.seat]`: all bids of a round are one turn (a simultaneous decision);
    in the exchange that follows each seat acts once, in order, and each of those is a turn of
    its own (the rulebook's "in turn")."""
    label = f"{state['hand_no']}.{state['round']}.{state['phase']}"
    acting = to_act(state) if state["phase"] == "exchange" else []
    return f"{label}.{acting[0]}" if acting else label


def choices(state: State, seat: int) -> Choices:
    """Bid phase: pick 1..all cards of the hand. Exchange: take a row, take a bid, or pass."""
    if seat not in to_act(state):
        return Choices()
    if state["phase"] == "bid":
        hand = tuple(state["hands"][seat])
        return Choices(picks=(Pick("bid", hand, 1, len(hand)),))
    moves = [f"row {row}" for row in ("left", "right") if state["rows"][row]]
    moves += [f"take {s}" for s in exchange_order(state) if s != seat]
    moves.append("pass")
    return Choices(moves=tuple(moves))


# ---------------------------------------------------------------- applying actions


def refusal(state: State, seat: int) -> RuleError:
    """The error for a seat with nothing to do: it has bid already, or it is not its turn."""
    if state["phase"] == "bid":
        return IllegalAction("money.error.already_bid")
    return NotYourTurn("error.not_your_turn")


def play(state: State, seat: int, act: Action) -> None:
    """Play `act` of `seat` on `state` (a copy, changed in place): a bid in the bid phase,
    a row, a bid taken or a pass in the exchange."""
    if state["phase"] == "bid":
        if not isinstance(act, Bid):
            raise IllegalAction("money.error.bid_phase")
        _place_bid(state, seat, act)
    else:
        if isinstance(act, Bid):
            raise IllegalAction("money.error.exchange_phase")
        _exchange(state, seat, act)


def _place_bid(state: State, seat: int, bid: Bid) -> None:
    hand = state["hands"][seat]
    if len(set(bid.cards)) != len(bid.cards):
        raise MalformedAction("money.error.duplicate_card")
    missing = [c for c in bid.cards if c not in hand]
    if missing:
        raise IllegalAction("money.error.not_in_hand")
    state["hands"][seat] = [c for c in hand if c not in bid.cards]
    state["bids"][seat] = sorted(bid.cards, key=lambda c: SERIAL_KEY[c])
    state["events"].append({"type": "bid_placed", "seat": seat})
    if all(b is not None for b in state["bids"]):
        _reveal(state)


def _reveal(state: State) -> None:
    """All bids are in: show them, return bluff cards to their owners, start the exchange."""
    bids = state["bids"]
    for seat, bid in enumerate(bids):
        bluff = bluff_id(seat)
        if bluff in bid:
            state["hands"][seat].append(bluff)
        state["table"][seat] = [c for c in bid if c != bluff]
    state["events"].append({"type": "bids_revealed", "bids": bids})
    remember_bids(state, bids)
    state["bids"] = [None] * state["players"]
    state["acted"] = [False] * state["players"]
    state["phase"] = "exchange"
    _maybe_end_round(state)


def _exchange(state: State, seat: int, act: TakeRow | TakeBid | Pass) -> None:
    mine = state["table"][seat]
    if isinstance(act, TakeRow):
        row = state["rows"][act.row]
        if not row:
            raise IllegalAction("money.error.row_empty")
        state["hands"][seat].extend(row)
        state["rows"][act.row] = list(mine)
        state["events"].append(
            {"type": "took_row", "seat": seat, "row": act.row, "took": row, "gave": mine}
        )
    elif isinstance(act, TakeBid):
        other = act.seat
        if other == seat:
            raise IllegalAction("money.error.take_own_bid")
        if not 0 <= other < state["players"] or state["acted"][other] or not state["table"][other]:
            raise IllegalAction("money.error.bid_not_available")
        taken = state["table"][other]
        state["hands"][seat].extend(taken)
        state["table"][other] = list(mine)
        state["events"].append(
            {"type": "took_bid", "seat": seat, "from": other, "took": taken, "gave": mine}
        )
    elif isinstance(act, Pass):
        state["hands"][seat].extend(mine)
        state["events"].append({"type": "passed", "seat": seat, "took": mine})
    remember_taken(state, seat, state["events"][-1]["took"])
    state["hands"][seat].sort()
    state["table"][seat] = None
    state["acted"][seat] = True
    _maybe_end_round(state)


def remember_bids(state: State, bids: list[list[int]]) -> None:
    """The revealed bids left their bidders' hands: none of their cards is known to be held.
    (`known` lists are replaced, never changed in place: copies of the state share them.)"""
    known = state.get("known")
    if known is not None:
        state["known"] = [
            [c for c in held if c not in bid] for held, bid in zip(known, bids, strict=True)
        ]


def remember_taken(state: State, seat: int, cards: list[int]) -> None:
    """`seat` took `cards` into its hand in public: they are known to be held."""
    known = state.get("known")
    if known is not None:
        known = list(known)
        known[seat] = sorted([*known[seat], *cards])
        state["known"] = known


def _maybe_end_round(state: State) -> None:
    """When nobody is left to act: end the hand after a final round, else refill and bid again."""
    if exchange_order(state):
        return
    state["table"] = [None] * state["players"]
    state["acted"] = [False] * state["players"]
    if state["final_round"]:
        _end_hand(state)
        return
    deck, rows = state["deck"], state["rows"]
    for name in ("right", "left"):  # the right row is filled first
        need = max(0, 4 - len(rows[name]))
        rows[name].extend(deck[:need])
        del deck[:need]
    state["round"] += 1
    state["final_round"] = not deck
    state["phase"] = "bid"
    state["events"].append(
        {"type": "round_started", "round": state["round"], "final": state["final_round"]}
    )


def _end_hand(state: State) -> None:
    """Score the hand; deal the next one or end the match."""
    details = [score_cards(hand) for hand in state["hands"]]
    scores = [d["total"] for d in details]
    result = {
        "hand_no": state["hand_no"],
        "currencies": list(state["currencies"]),
        "scores": scores,
        "winners": top_seats(scores),
        "detail": details,
        "hands": [sorted(h) for h in state["hands"]],
    }
    state["results"].append(result)
    state["events"].append(
        {
            "type": "hand_scored",
            "hand_no": state["hand_no"],
            "scores": scores,
            "winners": result["winners"],
        }
    )
    if len(state["results"]) < int(state["options"]["hands"]):
        _deal_hand(state)
        return
    state["phase"] = "over"
    state["events"].append({"type": "match_over"})
