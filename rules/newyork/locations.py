"""Where every piece of the New York tile game is: money, scoring cards and tiles."""

from __future__ import annotations

from rules.contract import State
from rules.newyork.components import MONEY, SCORING_CARDS, TIMES_SQUARES, money_ids


def locations(state: State) -> dict[str, list[int]]:
    """Every id by place: `bag`, `market` (the tiles on its spaces), `to_place.N`, `city.N`
    (Times Square included), `reserve.N`, `dirk`, `deck` (the scoring cards not yet turned up
    among it), `display`, `discard`, `hand.N`, `paying` (cards paid for a purchase not yet
    complete), `scored` (the scoring cards turned up) and `box` (tiles out of a short game,
    money not used at this player count, the Times Squares of empty seats)."""
    players = state["players"]
    done = {record["name"] for record in state["scorings"]}
    in_play = set(money_ids(players))
    places: dict[str, list[int]] = {
        "bag": list(state["bag"]),
        "market": [tile for tile in state["market"] if tile is not None],
        "dirk": list(state["dirk_tiles"]),
        "deck": list(state["deck"]),
        "display": list(state["display"]),
        "discard": list(state["discard"]),
        "scored": [card for name, card in SCORING_CARDS.items() if name in done],
        "box": [
            *state["box"],
            *(card for card in MONEY if card not in in_play),
            *TIMES_SQUARES[players:],
        ],
    }
    if state["paying"] is not None:
        places["paying"] = list(state["paying"]["paid"])
    for seat in range(players):
        places[f"hand.{seat}"] = list(state["hands"][seat])
        places[f"city.{seat}"] = [tile for _, _, tile in state["cities"][seat]]
        places[f"reserve.{seat}"] = list(state["reserves"][seat])
        places[f"to_place.{seat}"] = list(state["to_place"][seat])
    return places
