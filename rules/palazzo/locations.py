"""Where every Palazzo card and tile is."""

from __future__ import annotations

from rules.contract import State


def locations(state: State) -> dict[str, list[int]]:
    """Every money card and tile (knights included) by place: `deck`, `discard`, `display`,
    `hand.N`, `bid.N` (cards offered in the running auction), `stack.1`–`stack.3`, `warehouse`,
    `quarry.K` (0-based), `auction` (the tiles auctioned), `to_build` (tiles bought, won or
    being distributed, not yet built), `palazzi.N` (every tile of a seat's palazzi), `knights`
    and `out` (tiles out of the game)."""
    places: dict[str, list[int]] = {
        "deck": list(state["deck"]),
        "discard": list(state["discard"]),
        "display": list(state["display"]),
        "warehouse": list(state["warehouse"]),
        "knights": list(state["knights"]),
        "out": list(state["out"]),
    }
    for number, stack in enumerate(state["stacks"], start=1):
        places[f"stack.{number}"] = list(stack)
    for quarry, tiles in enumerate(state["quarries"]):
        places[f"quarry.{quarry}"] = list(tiles)
    auction, pending = state["auction"], state["pending"]
    for seat in range(state["players"]):
        places[f"hand.{seat}"] = list(state["hands"][seat])
        places[f"palazzi.{seat}"] = [tile for p in state["palazzi"][seat] for tile in p]
        if auction is not None and (offer := auction["offers"][seat]) is not None:
            places[f"bid.{seat}"] = list(offer["cards"])
    if auction is not None:
        places["auction"] = list(auction["tiles"])
    if pending is not None:
        places["to_build"] = list(pending["tiles"])
    return places
