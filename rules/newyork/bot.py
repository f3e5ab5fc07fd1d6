"""New York's bot player: a greedy builder that plays from its own seat's view only.

Buys with exact payment when it can (extra action), else with a small overpayment or a full hand;
builds each tile where it keeps the city legal and lengthens its longest outside street, closest
to Times Square on a tie; reserves a tile with no legal spot and builds it later by redesign;
otherwise takes the most money it can. Tiles of types where it leads or can catch up are worth
more (majorities). With none of these it still acts whenever it can (the extra action after an
exact payment is a must): the tile it pays with the least overpayment, else the first redesign;
`end` only when no action is possible.
"""

from __future__ import annotations

from itertools import combinations

from rules import rng as rngmod
from rules.contract import View
from rules.newyork import building
from rules.newyork.components import BANKS, MONEY, TILES
from rules.newyork.engine import redesign_moves, take_options
from rules.newyork.scoring import type_counts
from rules.newyork.streets import street_points

OVERPAY_OK = 1
FULL_HAND = 12


def best_payment(cards: list[int], owing: int) -> list[int] | None:
    """The cards paying at least `owing` with the least overpayment, then the fewest cards;
    None when all of them are not enough."""
    if sum(MONEY[c].value for c in cards) < owing:
        return None
    cards = sorted(cards, key=lambda c: (MONEY[c].value, c))[:14]
    best: tuple[int, int] | None = None
    chosen: list[int] = list(cards)
    for size in range(1, len(cards) + 1):
        for combo in combinations(cards, size):
            paid = sum(MONEY[c].value for c in combo)
            if paid >= owing and (best is None or (paid - owing, size) < best):
                best, chosen = (paid - owing, size), list(combo)
        if best is not None and best[0] == 0:
            break
    return sorted(chosen)


def type_counts_by_player(view: View, kind: str) -> list[int]:
    """How many buildings of type `kind` each seat's city holds, Dirk's last when he plays."""
    counts = [type_counts(t for _x, _y, t in city)[kind] for city in view["cities"]]
    if view["dirk"]:
        counts.append(type_counts(view["dirk_tiles"])[kind])
    return counts


def tile_worth(view: View, tile: int) -> float:
    """How much the bot wants a tile: its type's majority prospects, plus a little per price."""
    seat = view["seat"]
    counts = type_counts_by_player(view, TILES[tile].type)
    mine = counts[seat]
    others = max((c for s, c in enumerate(counts) if s != seat), default=0)
    worth = 2.0 + TILES[tile].price / 4
    if mine + 1 >= others:
        worth += 3.0
    if mine + 1 == others or mine == others:
        worth += 2.0
    return worth


def _place(view: View, seat: int) -> str:
    tile = view["to_place"][seat][0]
    grid = building.grid_of(view["cities"][seat])
    spots = building.legal_spots(grid, tile)
    if not spots:
        return f"place {tile} reserve"
    before = street_points(grid)
    best_cell, best_gain = spots[0], -1
    for cell in spots[:12]:  # closest first; the rest rarely differ for streets
        grid[cell] = tile
        gain = street_points(grid) - before
        del grid[cell]
        if gain > best_gain:
            best_cell, best_gain = cell, gain
    return f"place {tile} {building.spot_label(grid, best_cell)}"


def _pay(view: View) -> str:
    paying = view["paying"]
    bank = BANKS[paying["slot"]]
    cards = [c for c in view["hand"] if MONEY[c].bank == bank]
    price = TILES[view["market"][paying["slot"]]].price
    owing = price - sum(MONEY[c].value for c in paying["paid"])
    chosen = best_payment(cards, owing)
    if chosen is None:
        return "back"
    return "pay " + ",".join(map(str, chosen))


def _buy(view: View, slot: int) -> str:
    """Buy the building of market space `slot`, paying in one action with the least
    overpayment (the space was chosen because the hand can pay it)."""
    cards = [c for c in view["hand"] if MONEY[c].bank == BANKS[slot]]
    payment = best_payment(cards, TILES[view["market"][slot]].price)
    if payment is None:
        raise ValueError("the hand cannot pay this space's building")
    return f"buy {slot + 1} " + ",".join(map(str, payment))


def _turn(view: View, seed: int) -> str:
    hand = view["hand"]
    buys: list[tuple[float, int]] = []
    for slot, tile in enumerate(view["market"]):
        if tile is None:
            continue
        cards = [c for c in hand if MONEY[c].bank == BANKS[slot]]
        payment = best_payment(cards, TILES[tile].price)
        if payment is None:
            continue
        over = sum(MONEY[c].value for c in payment) - TILES[tile].price
        if over == 0 or (view["actions"] == 0 and (over <= OVERPAY_OK or len(hand) >= FULL_HAND)):
            buys.append((tile_worth(view, tile) - over + (5 if over == 0 else 0), slot))
    if buys:
        return _buy(view, max(buys)[1])
    built = reserve_build(view)
    if built is not None:
        return built
    takes = take_options(view["display"])
    if takes:
        noise, _rng = rngmod.below(rngmod.seed_state(seed), 1000)
        best = max(
            takes,
            key=lambda combo: (
                sum(MONEY[c].value for c in combo),
                len(combo),
                noise % (1 + combo[0]),
            ),
        )
        return "take " + ",".join(map(str, best))
    return _forced(view)


def reserve_build(view: View) -> str | None:
    """The first tile of the seat's reserve that fits its city, built on its first legal spot;
    None when none fits."""
    seat = view["seat"]
    grid = building.grid_of(view["cities"][seat])
    for tile in view["reserves"][seat]:
        spots = building.legal_spots(grid, tile)
        if spots:
            return f"move {tile} {building.spot_label(grid, spots[0])}"
    return None


def _forced(view: View) -> str:
    """No sensible action: the purchase with the least overpayment, else the first redesign,
    else `end` (offered exactly when no action is possible)."""
    hand = view["hand"]
    overpays: list[tuple[int, int]] = []
    for slot, tile in enumerate(view["market"]):
        if tile is None:
            continue
        cards = [c for c in hand if MONEY[c].bank == BANKS[slot]]
        payment = best_payment(cards, TILES[tile].price)
        if payment is not None:
            overpays.append((sum(MONEY[c].value for c in payment) - TILES[tile].price, slot))
    if overpays:
        return _buy(view, min(overpays)[1])
    redesigns = redesign_moves(view, view["seat"])
    return redesigns[0] if redesigns else "end"


def bot_action(view: View, seed: int) -> str:
    """A legal, sensible action for the seat whose view this is."""
    seat = view["seat"]
    if seat not in view["to_act"]:
        raise ValueError("the bot's seat does not have to act")
    if view["phase"] == "place":
        return _place(view, seat)
    if view["paying"] is not None:
        return _pay(view)
    return _turn(view, seed)
