"""Where every card of the New York card game is: money, the scoring cards and the buildings."""

from __future__ import annotations

from rules.contract import State
from rules.nycards.components import MONEY, SCORING_CARDS, money_ids


def locations(state: State) -> dict[str, list[int]]:
    """Every id by place: `building_deck`, `yard` (the buildings on its slots), `pending` (a
    building bought, kept or gifted next), `buildings.N`, `dirk`, `unassigned`, `money_deck`
    (the scoring cards not yet turned up among it), `display`, `discard`, `hand.N`, `scored`
    (the scoring cards turned up) and `box` (money not used at this player count)."""
    done = {record["scoring"] for record in state["scorings"]}
    in_play = set(money_ids(state["players"]))
    places: dict[str, list[int]] = {
        "building_deck": list(state["building_deck"]),
        "yard": [b for b in state["yard"] if b is not None],
        "dirk": list(state["dirk_buildings"]),
        "unassigned": list(state["unassigned"]),
        "money_deck": list(state["money_deck"]),
        "display": list(state["display"]),
        "discard": list(state["discard"]),
        "scored": [card for card, scoring in SCORING_CARDS.items() if scoring in done],
        "box": [card for card in MONEY if card not in in_play],
    }
    if state["pending"] is not None:
        places["pending"] = [state["pending"]["building"]]
    for seat in range(state["players"]):
        places[f"hand.{seat}"] = list(state["hands"][seat])
        places[f"buildings.{seat}"] = list(state["buildings"][seat])
    return places
