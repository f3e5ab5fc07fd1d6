"""What each seat (or the public) may see of a Palazzo game: the only input of pictures and
texts.

Public: the warehouse, quarries (with numbers relative to the master builder), knights, stack
sizes (never their contents or order), the money deck's size, the face-up discards and money on
display, each seat's card count and palazzi (with points), the auction and its open bids, the
tiles waiting to be built, the result. A seat's view adds its own `hand`.
"""

from __future__ import annotations

from rules.contract import State, View
from rules.palazzo.components import QUARRIES, STACK_NAMES
from rules.palazzo.engine import can_take_money, price, to_act
from rules.palazzo.payment import best_value
from rules.palazzo.scoring import palazzo_total, seat_points


def quarry_numbers(master: int) -> list[int]:
    """Each quarry's number counted clockwise from the master builder's quarry (0)."""
    return [(q - master) % QUARRIES for q in range(QUARRIES)]


def view(state: State, seat: int | None) -> View:
    """The view of `seat`, or the public view when `seat` is None."""
    n = state["players"]
    auction = state["auction"]
    seats = [
        {
            "hand_count": len(state["hands"][s]),
            "palazzi": [list(p) for p in state["palazzi"][s]],
            "points": [palazzo_total(p) for p in state["palazzi"][s]],
            "score": seat_points(state["palazzi"][s]),
        }
        for s in range(n)
    ]
    public: View = {
        "game": "palazzo",
        "players": n,
        "phase": state["phase"],
        "turn_no": state["turn_no"],
        "active": state["active"],
        "actor": state["actor"],
        "to_act": to_act(state),
        "deck_count": len(state["deck"]),
        "discard": list(state["discard"]),
        "display": list(state["display"]),
        "stacks": [
            {"name": name, "count": len(pile)}
            for name, pile in zip(STACK_NAMES, state["stacks"], strict=True)
        ],
        "warehouse": list(state["warehouse"]),
        "price": price(state),
        "can_take_money": can_take_money(state),
        "quarries": [list(q) for q in state["quarries"]],
        "master": state["master"],
        "numbers": quarry_numbers(state["master"]),
        "knights": list(state["knights"]),
        "out_count": len(state["out"]),
        "seats": seats,
        "auction": None
        if auction is None
        else {
            "quarry": auction["quarry"],
            "tiles": list(auction["tiles"]),
            "offers": [
                None if o is None else {**o, "cards": list(o["cards"])} for o in auction["offers"]
            ],
            "passed": list(auction["passed"]),
            "high": auction["high"],
            "opener": auction["opener"],
        },
        "pending": None
        if state["pending"] is None
        else {**state["pending"], "tiles": list(state["pending"]["tiles"])},
        "result": state["result"],
        "events": list(state["events"]),
        "seat": seat,
    }
    if state["pending"] is not None:
        public["pending"]["order"] = list(state["pending"]["order"])
    if seat is not None:
        public["hand"] = list(state["hands"][seat])
        public["hand_value"] = best_value(state["hands"][seat])
    return public


def hand(state: State, seat: int) -> list[int]:
    """`view(state, seat)["hand"]` alone (the table compares hands after every action)."""
    return list(state["hands"][seat])
