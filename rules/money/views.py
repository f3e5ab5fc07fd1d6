"""What each seat (or the public) may see of a Money game: the only input of pictures and texts.

Public view: the rows, the deck size, each seat's card count, who has bid (not what), the bids on
the table once revealed, the exchange order, finished hands' scores (with the final hands, which
scoring makes public), the match winners once it is over, and the last public events.
Each seat's `known`: the value cards everybody saw it take this hand and not bid since (every
card movement after the deal is public: bids are revealed, takes are seen), so they are still in
its hand or its secret bid; the rest of its hand is from the deal, unknown to the others. The
strong bot remembers with it; pictures and texts do not show it (players remember for
themselves, as at a real table).
A seat's view adds that seat's own hand and own secret bid.
"""

from __future__ import annotations

from typing import Any

from rules.contract import State, View
from rules.money.engine import exchange_order, table_total, to_act
from rules.money.outcome import hands_won, outcome, totals


def view(state: State, seat: int | None) -> View:
    """The view of `seat`, or the public view when `seat` is None."""
    n = state["players"]
    exchange = state["phase"] == "exchange"
    known = state.get("known") or [[] for _ in range(n)]
    seats = []
    for s in range(n):
        table = state["table"][s] if exchange else None
        bid = state["bids"][s]
        seats.append(
            {
                "hand_count": len(state["hands"][s]) + (len(bid) if bid is not None else 0),
                "bid_placed": state["phase"] == "bid" and bid is not None,
                "table": list(table) if table else None,
                "table_total": table_total(table) if table else 0,
                "acted": exchange and state["acted"][s],
                "sat_out": exchange and not state["acted"][s] and not table,
                "known": list(known[s]),
            }
        )
    public: View = {
        "game": "money",
        "players": n,
        "options": dict(state["options"]),
        "hand_no": state["hand_no"],
        "hands_total": int(state["options"]["hands"]),
        "round": state["round"],
        "final_round": state["final_round"],
        "phase": state["phase"],
        "currencies": list(state["currencies"]),
        "deck_count": len(state["deck"]),
        "rows": {"left": list(state["rows"]["left"]), "right": list(state["rows"]["right"])},
        "seats": seats,
        "order": exchange_order(state) if exchange else [],
        "to_act": to_act(state),
        "results": state["results"],
        "hands_won": hands_won(state),
        "totals": totals(state),
        "events": list(state["events"]),
        "winners": list(result.winners) if (result := outcome(state)) else [],
        "seat": seat,
    }
    if seat is not None:
        bid = state["bids"][seat]
        public["hand"] = list(state["hands"][seat])
        public["bid"] = list(bid) if bid is not None else None
    return public


def hand(state: State, seat: int) -> dict[str, Any]:
    """What the seat's hand panel shows that can change while it waits (the table compares it
    after every action): its cards, its secret bid, the cards in front of it in the exchange,
    and the phase (which of those the panel shows). A bid revealed, or taken by a rival, changes
    it though the cards in hand do not."""
    bid = state["bids"][seat]
    front = state["table"][seat] if state["phase"] == "exchange" else None
    return {
        "hand": list(state["hands"][seat]),
        "bid": list(bid) if bid is not None else None,
        "front": list(front) if front else None,
        "phase": state["phase"],
    }
