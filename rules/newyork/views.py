"""What each seat (or the public) may see of a New York game: the only input of pictures/texts.

Public: the market, the money display, counts of the bag, deck and discard pile, every city and
reserve, the tiles waiting to be placed, a purchase being paid (with the cards paid so far),
each seat's number of money cards, scores, finished scorings, Dirk's tiles, the last events.
Secret: the hands (a seat's view adds its own `hand`), the bag order, the deck order.
"""

from __future__ import annotations

from rules.contract import State, View
from rules.newyork.engine import to_act
from rules.newyork.outcome import outcome


def view(state: State, seat: int | None) -> View:
    """The view of `seat`, or the public view when `seat` is None."""
    paying = state["paying"]
    public: View = {
        "game": "newyork",
        "players": state["players"],
        "dirk": state["dirk"],
        "phase": state["phase"],
        "final": state["final"],
        "current": state["current"],
        "turn_no": state["turn_no"],
        "actions": state["actions"],
        "paying": None
        if paying is None
        else {"slot": paying["slot"], "paid": list(paying["paid"])},
        "to_place": [list(t) for t in state["to_place"]],
        "market": list(state["market"]),
        "bag_count": len(state["bag"]),
        "display": list(state["display"]),
        "deck_count": len(state["deck"]),
        "discard_count": len(state["discard"]),
        "hand_counts": [len(h) for h in state["hands"]],
        "cities": [[list(c) for c in city] for city in state["cities"]],
        "reserves": [list(r) for r in state["reserves"]],
        "dirk_tiles": list(state["dirk_tiles"]),
        "scores": list(state["scores"]),
        "dirk_score": state["dirk_score"],
        "scorings": list(state["scorings"]),
        "to_act": to_act(state),
        "events": list(state["events"]),
        "winners": list(result.winners) if (result := outcome(state)) else [],
        "seat": seat,
    }
    if seat is not None:
        public["hand"] = list(state["hands"][seat])
    return public


def hand(state: State, seat: int) -> list[int]:
    """`view(state, seat)["hand"]` alone (the table compares hands after every action)."""
    return list(state["hands"][seat])
