"""What each seat (or the public) may see of a New York card game: the only input of pictures
and texts.

Public: the yard, the money display, counts of the decks and the discard pile, each seat's
number of money cards and `known` (the money cards everybody saw it take from the display and
not pay since: a public memory for the bots, never drawn or written for players; a seat's
starting cards are not among them), every building bought (and Dirk's), the scores and the
scorings done, who acts and how many actions they took, a pending keep/gift, and the last
public events. A seat's view adds its own hand. Never shown: the money deck's order or
contents (nor where the scoring cards lie), the discard pile's contents, the building deck,
the other hands' cards nobody saw arrive."""

from __future__ import annotations

from rules.contract import State, View
from rules.nycards.engine import to_act
from rules.nycards.outcome import outcome


def view(state: State, seat: int | None) -> View:
    """The view of `seat`, or the public view when `seat` is None."""
    done = {s["scoring"] for s in state["scorings"]}
    public: View = {
        "game": "nycards",
        "players": state["players"],
        "dirk": state["dirk"],
        "phase": state["phase"],
        "turn_no": state["turn_no"],
        "current": state["current"],
        "actions": state["actions"],
        "pending": dict(state["pending"]) if state["pending"] else None,
        "yard": list(state["yard"]),
        "display": list(state["display"]),
        "building_deck_count": len(state["building_deck"]),
        "money_deck_count": len(state["money_deck"]),
        "discard_count": len(state["discard"]),
        "hand_counts": [len(h) for h in state["hands"]],
        "known": [list(k) for k in state.get("known") or [[] for _ in state["hands"]]],
        "buildings": [sorted(b) for b in state["buildings"]],
        "dirk_buildings": sorted(state["dirk_buildings"]),
        "unassigned": list(state["unassigned"]),
        "scores": list(state["scores"]),
        "dirk_score": state["dirk_score"],
        "scorings": list(state["scorings"]),
        "scorings_left": [s for s in ("A", "B", "C") if s not in done],
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
