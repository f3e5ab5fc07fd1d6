"""Where every Palazzo card and tile is."""

from __future__ import annotations

from rules.contract import State


def locations(state: State) -> dict[str, list[int]]:
    """Every id by kind and place. Money cards: `money:deck`, `money:discard`, `money:display`,
    `money:hand.N`, `money:bid.N` (cards offered in the running auction). Tiles (knights
    included): `tile:stack.1`–`tile:stack.3`, `tile:warehouse`, `tile:quarry.K` (0-based),
    `tile:auction` (the tiles auctioned), `tile:to_build` (tiles bought, won or being
    distributed, not yet built), `tile:palazzi.N` (every tile of a seat's palazzi),
    `tile:knights` and `tile:out` (tiles out of the game)."""
    places: dict[str, list[int]] = {
        "money:deck": list(state["deck"]),
        "money:discard": list(state["discard"]),
        "money:display": list(state["display"]),
        "tile:warehouse": list(state["warehouse"]),
        "tile:knights": list(state["knights"]),
        "tile:out": list(state["out"]),
    }
    for number, stack in enumerate(state["stacks"], start=1):
        places[f"tile:stack.{number}"] = list(stack)
    for quarry, tiles in enumerate(state["quarries"]):
        places[f"tile:quarry.{quarry}"] = list(tiles)
    auction, pending = state["auction"], state["pending"]
    for seat in range(state["players"]):
        places[f"money:hand.{seat}"] = list(state["hands"][seat])
        places[f"tile:palazzi.{seat}"] = [tile for p in state["palazzi"][seat] for tile in p]
        if auction is not None and (offer := auction["offers"][seat]) is not None:
            places[f"money:bid.{seat}"] = list(offer["cards"])
    if auction is not None:
        places["tile:auction"] = list(auction["tiles"])
    if pending is not None:
        places["tile:to_build"] = list(pending["tiles"])
    return places
