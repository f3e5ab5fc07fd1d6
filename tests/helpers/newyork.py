"""New York test helpers: build cities from pictures, find tiles and money, account for items.

A state is plain data (layout in `rules.newyork.engine`), so tests arrange the exact position a
rule talks about by editing a fresh `new_game` state.
"""

from __future__ import annotations

import random
from collections import Counter

from rules.contract import State
from rules.newyork import GAME, building
from rules.newyork.components import (
    BANKS,
    BUILDING_IDS,
    MONEY,
    SCORING_CARDS,
    TILES,
    TIMES_SQUARE_BASE,
    money_ids,
)


def tile_with(streets: str, kind: str | None = None, exclude: tuple[int, ...] = ()) -> int:
    """The lowest-id tile with exactly these streets (`"X..X"`: T R B L) and type, if given."""
    mask = sum(b for b, ch in zip((1, 2, 4, 8), streets, strict=True) if ch == "X")
    for tid in BUILDING_IDS:
        tile = TILES[tid]
        if tile.streets == mask and (kind is None or tile.type == kind) and tid not in exclude:
            return tid
    raise LookupError(f"no tile {streets} {kind}")


def city(*rows: str, seat: int = 0) -> building.Grid:
    """A grid from a picture: one string per row, cells separated by spaces; `TS` is Times
    Square, `.` empty, otherwise a street pattern like `X..X` or `X..X:park` (a fresh tile of
    that pattern each time)."""
    grid: building.Grid = {}
    used: list[int] = []
    for y, row in enumerate(rows):
        for x, cell in enumerate(row.split()):
            if cell == ".":
                continue
            if cell == "TS":
                grid[(x, y)] = TIMES_SQUARE_BASE + seat
                continue
            pattern, _, kind = cell.partition(":")
            tid = tile_with(pattern, kind or None, tuple(used))
            used.append(tid)
            grid[(x, y)] = tid
    return grid


def money(bank: str, *values: int, skip: tuple[int, ...] = ()) -> list[int]:
    """Distinct money cards of a bank with these values (copies in id order)."""
    found: list[int] = []
    for value in values:
        for mid, m in sorted(MONEY.items()):
            if m.bank == bank and m.value == value and mid not in found and mid not in skip:
                found.append(mid)
                break
        else:
            raise LookupError(f"no more {bank} {value}")
    return found


def fresh(players: int = 3, seed: int = 1) -> State:
    """A new game."""
    return GAME.new_game(players, {}, seed)


def set_hand(state: State, seat: int, cards: list[int]) -> State:
    """Give `seat` exactly `cards`, taking them from wherever they are and putting the seat's old
    hand back into the deck's bottom (so every card stays in exactly one place)."""
    wanted = set(cards)
    for place in ("display", "deck", "discard"):
        state[place] = [c for c in state[place] if c not in wanted]
    if state["paying"]:
        state["paying"]["paid"] = [c for c in state["paying"]["paid"] if c not in wanted]
    for s, hand in enumerate(state["hands"]):
        state["hands"][s] = [c for c in hand if c not in wanted]
    state["deck"].extend(state["hands"][seat])
    state["hands"][seat] = sorted(cards)
    return state


def set_market(state: State, tiles: list[int | None]) -> State:
    """Put these tiles into the market, taking them from the bag (the old ones go back into it)."""
    wanted = {t for t in tiles if t is not None}
    state["bag"] = [t for t in state["bag"] if t not in wanted] + [
        t for t in state["market"] if t is not None and t not in wanted
    ]
    for s in range(state["players"]):
        for key in ("reserves", "to_place"):
            state[key][s] = [t for t in state[key][s] if t not in wanted]
    state["dirk_tiles"] = [t for t in state["dirk_tiles"] if t not in wanted]
    state["market"] = list(tiles)
    return state


def set_city(state: State, seat: int, grid: building.Grid) -> State:
    """Give `seat` this city, taking its tiles from wherever they are (the old city's tiles go
    back into the bag)."""
    wanted = set(grid.values())
    old = [t for _x, _y, t in state["cities"][seat] if t in TILES and t not in wanted]
    state["bag"] = [t for t in state["bag"] if t not in wanted] + old
    state["market"] = [None if t in wanted else t for t in state["market"]]
    for s in range(state["players"]):
        for key in ("reserves", "to_place"):
            state[key][s] = [t for t in state[key][s] if t not in wanted]
        if s != seat:
            state["cities"][s] = [c for c in state["cities"][s] if c[2] not in wanted]
    state["dirk_tiles"] = [t for t in state["dirk_tiles"] if t not in wanted]
    state["cities"][seat] = building.cells_of(grid)
    return state


def set_reserve(state: State, seat: int, tiles: list[int]) -> State:
    """Give `seat` this reserve, taking the tiles from the bag or the market (the market space
    is refilled from the bag's end)."""
    wanted = set(tiles)
    state["bag"] = [t for t in state["bag"] if t not in wanted]
    state["market"] = [state["bag"].pop() if t in wanted else t for t in state["market"]]
    state["bag"].extend(state["reserves"][seat])
    state["reserves"][seat] = list(tiles)
    return state


# ------------------------------------------------------------------ where everything is


def tile_places(state: State) -> dict[str, list[int]]:
    """Every place a tile can be, by name."""
    found = {
        "bag": list(state["bag"]),
        "market": [t for t in state["market"] if t is not None],
        "dirk": list(state["dirk_tiles"]),
        "box": list(state["box"]),
    }
    for s in range(state["players"]):
        found[f"city[{s}]"] = [t for _x, _y, t in state["cities"][s]]
        found[f"reserve[{s}]"] = list(state["reserves"][s])
        found[f"to_place[{s}]"] = list(state["to_place"][s])
    return found


def money_places(state: State) -> dict[str, list[int]]:
    """Every place a money (or scoring) card can be, by name."""
    found = {
        "deck": list(state["deck"]),
        "display": list(state["display"]),
        "discard": list(state["discard"]),
        "paying": list(state["paying"]["paid"]) if state["paying"] else [],
    }
    for s in range(state["players"]):
        found[f"hand[{s}]"] = list(state["hands"][s])
    return found


def _one_place_each(places: dict[str, list[int]], expected: Counter[int]) -> list[str]:
    where: dict[int, list[str]] = {}
    for name, items in places.items():
        for item in items:
            where.setdefault(item, []).append(name)
    problems = [f"{i} in {w}" for i, w in sorted(where.items()) if len(w) > 1]
    problems += [f"{i} is nowhere" for i in sorted(expected) if i not in where]
    problems += [f"foreign {i} in {w}" for i, w in sorted(where.items()) if i not in expected]
    return problems


def assert_everything_in_one_place(state: State) -> None:
    """Every tile (the Times Squares in their cities) and every money card is in exactly one
    place; the scoring cards A and B are in the deck until they were scored."""
    n = state["players"]
    tiles = Counter([*BUILDING_IDS, *(TIMES_SQUARE_BASE + s for s in range(n))])
    problems = _one_place_each(tile_places(state), tiles)
    for s in range(n):
        assert [TIMES_SQUARE_BASE + s] == [
            t for _x, _y, t in state["cities"][s] if t >= TIMES_SQUARE_BASE
        ], f"seat {s}'s Times Square"
    scored = {sc["name"] for sc in state["scorings"]}
    cards = Counter(money_ids(n))
    cards.update(SCORING_CARDS[name] for name in ("A", "B") if name not in scored)
    problems += _one_place_each(money_places(state), cards)
    assert not problems, "; ".join(problems)


def hidden_from(state: State, seat: int | None) -> set[int]:
    """Money cards `seat` may not see: the deck and the other seats' hands."""
    hidden = {c for c in state["deck"] if c in MONEY}
    for s in range(state["players"]):
        if s != seat:
            hidden.update(state["hands"][s])
    return hidden


def scramble_hidden(state: State, seat: int | None, rng: random.Random) -> State:
    """A state `seat` cannot tell from `state`: the money cards hidden from it shuffled between
    the deck and the other hands (counts kept, scoring cards at random deck places), the bag
    shuffled and the generator changed. Cards known to be in a hand stay (see `known`)."""
    other = dict(state)
    other["hands"] = [list(h) for h in state["hands"]]
    pool = sorted(hidden_from(state, seat))
    rng.shuffle(pool)
    specials = [c for c in state["deck"] if c not in MONEY]
    deck = [pool.pop() for c in state["deck"] if c in MONEY]
    for card in specials:
        deck.insert(rng.randint(0, len(deck)), card)
    other["deck"] = deck
    for s in range(state["players"]):
        if s != seat:
            other["hands"][s] = sorted(pool.pop() for _ in state["hands"][s])
    assert not pool
    bag = list(state["bag"])
    rng.shuffle(bag)
    other["bag"] = bag
    other["rng"] = (state["rng"] * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    return other


def bank_cards(state: State, seat: int, slot: int) -> list[int]:
    """The cards of `seat`'s hand in the bank of market space `slot` (0-based)."""
    return [c for c in state["hands"][seat] if MONEY[c].bank == BANKS[slot]]
