"""Palazzo's strong bot: the determinized search of `rules.search` over its simulator
(`rules.palazzo.sim`), through `rules.engine_search.EngineSearcher`.

Worlds drawn from a seat's view: the money it cannot see (every card not in its hand, the
discard pile, the display or an open bid) is dealt at random to the other hands and the deck
with the sizes the view shows; each stack's tiles not in sight (a tile's floors tell its stack,
knights by the stacks' shares) are shuffled into that stack with its size kept, the rest of them
are out of the game (the view shows only how many); a knight not yet drawn stays in its
stack. Playouts: every seat's standard bot on its
own view. (A seat that remembers which cards rivals took knows more; the search does not use
that memory, so its worlds are consistent with the view, never with anything hidden.)
"""

from __future__ import annotations

import random

from rules.contract import State, View
from rules.engine_search import EngineSearcher
from rules.palazzo import bot as standard
from rules.palazzo import views
from rules.palazzo.components import KNIGHTS, MONEY, stacks
from rules.palazzo.sim import SIM
from rules.search import deal_hidden

STACKS = stacks()
KNIGHT_SET = frozenset(KNIGHTS)


def _seen_tiles(view: View) -> set[int]:
    seen = set(view["warehouse"]) | set(view["knights"])
    for quarry in view["quarries"]:
        seen.update(quarry)
    for seat in view["seats"]:
        for palazzo in seat["palazzi"]:
            seen.update(palazzo)
    if view["auction"]:
        seen.update(view["auction"]["tiles"])
    if view["pending"]:
        seen.update(view["pending"]["tiles"])
    return seen


def _draw_stacks(view: View, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """The stacks (sizes kept) and the tiles out of the game, drawn from the unseen tiles: a
    knight not drawn yet is still in its stack (knights never leave the game otherwise)."""
    seen = _seen_tiles(view)
    piles: list[list[int]] = []
    out: list[int] = []
    for full, shown in zip(STACKS, view["stacks"], strict=True):
        knights = [x for x in full if x in KNIGHT_SET and x not in seen]
        tiles = [x for x in full if x not in KNIGHT_SET and x not in seen]
        rng.shuffle(tiles)
        keep = max(0, shown["count"] - len(knights))
        pile = knights + tiles[:keep]
        rng.shuffle(pile)
        piles.append(pile)
        out += tiles[keep:]
    return piles, out


def draw_state(view: View, rng: random.Random) -> State:
    """A full state consistent with the seat's view (see the module docstring)."""
    seat, n = view["seat"], view["players"]
    auction = view["auction"]
    seen = set(view["hand"]) | set(view["discard"]) | set(view["display"])
    if auction:
        for offer in auction["offers"]:
            seen.update(offer["cards"] if offer else [])
    pool = [c for c in sorted(MONEY) if c not in seen]
    counts = [s["hand_count"] for s in view["seats"]]
    hands = deal_hidden(pool, seat, view["hand"], counts, rng)
    deck = [pool.pop() for _ in range(view["deck_count"])]
    piles, out = _draw_stacks(view, rng)
    actor, active = view["actor"], view["active"]
    pickers = []
    if view["phase"] == "pick":
        pickers = [(actor + k) % n for k in range(1, n) if (actor + k) % n != active]
        pickers = pickers[: (active - actor - 1) % n]
    pending = view["pending"]
    return {
        "game": "palazzo",
        "players": n,
        "rng": 0,
        "phase": view["phase"],
        "turn_no": view["turn_no"],
        "decision": 0,
        "actor": actor,
        "active": active,
        "first": active,
        "deck": deck,
        "discard": list(view["discard"]),
        "hands": hands,
        "display": list(view["display"]),
        "pickers": pickers,
        "stacks": piles,
        "warehouse": list(view["warehouse"]),
        "quarries": [list(q) for q in view["quarries"]],
        "master": view["master"],
        "knights": list(view["knights"]),
        "out": out,
        "palazzi": [[list(p) for p in s["palazzi"]] for s in view["seats"]],
        "auction": None
        if auction is None
        else {
            "quarry": auction["quarry"],
            "tiles": list(auction["tiles"]),
            "offers": [
                None if o is None else {**o, "cards": list(o["cards"])} for o in auction["offers"]
            ],
            "passed": list(auction["passed"]),
            "high": auction["high"],
            "opener": auction["opener"],
        },
        "pending": None
        if pending is None
        else {**pending, "tiles": list(pending["tiles"]), "order": list(pending["order"])},
        "result": view["result"],
        "events": [],
    }


SEARCHER = EngineSearcher(SIM, draw_state, views.view, standard.bot_action)
