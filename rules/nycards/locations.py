"""Where every card of the New York card game is: money, the scoring cards and the buildings."""

from __future__ import annotations

from rules.contract import State
from rules.nycards.components import MONEY, SCORING_CARDS, money_ids


def locations(state: State) -> dict[str, list[int]]:
    """Every id by kind and place. Buildings: `building:building_deck`, `building:yard` (on its
    slots), `building:pending` (bought, kept or gifted next), `building:buildings.N`,
    `building:dirk`, `building:unassigned`. Money cards and the scoring cards among them:
    `money:money_deck`, `money:display`, `money:discard`, `money:hand.N`, `money:scored` (the
    scoring cards turned up) and `money:box` (money not used at this player count)."""
    done = {record["scoring"] for record in state["scorings"]}
    in_play = set(money_ids(state["players"]))
    places: dict[str, list[int]] = {
        "building:building_deck": list(state["building_deck"]),
        "building:yard": [b for b in state["yard"] if b is not None],
        "building:dirk": list(state["dirk_buildings"]),
        "building:unassigned": list(state["unassigned"]),
        "money:money_deck": list(state["money_deck"]),
        "money:display": list(state["display"]),
        "money:discard": list(state["discard"]),
        "money:scored": [card for card, scoring in SCORING_CARDS.items() if scoring in done],
        "money:box": [card for card in MONEY if card not in in_play],
    }
    if state["pending"] is not None:
        places["building:pending"] = [state["pending"]["building"]]
    for seat in range(state["players"]):
        places[f"money:hand.{seat}"] = list(state["hands"][seat])
        places[f"building:buildings.{seat}"] = list(state["buildings"][seat])
    return places
