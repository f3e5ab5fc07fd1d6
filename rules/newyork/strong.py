"""The tile game's strong bot: the determinized search of `rules.search` over its simulator
(`rules.newyork.sim`), through `rules.engine_search.EngineSearcher`.

Worlds drawn from a seat's view: the money it cannot see (every card in play not in its hand,
the display or a payment being made) is dealt at random to the other hands, the discard pile
and the deck with the sizes the view shows; the scoring cards not yet turned up go to random
places in the deck, A above B (PROPOSED: anywhere, not only in the piles the rules shuffle them
into); the building tiles not in sight are shuffled, the bag takes as many as it holds and the
rest are out of a short game. Root moves (`rules.newyork.candidates`): the keen policy's move
(`rules.newyork.keen`) first, kept unless another is better by `SWITCH_AT` standard errors
(PROPOSED: 4, above the search's 3: at 60 playouts leaving the keen move won 3 games it lost and
lost 4.5 it won, on 40 seeds), then the standard move and the two best of the purchases, takes
and placements worth weighing (`CANDIDATES`: fewer moves, more worlds for each). Playouts: the
searching seat plays the keen policy, the others their standard bot, each on its own view. (A
seat that remembers which cards rivals took knows more; the search does not use that memory.)
"""

from __future__ import annotations

import random

from rules.base import copy_levels
from rules.contract import State, View
from rules.engine_search import EngineSearcher
from rules.newyork import bot as standard
from rules.newyork import candidates, keen, views
from rules.newyork.components import BUILDING_IDS, SCORING_CARDS, money_ids
from rules.newyork.sim import SIM
from rules.search import deal_hidden

CANDIDATES = 4  # root moves searched: the keen and standard moves and the two best others
SWITCH_AT = 4.0  # standard errors another move needs over the keen move to replace it


def _seen_tiles(view: View) -> set[int]:
    seen = {t for t in view["market"] if t is not None} | set(view["dirk_tiles"])
    for city in view["cities"]:
        seen.update(t for _x, _y, t in city)
    for tiles in (*view["reserves"], *view["to_place"]):
        seen.update(tiles)
    return seen


def draw_state(view: View, rng: random.Random) -> State:
    """A full state consistent with the seat's view (see the module docstring)."""
    seat, n = view["seat"], view["players"]
    paying = view["paying"]
    seen = set(view["hand"]) | set(view["display"]) | set(paying["paid"] if paying else [])
    pool = [c for c in money_ids(n) if c not in seen]
    hands = deal_hidden(pool, seat, view["hand"], view["hand_counts"], rng)
    discard = [pool.pop() for _ in range(view["discard_count"])]
    scored = {done["name"] for done in view["scorings"]}
    special = [SCORING_CARDS[name] for name in ("A", "B") if name not in scored]
    deck = [pool.pop() for _ in range(view["deck_count"] - len(special))]
    places = sorted(rng.randint(0, len(deck)) for _ in special)
    for offset, (card, at) in enumerate(zip(special, places, strict=True)):
        deck.insert(at + offset, card)
    unseen = [t for t in BUILDING_IDS if t not in _seen_tiles(view)]
    rng.shuffle(unseen)
    bag, box = unseen[: view["bag_count"]], unseen[view["bag_count"] :]
    return {
        "game": "newyork",
        "players": n,
        "options": {"length": "short" if box else "full"},
        "rng": 0,
        "dirk": view["dirk"],
        "phase": view["phase"],
        "final": view["final"],
        "current": view["current"],
        "turn_no": view["turn_no"],
        "actions": view["actions"],
        "paying": None
        if paying is None
        else {"slot": paying["slot"], "paid": list(paying["paid"])},
        "to_place": [list(t) for t in view["to_place"]],
        "market": list(view["market"]),
        "bag": bag,
        "box": box,
        "display": list(view["display"]),
        "deck": deck,
        "discard": discard,
        "hands": hands,
        "cities": [[list(c) for c in city] for city in view["cities"]],
        "reserves": [list(r) for r in view["reserves"]],
        "dirk_tiles": list(view["dirk_tiles"]),
        "scores": list(view["scores"]),
        "dirk_score": view["dirk_score"],
        "scorings": copy_levels(view["scorings"], 4),
        "events": [],
    }


SEARCHER = EngineSearcher(
    SIM,
    draw_state,
    views.view,
    standard.bot_action,
    root_moves=candidates.root_moves,
    own_bot=keen.keen_action,
    max_candidates=CANDIDATES,
    switch_at=SWITCH_AT,
)
