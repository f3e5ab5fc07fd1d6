"""The tile game's root moves worth a search, from one seat's view: the keen policy's move
(`rules.newyork.keen`) first, the standard bot's next, then the moves a player would really
weigh against them, not the engine's listing order (which puts every single-card take and every
redesign before any purchase).

- Acting: every market building the hand can pay (the standard bot's least overpayment, best
  tiles first), the richest takes, a reserve tile built into the city.
- Placing: the spots of the tile to place with the longest street after it (the standard bot
  looks at the 12 closest only), then the reserve.
- Paying step by step: the standard payment, and `back`.
"""

from __future__ import annotations

from rules.contract import View
from rules.newyork import bot as standard
from rules.newyork import building, keen
from rules.newyork.components import BANKS, MONEY, TILES
from rules.newyork.engine import take_options
from rules.newyork.streets import street_points

TAKES = 2  # the richest takes tried
SPOTS = 4  # the best street spots tried for a placement


def _buys(view: View) -> list[str]:
    """`buy` of every market space the hand can pay, the standard bot's liked tiles first."""
    found: list[tuple[float, str]] = []
    for slot, tile in enumerate(view["market"]):
        if tile is None:
            continue
        cards = [c for c in view["hand"] if MONEY[c].bank == BANKS[slot]]
        payment = standard.best_payment(cards, TILES[tile].price)
        if payment is None:
            continue
        over = sum(MONEY[c].value for c in payment) - TILES[tile].price
        worth = standard.tile_worth(view, tile) - over + (5 if over == 0 else 0)
        found.append((-worth, f"buy {slot + 1} " + ",".join(map(str, payment))))
    return [text for _worth, text in sorted(found)]


def _takes(view: View) -> list[str]:
    """The richest takes (total value, then more cards)."""
    takes = sorted(
        take_options(view["display"]),
        key=lambda combo: (-sum(MONEY[c].value for c in combo), -len(combo), combo),
    )
    return ["take " + ",".join(map(str, combo)) for combo in takes[:TAKES]]


def _builds(view: View) -> list[str]:
    """A reserve tile built into the city (its first legal spot), when one fits."""
    seat = view["seat"]
    grid = building.grid_of(view["cities"][seat])
    for tile in view["reserves"][seat]:
        spots = building.legal_spots(grid, tile)
        if spots:
            return [f"move {tile} {building.spot_label(grid, spots[0])}"]
    return []


def _placements(view: View) -> list[str]:
    """The spots with the longest street after the tile is built there, then the reserve."""
    seat = view["seat"]
    tile = view["to_place"][seat][0]
    grid = building.grid_of(view["cities"][seat])
    label = building.spot_labeller(grid)
    ranked: list[tuple[int, int, str]] = []
    for order, cell in enumerate(building.legal_spots(grid, tile)):
        grid[cell] = tile
        ranked.append((-street_points(grid), order, f"place {tile} {label(cell)}"))
        del grid[cell]
    ranked.sort()
    return [text for *_key, text in ranked[:SPOTS]] + [f"place {tile} reserve"]


def root_moves(view: View, seed: int) -> list[str]:
    """The keen move, the standard move, then the alternatives worth a search (see the module),
    no repeats; all legal for the seat."""
    first = keen.keen_action(view, seed)
    others: list[str] = [standard.bot_action(view, seed)]
    if view["phase"] == "place":
        others += _placements(view)
    elif view["paying"] is not None:
        others.append("back")
    else:
        others += _buys(view) + _takes(view) + _builds(view)
    moves = [first]
    for move in others:
        if move not in moves:
            moves.append(move)
    return moves
