"""Palazzo's rules: setup, the three actions, auctions, distributions, building, the end.

The checks and the copy every action shares are `rules.base.BaseGame`'s; `rules.palazzo.game`
puts these rules behind it.

State layout (plain JSON data):
    game, players, rng, applied (actions applied), phase ("turn" | "pick" | "acquire" |
    "auction" | "build" | "rebuild" | "over"), turn_no, decision, actor (who acts now),
    active (whose turn), first,
    deck, discard (face up), hands [per seat], display (face-up money being taken), pickers
    (seats still to pick, in order), stacks [I, II, III], warehouse, quarries [4], master (the
    master builder's quarry), knights (drawn), out (tiles out of the game), palazzi [per seat:
    lists of tile ids, bottom first], auction (None or {quarry, tiles, offers, passed, high}),
    pending (None or {seat, tiles, order, distribute}), result, events.
The turn label is `turn_no.decision`; `decision` grows whenever another seat must act, so a
seat is pinged once per decision and never twice for the extra steps of one.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from rules import rng as rngmod
from rules.base import top_seats
from rules.contract import Choices, Pick, State
from rules.errors import IllegalAction, MalformedAction
from rules.palazzo import building
from rules.palazzo.actions import Action, Cards, Simple, TileMove
from rules.palazzo.components import (
    KNIGHTS,
    MONEY,
    NEUTRAL_VALUE,
    PRICE_BASE,
    QUARRIES,
    SETUP_TILES,
    START_HAND,
    TILES,
    stacks,
)
from rules.palazzo.payment import best_value, cheapest, combine, read, suggestions
from rules.palazzo.scoring import seat_points

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_SUGGESTIONS = 12
COPIED = {  # the state parts an action may change, and how deep (see `BaseGame.copied`)
    "deck": 1,
    "discard": 1,
    "display": 1,
    "pickers": 1,
    "warehouse": 1,
    "knights": 1,
    "out": 1,
    "hands": 2,
    "stacks": 2,
    "quarries": 2,
    "palazzi": 3,
    "auction": 2,  # its offers are replaced, never changed in place
    "pending": 2,
}


# ---------------------------------------------------------------- setup


def setup(players: int, options: dict[str, str], seed: int) -> State:
    """A new game: stacks shuffled, 5 tiles from stack I laid out, 4 money cards each, a random
    first player (PROPOSED), the master builder on quarry 0."""
    rng = rngmod.seed_state(seed)
    piles = stacks()
    for pile in piles:
        rng = rngmod.shuffle(rng, pile)
    deck = sorted(MONEY)
    rng = rngmod.shuffle(rng, deck)
    hands = [sorted(deck[k * START_HAND : (k + 1) * START_HAND]) for k in range(players)]
    del deck[: players * START_HAND]
    first, rng = rngmod.below(rng, players)
    layout = piles[0][:SETUP_TILES]
    del piles[0][:SETUP_TILES]
    state: State = {
        "game": "palazzo",
        "players": players,
        "rng": rng,
        "phase": "turn",
        "turn_no": 1,
        "decision": 0,
        "actor": first,
        "active": first,
        "first": first,
        "deck": deck,
        "discard": [],
        "hands": hands,
        "display": [],
        "pickers": [],
        "stacks": piles,
        "warehouse": [layout[QUARRIES]],
        "quarries": [[x] for x in layout[:QUARRIES]],
        "master": 0,
        "knights": [],
        "out": [],
        "palazzi": [[] for _ in range(players)],
        "auction": None,
        "pending": None,
        "result": None,
        "events": [{"type": "started", "first": first}],
    }
    return state


# ---------------------------------------------------------------- who acts


def to_act(state: State) -> list[int]:
    """The one seat that must act ([] once the game is over)."""
    return [] if state["phase"] == "over" else [state["actor"]]


def turn(state: State) -> str:
    """`turn_no.decision`: changes whenever another seat must decide."""
    return f"{state['turn_no']}.{state['decision']}"


def price(state: State) -> int:
    """The price of one warehouse tile: 10 minus the tiles on the warehouse (never below 0)."""
    return max(0, PRICE_BASE - len(state["warehouse"]))


def can_take_money(state: State) -> bool:
    """The deck and the discards can supply players + 1 cards."""
    players: int = state["players"]
    return len(state["deck"]) + len(state["discard"]) >= players + 1


def can_buy(state: State, seat: int) -> bool:
    """PROPOSED: buying needs a warehouse tile and money enough for one."""
    return bool(state["warehouse"]) and best_value(state["hands"][seat]) >= price(state)


def bid_to_beat(state: State) -> int:
    """The highest bid of the running auction."""
    auction = state["auction"]
    total: int = auction["offers"][auction["high"]]["total"]
    return total


def can_raise(state: State, seat: int) -> bool:
    """Whether `seat`'s cards can lift its bid above the highest one."""
    offer = state["auction"]["offers"][seat]
    total = offer["total"] if offer else 0
    currency = offer["currency"] if offer else None
    return total + best_value(state["hands"][seat], currency) > bid_to_beat(state)


def buy_suggestions(state: State, seat: int) -> tuple[tuple[int, ...], ...]:
    """Complete purchases to offer first: each warehouse tile, then each pair, with the
    cheapest legal payment for one and for two tiles."""
    hand, cost, warehouse = state["hands"][seat], price(state), state["warehouse"]
    found: list[tuple[int, ...]] = []
    one = cheapest(hand, cost)
    if one is not None:
        found += [(x, *one) for x in warehouse]
    two = cheapest(hand, 2 * cost) if len(warehouse) > 1 else None
    if two is not None:
        found += [(*pair, *two) for pair in combinations(warehouse, 2)]
    return tuple(found[:MAX_SUGGESTIONS])


def rebuild_suggestions(hand: tuple[int, ...]) -> tuple[tuple[int], ...]:
    """One card of each kind in the hand, lowest value first, to pay for a rebuild with."""
    kinds: dict[tuple[int, str], int] = {}
    for card in sorted(hand):
        m = MONEY[card]
        kinds.setdefault((m.value, m.currency or ""), card)
    return tuple((kinds[k],) for k in sorted(kinds))[:MAX_SUGGESTIONS]


def build_moves(palazzi: list[list[int]], tiles: list[int]) -> list[str]:
    """The ways to build each of `tiles`: on top of a palazzo, as a new one, or discarded."""
    moves = []
    for tile in tiles:
        moves += [
            f"build {k + 1} {tile}" for k, p in enumerate(palazzi) if building.can_top(p, tile)
        ]
        moves += [f"new {tile}", f"discard {tile}"]
    return moves


def rebuild_moves(palazzi: list[list[int]]) -> list[str]:
    """Every rebuild: take a tile out of a palazzo of 2+, insert a lone tile, remove a lone
    tile."""
    moves = []
    lone = [p[0] for p in palazzi if len(p) == 1]
    for p in palazzi:
        if len(p) > 1:
            moves += [f"out {x}" for x in p]
    for tile in lone:
        for k, p in enumerate(palazzi):
            if p != [tile] and building.can_insert(p, tile):
                moves.append(f"insert {tile} {k + 1}")
    moves += [f"remove {tile}" for tile in lone]
    return moves


def choices(state: State, seat: int) -> Choices:
    """The legal choices of `seat` now (see the action forms in `actions`)."""
    if seat not in to_act(state):
        return Choices()
    phase, hand = state["phase"], tuple(state["hands"][seat])
    picks: tuple[Pick, ...] = ()
    if phase == "turn":
        moves = (["money"] if can_take_money(state) else []) + ["tiles"]
        if hand and any(state["palazzi"][seat]):
            picks = (Pick("rebuild", hand, 1, 1, rebuild_suggestions(hand)),)
        return Choices(tuple(moves), picks)
    if phase == "pick":
        need = 2 if seat == state["active"] else 1
        return Choices(picks=(Pick("pick", tuple(state["display"]), need, need),))
    if phase == "acquire":
        if can_buy(state, seat):
            items = (*state["warehouse"], *hand)
            picks = (Pick("buy", items, 1, len(items), buy_suggestions(state, seat)),)
        return Choices(("auction",), picks)
    if phase == "auction":
        if can_raise(state, seat):
            offer = state["auction"]["offers"][seat] or {"total": 0, "currency": None}
            need = bid_to_beat(state) + 1 - offer["total"]
            options = suggestions(state["hands"][seat], need, offer["currency"])
            picks = (Pick("bid", hand, 1, len(hand), tuple(tuple(o) for o in options)),)
        return Choices(("pass",), picks)
    if phase == "build":
        return Choices(tuple(build_moves(state["palazzi"][seat], state["pending"]["tiles"])))
    if phase == "rebuild":
        return Choices(tuple(rebuild_moves(state["palazzi"][seat])))
    return Choices()


# ---------------------------------------------------------------- applying actions


def play(state: State, seat: int, act: Action) -> None:
    """Play `act` of `seat` on `state` (a copy, changed in place) by the phase's handler of its
    verb; a verb the phase has none for is refused (`palazzo.error.phase_<phase>`)."""
    handler = _HANDLERS.get((state["phase"], act.verb))
    if handler is None:
        raise IllegalAction(f"palazzo.error.phase_{state['phase']}")
    handler(state, seat, act)


def _set_actor(state: State, seat: int) -> None:
    if seat != state["actor"]:
        state["decision"] += 1
        state["actor"] = seat


def _end_turn(state: State) -> None:
    state["phase"] = "turn"
    state["auction"] = state["pending"] = None
    state["active"] = (state["active"] + 1) % state["players"]
    state["turn_no"] += 1
    state["decision"] = 0
    state["actor"] = state["active"]


def _take_from_hand(state: State, seat: int, cards: tuple[int, ...]) -> None:
    """Check the cards are distinct and in the seat's hand (raise otherwise)."""
    if len(set(cards)) != len(cards):
        raise MalformedAction("palazzo.error.duplicate_card")
    if not set(cards) <= set(state["hands"][seat]):
        raise IllegalAction("palazzo.error.not_in_hand")


def _remove_cards(state: State, seat: int, cards: list[int] | tuple[int, ...]) -> None:
    state["hands"][seat] = [c for c in state["hands"][seat] if c not in cards]


# -- take money


def _draw_money(state: State) -> int:
    if not state["deck"]:
        deck = sorted(state["discard"])
        state["rng"] = rngmod.shuffle(state["rng"], deck)
        state["deck"], state["discard"] = deck, []
        state["events"].append({"type": "reshuffled", "count": len(deck)})
    card: int = state["deck"].pop(0)
    return card


def _money(state: State, seat: int, act: Simple) -> None:
    if not can_take_money(state):
        raise IllegalAction("palazzo.error.no_money_left")
    n = state["players"]
    state["display"] = [_draw_money(state) for _ in range(n + 1)]
    state["pickers"] = [(seat + k) % n for k in range(1, n)]
    state["phase"] = "pick"
    state["events"].append({"type": "money_shown", "seat": seat, "cards": list(state["display"])})


def _pick(state: State, seat: int, act: Cards) -> None:
    need = 2 if seat == state["active"] else 1
    if len(act.ids) != need:
        raise IllegalAction("palazzo.error.pick_count", count=need)
    if len(set(act.ids)) != need or not set(act.ids) <= set(state["display"]):
        raise IllegalAction("palazzo.error.not_shown")
    _give(state, seat, list(act.ids))
    pickers = state["pickers"]
    if len(pickers) == 1 and len(state["display"]) == 1:  # the last card has no choice
        _give(state, pickers.pop(0), list(state["display"]))
    if not pickers:
        _end_turn(state)
        return
    _set_actor(state, pickers.pop(0))


def _give(state: State, seat: int, cards: list[int]) -> None:
    state["display"] = [c for c in state["display"] if c not in cards]
    state["hands"][seat] = sorted(state["hands"][seat] + cards)
    state["events"].append({"type": "money_taken", "seat": seat, "cards": cards})


# -- draw tiles, buy or auction


def _tiles(state: State, seat: int, act: Simple) -> None:
    for slot in ("warehouse", "quarry"):
        pile = next((p for p in state["stacks"] if p), None)
        if pile is None:
            break
        tile = pile.pop(0)
        if tile in KNIGHTS:
            state["knights"].append(tile)
            state["events"].append({"type": "knight", "tile": tile, "count": len(state["knights"])})
            if len(state["knights"]) == len(KNIGHTS):
                _game_over(state)
                return
            continue
        if slot == "warehouse":
            state["warehouse"].append(tile)
            state["events"].append({"type": "drawn", "tile": tile, "to": "warehouse"})
        else:
            quarry = (state["master"] + TILES[tile].windows) % QUARRIES
            state["quarries"][quarry].append(tile)
            number = TILES[tile].windows
            state["events"].append(
                {"type": "drawn", "tile": tile, "to": "quarry", "number": number}
            )
    state["phase"] = "acquire"


def _buy(state: State, seat: int, act: Cards) -> None:
    tiles = [x for x in act.ids if x in TILES]
    cards = tuple(x for x in act.ids if x not in TILES)
    if not 1 <= len(tiles) <= 2:
        raise IllegalAction("palazzo.error.buy_count")
    if len(set(tiles)) != len(tiles) or not set(tiles) <= set(state["warehouse"]):
        raise IllegalAction("palazzo.error.not_in_warehouse")
    _take_from_hand(state, seat, cards)
    cost = price(state) * len(tiles)
    reading = read(cards)
    if reading is None:
        raise IllegalAction("palazzo.error.bad_payment")
    if reading.value < cost:
        raise IllegalAction("palazzo.error.too_little", paid=reading.value, cost=cost)
    _remove_cards(state, seat, cards)
    state["discard"].extend(cards)
    state["warehouse"] = [x for x in state["warehouse"] if x not in tiles]
    state["events"].append(
        {
            "type": "bought",
            "seat": seat,
            "tiles": tiles,
            "cards": list(cards),
            "paid": reading.value,
            "cost": cost,
        }
    )
    _start_build(state, seat, tiles)


def _auction(state: State, seat: int, act: Simple) -> None:
    n = state["players"]
    target = None
    for k in range(1, QUARRIES + 1):
        quarry = (state["master"] + k) % QUARRIES
        if state["quarries"][quarry]:
            target = quarry
            break
    if target is None:
        state["events"].append({"type": "nothing_to_auction", "seat": seat})
        _end_turn(state)
        return
    state["master"] = target
    tiles = state["quarries"][target]
    state["quarries"][target] = []
    if len(tiles) >= 4:
        order = [(seat + k) % n for k in range(n)]
        state["events"].append(
            {"type": "distribution", "seat": seat, "quarry": target, "tiles": tiles}
        )
        state["pending"] = {"seat": seat, "tiles": tiles, "order": order[1:], "distribute": True}
        state["phase"] = "build"
        return
    offers: list[dict[str, Any] | None] = [None] * n
    offers[seat] = {"cards": [], "total": NEUTRAL_VALUE, "currency": None}
    state["auction"] = {
        "quarry": target,
        "tiles": tiles,
        "offers": offers,
        "passed": [False] * n,
        "high": seat,
        "opener": seat,
    }
    state["phase"] = "auction"
    state["events"].append({"type": "auction", "seat": seat, "quarry": target, "tiles": tiles})
    _set_actor(state, (seat + 1) % n)


def _bid(state: State, seat: int, act: Cards) -> None:
    auction = state["auction"]
    _take_from_hand(state, seat, act.ids)
    offer = auction["offers"][seat] or {"cards": [], "total": 0, "currency": None}
    reading = read(act.ids, offer["currency"])
    if reading is None:
        if read(act.ids) is not None:
            currency = f"palazzo.currency.{offer['currency']}"
            raise IllegalAction("palazzo.error.bid_currency", currency_key=currency)
        raise IllegalAction("palazzo.error.bad_payment")
    total = offer["total"] + reading.value
    high = bid_to_beat(state)
    if total <= high:
        raise IllegalAction("palazzo.error.bid_too_low", total=total, high=high)
    _remove_cards(state, seat, act.ids)
    auction["offers"][seat] = {
        "cards": offer["cards"] + list(act.ids),
        "total": total,
        "currency": combine(offer["currency"], reading),
    }
    auction["high"] = seat
    state["events"].append({"type": "bid", "seat": seat, "cards": list(act.ids), "total": total})
    _next_bidder(state, seat)


def _pass(state: State, seat: int, act: Simple) -> None:
    auction = state["auction"]
    offer = auction["offers"][seat]
    back = offer["cards"] if offer else []
    state["hands"][seat] = sorted(state["hands"][seat] + back)
    auction["offers"][seat] = None
    auction["passed"][seat] = True
    state["events"].append({"type": "passed", "seat": seat, "cards": back})
    _next_bidder(state, seat)


def _next_bidder(state: State, seat: int) -> None:
    auction, n = state["auction"], state["players"]
    left = [s for s in range(n) if not auction["passed"][s]]
    if len(left) == 1:
        winner = left[0]
        offer = auction["offers"][winner]
        state["discard"].extend(offer["cards"])
        state["events"].append(
            {
                "type": "won",
                "seat": winner,
                "tiles": list(auction["tiles"]),
                "cards": list(offer["cards"]),
                "total": offer["total"],
            }
        )
        tiles = auction["tiles"]
        state["auction"] = None
        _start_build(state, winner, tiles)
        return
    nxt = next((seat + k) % n for k in range(1, n + 1) if not auction["passed"][(seat + k) % n])
    _set_actor(state, nxt)


# -- building


def _start_build(state: State, seat: int, tiles: list[int]) -> None:
    state["pending"] = {"seat": seat, "tiles": list(tiles), "order": [], "distribute": False}
    state["phase"] = "build"
    _set_actor(state, seat)


def _build(state: State, seat: int, act: TileMove) -> None:
    pending = state["pending"]
    tile = act.tile
    if tile not in pending["tiles"]:
        raise IllegalAction("palazzo.error.not_yours_to_build")
    palazzi = state["palazzi"][seat]
    if act.verb == "build":
        index = (act.palazzo or 0) - 1
        if not 0 <= index < len(palazzi):
            raise IllegalAction("palazzo.error.no_such_palazzo", number=act.palazzo)
        top = TILES[palazzi[index][-1]].floor
        if not building.can_top(palazzi[index], tile):
            raise IllegalAction("palazzo.error.not_on_top", floor=TILES[tile].floor, top=top)
        palazzi[index].append(tile)
    elif act.verb == "new":
        palazzi.append([tile])
    else:
        state["out"].append(tile)
    pending["tiles"].remove(tile)
    event = {"type": act.verb, "seat": seat, "tile": tile}
    if act.verb == "build":
        event["palazzo"] = act.palazzo
    state["events"].append(event)
    if pending["distribute"]:
        if pending["order"]:
            pending["seat"] = pending["order"].pop(0)
            _set_actor(state, pending["seat"])
            return
        state["out"].extend(pending["tiles"])
        if pending["tiles"]:
            state["events"].append({"type": "left_over", "tiles": list(pending["tiles"])})
        pending["tiles"] = []
    if not pending["tiles"]:
        _end_turn(state)


# -- rebuild


def _rebuild(state: State, seat: int, act: Cards) -> None:
    if len(act.ids) != 1:
        raise IllegalAction("palazzo.error.rebuild_one_card")
    if not any(state["palazzi"][seat]):
        raise IllegalAction("palazzo.error.nothing_to_rebuild")
    _take_from_hand(state, seat, act.ids)
    _remove_cards(state, seat, act.ids)
    state["discard"].extend(act.ids)
    state["phase"] = "rebuild"
    state["events"].append({"type": "rebuild_paid", "seat": seat, "cards": list(act.ids)})


def _find(palazzi: list[list[int]], tile: int) -> int:
    for k, p in enumerate(palazzi):
        if tile in p:
            return k
    raise IllegalAction("palazzo.error.not_your_tile")


def _rework(state: State, seat: int, act: TileMove) -> None:
    palazzi = state["palazzi"][seat]
    k = _find(palazzi, act.tile)
    lone = len(palazzi[k]) == 1
    if act.verb == "out":
        if lone:
            raise IllegalAction("palazzo.error.already_alone")
        palazzi[k].remove(act.tile)
        palazzi.append([act.tile])
    elif act.verb == "remove":
        if not lone:
            raise IllegalAction("palazzo.error.not_alone")
        del palazzi[k]
        state["out"].append(act.tile)
    else:
        target = (act.palazzo or 0) - 1
        if not lone:
            raise IllegalAction("palazzo.error.not_alone")
        if not 0 <= target < len(palazzi) or target == k:
            raise IllegalAction("palazzo.error.no_such_palazzo", number=act.palazzo)
        if not building.can_insert(palazzi[target], act.tile):
            raise IllegalAction("palazzo.error.floor_taken", floor=TILES[act.tile].floor)
        palazzi[target] = building.inserted(palazzi[target], act.tile)
        del palazzi[k]
    event = {"type": f"rebuilt_{act.verb}", "seat": seat, "tile": act.tile}
    if act.verb == "insert":
        event["palazzo"] = act.palazzo
    state["events"].append(event)
    _end_turn(state)


# -- the end


def _game_over(state: State) -> None:
    """The fifth knight: the game ends at once."""
    state["phase"] = "over"
    state["auction"] = state["pending"] = None
    state["display"] = []
    n = state["players"]
    scores = [seat_points(state["palazzi"][s]) for s in range(n)]
    money = [best_value(state["hands"][s]) for s in range(n)]
    winners = top_seats(list(zip(scores, money, strict=True)))
    state["result"] = {"scores": scores, "money": money, "winners": winners}
    state["events"].append({"type": "game_over", "scores": scores, "winners": winners})


_HANDLERS: dict[tuple[str, str], Callable[[State, int, Any], None]] = {
    ("turn", "money"): _money,
    ("turn", "tiles"): _tiles,
    ("turn", "rebuild"): _rebuild,
    ("pick", "pick"): _pick,
    ("acquire", "buy"): _buy,
    ("acquire", "auction"): _auction,
    ("auction", "bid"): _bid,
    ("auction", "pass"): _pass,
    ("build", "build"): _build,
    ("build", "new"): _build,
    ("build", "discard"): _build,
    ("rebuild", "out"): _rework,
    ("rebuild", "insert"): _rework,
    ("rebuild", "remove"): _rework,
}
