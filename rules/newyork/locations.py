"""Where every piece of the New York tile game is: money, scoring cards and tiles."""

from __future__ import annotations

from rules.contract import State
from rules.newyork.components import MONEY, SCORING_CARDS, TIMES_SQUARES, money_ids


def locations(state: State) -> dict[str, list[int]]:
    """Every id by kind and place (money cards and tiles share ids). Tiles, Times Squares
    included: `tile:bag`, `tile:market` (on its spaces), `tile:to_place.N`, `tile:city.N`,
    `tile:reserve.N`, `tile:dirk`, `tile:box` (out of a short game; the Times Squares of empty
    seats). Money cards and the scoring cards among them: `money:deck`, `money:display`,
    `money:discard`, `money:hand.N`, `money:paying` (paid for a purchase not yet complete),
    `money:scored` (the scoring cards turned up), `money:box` (not used at this player count)."""
    players = state["players"]
    done = {record["name"] for record in state["scorings"]}
    in_play = set(money_ids(players))
    places: dict[str, list[int]] = {
        "tile:bag": list(state["bag"]),
        "tile:market": [tile for tile in state["market"] if tile is not None],
        "tile:dirk": list(state["dirk_tiles"]),
        "tile:box": [*state["box"], *TIMES_SQUARES[players:]],
        "money:deck": list(state["deck"]),
        "money:display": list(state["display"]),
        "money:discard": list(state["discard"]),
        "money:scored": [card for name, card in SCORING_CARDS.items() if name in done],
        "money:box": [card for card in MONEY if card not in in_play],
    }
    if state["paying"] is not None:
        places["money:paying"] = list(state["paying"]["paid"])
    for seat in range(players):
        places[f"money:hand.{seat}"] = list(state["hands"][seat])
        places[f"tile:city.{seat}"] = [tile for _, _, tile in state["cities"][seat]]
        places[f"tile:reserve.{seat}"] = list(state["reserves"][seat])
        places[f"tile:to_place.{seat}"] = list(state["to_place"][seat])
    return places
