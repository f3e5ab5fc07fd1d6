"""Palazzo test helpers: find cards and tiles by what they are, arrange a state, account for
every card and tile, and scramble what a viewer may not see.

A Palazzo state is plain data (see the layout in `rules.palazzo.engine`), so tests build the
exact position a rule talks about by editing a fresh `new_game` state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules.contract import State
from rules.palazzo import GAME
from rules.palazzo.components import KNIGHTS, MONEY, TILES


def card(currency: str, value: int, nth: int = 0) -> int:
    """The id of the `nth` (0-based) card of `value` in `currency`."""
    ids = sorted(c.id for c in MONEY.values() if c.currency == currency and c.value == value)
    return ids[nth]


def cards(currency: str, *values: int) -> list[int]:
    """Distinct cards of one currency: a value given twice means two different cards."""
    seen: Counter[int] = Counter()
    found = []
    for value in values:
        found.append(card(currency, value, seen[value]))
        seen[value] += 1
    return found


def certs(count: int, start: int = 0) -> list[int]:
    """`count` distinct certificates of 2."""
    ids = sorted(c.id for c in MONEY.values() if c.currency is None)
    return ids[start : start + count]


def group(value: int, nth: int = 0) -> list[int]:
    """Three cards of `value`, one per currency: a group of 15."""
    return [card(c, value, nth) for c in ("red", "brown", "grey")]


def tile(material: str, floor: int, windows: int, nth: int = 0) -> int:
    """The id of a tile of this material, floor and window count."""
    ids = sorted(
        x.id
        for x in TILES.values()
        if x.material == material and x.floor == floor and x.windows == windows
    )
    return ids[nth]


def fresh(players: int = 3, seed: int = 1) -> State:
    """A new game (setup done, the first player to choose an action)."""
    return GAME.new_game(players, {}, seed)


def move_cards(state: State, wanted: Sequence[int], seat: int) -> None:
    """Put the cards `wanted` into `seat`'s hand, taking them from wherever they are (deck,
    other hands, discards); the hand's other cards go to the deck's end."""
    for place in _card_lists(state):
        place[:] = [c for c in place if c not in wanted]
    state["deck"].extend(state["hands"][seat])
    state["hands"][seat] = sorted(wanted)


def take_tiles(state: State, wanted: Sequence[int]) -> None:
    """Remove tiles from every place (so a test can put them where it wants)."""
    for place in _tile_lists(state):
        place[:] = [x for x in place if x not in wanted]


def stack_top(state: State, tiles: Sequence[int]) -> None:
    """Put tiles (or knights) on top of the current stack, in order."""
    take_tiles(state, tiles)
    pile = next(p for p in state["stacks"] if p)
    pile[:0] = list(tiles)


def _card_lists(state: State) -> list[list[int]]:
    lists = [state["deck"], state["discard"], state["display"], *state["hands"]]
    if state["auction"]:
        lists += [o["cards"] for o in state["auction"]["offers"] if o]
    return lists


def _tile_lists(state: State) -> list[list[int]]:
    lists = [*state["stacks"], state["warehouse"], *state["quarries"], state["out"]]
    lists += [state["knights"]]
    for palazzi in state["palazzi"]:
        lists += palazzi
    if state["auction"]:
        lists.append(state["auction"]["tiles"])
    if state["pending"]:
        lists.append(state["pending"]["tiles"])
    return lists


def assert_everything_in_one_place(state: State) -> None:
    """Each of the 55 money cards and 53 tiles (knights included) is in exactly one place."""
    found: Counter[int] = Counter()
    for place in _card_lists(state):
        found.update(place)
    assert sorted(found) == sorted(MONEY) and max(found.values()) == 1, "money cards"
    tiles: Counter[int] = Counter()
    for place in _tile_lists(state):
        tiles.update(place)
    expected = sorted([*TILES, *KNIGHTS])
    assert sorted(tiles) == expected and max(tiles.values()) == 1, "tiles"


def hidden_from(state: State, seat: int | None) -> set[int]:
    """What `seat` may not see: the money deck, the stacks, the other seats' hands."""
    hidden = set(state["deck"])
    for pile in state["stacks"]:
        hidden.update(pile)
    for s in range(state["players"]):
        if s != seat:
            hidden.update(state["hands"][s])
    return hidden


def scramble_hidden(state: State, seat: int | None, rng: random.Random) -> State:
    """A state `seat` cannot tell apart from `state`: the money hidden from it shuffled between
    the deck and the other hands (same counts), the stacked tiles and knights shuffled among
    the stacks (same sizes), the generator changed."""
    other: dict[str, Any] = dict(state, hands=[list(h) for h in state["hands"]])
    pool = list(state["deck"])
    for s in range(state["players"]):
        if s != seat:
            pool += state["hands"][s]
    rng.shuffle(pool)
    other["deck"] = [pool.pop() for _ in state["deck"]]
    for s in range(state["players"]):
        if s != seat:
            other["hands"][s] = sorted(pool.pop() for _ in state["hands"][s])
    tiles = [x for pile in state["stacks"] for x in pile]
    rng.shuffle(tiles)
    other["stacks"] = []
    for pile in state["stacks"]:
        other["stacks"].append([tiles.pop() for _ in pile])
    other["rng"] = (state["rng"] * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    return other


def view_items(view: dict[str, Any]) -> set[int]:
    """Every money card and tile id a view shows (its card and tile lists, and the events')."""
    found: set[int] = set(view.get("hand") or [])
    for key in ("discard", "display", "warehouse", "knights"):
        found.update(view[key])
    for quarry in view["quarries"]:
        found.update(quarry)
    for seat in view["seats"]:
        for palazzo in seat["palazzi"]:
            found.update(palazzo)
    if view["auction"]:
        found.update(view["auction"]["tiles"])
        for offer in view["auction"]["offers"]:
            found.update(offer["cards"] if offer else [])
    if view["pending"]:
        found.update(view["pending"]["tiles"])
    for event in view["events"]:
        found.update(event.get("cards") or [])
        found.update(event.get("tiles") or [])
        if "tile" in event:
            found.add(event["tile"])
    return found
