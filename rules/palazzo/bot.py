"""Palazzo's bot player: a greedy evaluator that plays from its own seat's view only.

It values its palazzi by their points plus credit for the floors they can still grow, a tile by
what its best placement adds to that, and money at about two per point. It buys warehouse tiles
worth their price, bids in auctions up to what the lot is worth to it (never more), rebuilds
when that gains several points, takes money when its hand is poor, and pays with the cards
whose face values add up least.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from rules import rng as rngmod
from rules.contract import View
from rules.palazzo import building
from rules.palazzo.components import FLOOR_POINTS, MONEY
from rules.palazzo.engine import build_moves, rebuild_moves
from rules.palazzo.payment import best_value, cheapest, read
from rules.palazzo.scoring import palazzo_points

MONEY_PER_POINT = 2.0
POOR_HAND = 14
REBUILD_GAIN = 4.0


SHARES = (1.0, 0.55, 0.3, 0.15)  # palazzi compete for the same floors: less credit each


def estimate(palazzi: list[list[int]], late: bool) -> float:
    """Points now, plus a share (smaller when late, and smaller for each further palazzo, as
    they compete for the same floors) of what each palazzo would score if it grew by every
    floor still open above it, at two windows a floor (remembered: searches ask for the same
    palazzi over and over)."""
    return _estimate(tuple(tuple(p) for p in palazzi), late)


@lru_cache(maxsize=1 << 16)
def _estimate(palazzi: tuple[tuple[int, ...], ...], late: bool) -> float:
    worth = 0.0
    growth = 0.15 if late else 0.55
    gaps = []
    for tiles in palazzi:
        p = list(tiles)
        now = palazzo_points(p)
        room = min(5 - building.floors(p)[-1], 5 - len(p))
        size = len(p) + room
        windows = now["windows"] + 2 * room
        grown = (windows if size >= 3 else 0) + FLOOR_POINTS[size]
        worth += now["total"]
        gaps.append(max(0, grown - now["total"]))
    for k, gap in enumerate(sorted(gaps, reverse=True)):
        worth += growth * gap * SHARES[min(k, len(SHARES) - 1)]
    return worth


def placed(palazzi: list[list[int]], move: str) -> list[list[int]]:
    """The palazzi after a build or rebuild move (as `engine` would do it)."""
    verb, *args = move.split()
    result = [list(p) for p in palazzi]
    if verb == "build":
        result[int(args[0]) - 1].append(int(args[1]))
    elif verb == "new":
        result.append([int(args[0])])
    elif verb == "out":
        tile = int(args[0])
        for p in result:
            if tile in p:
                p.remove(tile)
        result.append([tile])
    elif verb == "insert":
        tile, target = int(args[0]), int(args[1]) - 1
        result[target] = building.inserted(result[target], tile)
        result = [p for p in result if p != [tile]]
    elif verb == "remove":
        result = [p for p in result if p != [int(args[0])]]
    return result


def best_move(palazzi: list[list[int]], moves: list[str], late: bool) -> tuple[float, str]:
    """The move that leaves the best estimate, and its gain over doing nothing."""
    base = estimate(palazzi, late)
    scored = [(estimate(placed(palazzi, m), late) - base, m) for m in moves]
    return max(scored, key=lambda s: (s[0], s[1].startswith("discard") is False, s[1]))


def tile_gain(palazzi: list[list[int]], tile: int, late: bool) -> float:
    """What building `tile` at its best place adds (never below 0: it can be discarded)."""
    return max(0.0, best_move(palazzi, build_moves(palazzi, [tile]), late)[0])


def lot_gain(palazzi: list[list[int]], tiles: list[int], late: bool) -> float:
    """What building a set of tiles adds, placing the best one first each time."""
    current, total, left = [list(p) for p in palazzi], 0.0, list(tiles)
    while left:
        gain, move = best_move(current, build_moves(current, left), late)
        tile = int(move.split()[-1])
        left.remove(tile)
        if gain > 0 and not move.startswith("discard"):
            current = placed(current, move)
            total += gain
    return total


def _turn(view: View, seed: int, late: bool) -> str:
    hand, palazzi = view["hand"], view["seats"][view["seat"]]["palazzi"]
    if hand and palazzi:
        moves = rebuild_moves(palazzi)
        if moves:
            gain, _ = best_move(palazzi, moves, late)
            if gain >= REBUILD_GAIN:
                card = min(hand, key=lambda c: (MONEY[c].value, c))
                return f"rebuild {card}"
    probe, _ = rngmod.below(rngmod.seed_state(seed), 5)
    if view["can_take_money"] and (best_value(hand) < POOR_HAND or probe == 0):
        return "money"
    return "tiles"


def _acquire(view: View, late: bool) -> str:
    hand, palazzi = view["hand"], view["seats"][view["seat"]]["palazzi"]
    price = view["price"]
    wanted = sorted(((tile_gain(palazzi, x, late), x) for x in view["warehouse"]), reverse=True)
    worth = [x for gain, x in wanted if gain * MONEY_PER_POINT >= price]
    for count in (2, 1):
        if len(worth) >= count:
            cards = cheapest(hand, price * count)
            if cards is not None:
                return "buy " + ",".join(str(c) for c in [*worth[:count], *cards])
    return "auction"


def _bid(view: View, late: bool) -> str:
    seat, auction = view["seat"], view["auction"]
    palazzi = view["seats"][seat]["palazzi"]
    worth = lot_gain(palazzi, auction["tiles"], late) * MONEY_PER_POINT
    mine = auction["offers"][seat] or {"total": 0, "currency": None, "cards": []}
    high = auction["offers"][auction["high"]]["total"]
    cards = cheapest(view["hand"], high + 1 - mine["total"], mine["currency"])
    if cards is None:
        return "pass"
    reading = read(cards, mine["currency"])
    if reading is None or mine["total"] + reading.value > worth:
        return "pass"
    return "bid " + ",".join(str(c) for c in cards)


def _pick(view: View) -> str:
    need = 2 if view["seat"] == view["active"] else 1
    held = Counter(MONEY[c].currency for c in view["hand"])

    def worth(c: int) -> float:
        m = MONEY[c]
        return 4.5 if m.currency is None else m.value + 1.5 * held[m.currency]

    chosen = sorted(view["display"], key=lambda c: (-worth(c), c))[:need]
    return "pick " + ",".join(str(c) for c in chosen)


def bot_action(view: View, seed: int) -> str:
    """A legal, sensible action for the seat whose view this is."""
    seat = view["seat"]
    if seat not in view["to_act"]:
        raise ValueError("the bot's seat does not have to act")
    late = len(view["knights"]) >= 3
    palazzi = view["seats"][seat]["palazzi"]
    phase = view["phase"]
    if phase == "turn":
        return _turn(view, seed, late)
    if phase == "pick":
        return _pick(view)
    if phase == "acquire":
        return _acquire(view, late)
    if phase == "auction":
        return _bid(view, late)
    if phase == "build":
        return best_move(palazzi, build_moves(palazzi, view["pending"]["tiles"]), late)[1]
    return best_move(palazzi, rebuild_moves(palazzi), late)[1]
