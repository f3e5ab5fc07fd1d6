"""The five building rules of a city, checked fast, and the spot labels (A1, B3, ...).

A city is a `Grid`: {(x, y): tile id}, y growing downwards, Times Square somewhere in it.
1. fixed orientation (tiles are never rotated: nothing to check, sides are fixed);
2. touching sides match (street against street, no street against no street);
3. every tile reachable on foot from Times Square without crossing a street;
4. a new tile shares at least one full side with the city (corner contact is not enough);
5. no empty space enclosed on all four sides.
Checks return the broken rule's key (`newyork.rule.<name>`) or None.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.newyork.components import BOTTOM, LEFT, RIGHT, STREETS, TIMES_SQUARES, TOP

Grid = dict[tuple[int, int], int]
Cell = tuple[int, int]

# (dx, dy, my side, the neighbour's facing side)
DIRS: tuple[tuple[int, int, int, int], ...] = (
    (0, -1, TOP, BOTTOM),
    (1, 0, RIGHT, LEFT),
    (0, 1, BOTTOM, TOP),
    (-1, 0, LEFT, RIGHT),
)
STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))

RULE_OCCUPIED = "newyork.rule.occupied"
RULE_MATCH = "newyork.rule.match"
RULE_MATCH_STREET = "newyork.rule.match_street"  # my side has a street, the neighbour's not
RULE_MATCH_PLAIN = "newyork.rule.match_plain"  # the neighbour's side has a street, mine not
RULE_TOUCH = "newyork.rule.touch"
RULE_REACH = "newyork.rule.reach"
RULE_HOLE = "newyork.rule.hole"
RULE_TIMES_SQUARE = "newyork.rule.times_square"


def grid_of(cells: Iterable[list[int]]) -> Grid:
    """The grid of a stored city ([x, y, tile] triples)."""
    return {(x, y): tile for x, y, tile in cells}


def cells_of(grid: Grid) -> list[list[int]]:
    """The stored form of a grid: [x, y, tile] triples, sorted."""
    return [[x, y, tile] for (x, y), tile in sorted(grid.items(), key=lambda c: (c[0][1], c[0][0]))]


def _enclosed(grid: Grid, cell: Cell, extra: Cell | None = None) -> bool:
    x, y = cell
    for dx, dy in STEPS:
        n = (x + dx, y + dy)
        if n not in grid and n != extra:
            return False
    return True


def placement_error(grid: Grid, tile: int, cell: Cell) -> str | None:
    """Why `tile` may not go to the empty `cell` of `grid` (a rule key), or None if it may.

    Uses the invariant that the city obeys every rule already, so only `cell` and its
    neighbours need checking: O(1)."""
    if cell in grid:
        return RULE_OCCUPIED
    x, y = cell
    mine = STREETS[tile]
    touching = walkable = False
    for dx, dy, side, facing in DIRS:
        other = grid.get((x + dx, y + dy))
        if other is None:
            continue
        touching = True
        street_here = bool(mine & side)
        if street_here != bool(STREETS[other] & facing):
            return RULE_MATCH_STREET if street_here else RULE_MATCH_PLAIN
        if not street_here:
            walkable = True
    if not touching:
        return RULE_TOUCH
    if not walkable:
        return RULE_REACH
    for dx, dy in STEPS:
        n = (x + dx, y + dy)
        if n not in grid and _enclosed(grid, n, cell):
            return RULE_HOLE
    return None


def frontier(grid: Grid) -> set[Cell]:
    """The empty cells sharing a side with the city."""
    found: set[Cell] = set()
    for x, y in grid:
        for dx, dy in STEPS:
            n = (x + dx, y + dy)
            if n not in grid:
                found.add(n)
    return found


def times_square_cell(grid: Grid) -> Cell:
    """Where Times Square is."""
    for cell, tile in grid.items():
        if tile in TIMES_SQUARES:
            return cell
    raise ValueError("a city without Times Square")


def legal_spots(grid: Grid, tile: int) -> list[Cell]:
    """Every cell where `tile` may be built, closest to Times Square first (then top to bottom,
    left to right)."""
    tx, ty = times_square_cell(grid)
    spots = [c for c in frontier(grid) if placement_error(grid, tile, c) is None]
    spots.sort(key=lambda c: (abs(c[0] - tx) + abs(c[1] - ty), c[1], c[0]))
    return spots


def city_error(grid: Grid) -> str | None:
    """The first broken rule of a whole city (after a redesign), or None if it obeys all."""
    for (x, y), tile in grid.items():
        s = STREETS[tile]
        for dx, dy, side, facing in DIRS[1:3]:  # right and bottom: each shared side once
            other = grid.get((x + dx, y + dy))
            if other is not None and bool(s & side) != bool(STREETS[other] & facing):
                return RULE_MATCH
    start = times_square_cell(grid)
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        s = STREETS[grid[(x, y)]]
        for dx, dy, side, _facing in DIRS:
            n = (x + dx, y + dy)
            if n in grid and n not in seen and not s & side:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(grid):
        return RULE_REACH
    for cell in frontier(grid):
        if _enclosed(grid, cell):
            return RULE_HOLE
    return None


def removal_error(grid: Grid, cell: Cell) -> str | None:
    """Why the tile at `cell` may not be moved to the reserve (a rule key), or None."""
    if grid[cell] in TIMES_SQUARES:
        return RULE_TIMES_SQUARE
    rest = dict(grid)
    del rest[cell]
    return city_error(rest)


def swap_error(grid: Grid, cell: Cell, tile: int) -> str | None:
    """Why reserve `tile` may not replace the tile at `cell` (a rule key), or None."""
    if grid[cell] in TIMES_SQUARES:
        return RULE_TIMES_SQUARE
    x, y = cell
    mine = STREETS[tile]
    for dx, dy, side, facing in DIRS:  # the cheap local test first: most swaps fail it
        other = grid.get((x + dx, y + dy))
        if other is not None and bool(mine & side) != bool(STREETS[other] & facing):
            return RULE_MATCH
    if mine == STREETS[grid[cell]]:
        return None  # same streets in the same place: the city is unchanged in shape
    changed = dict(grid)
    changed[cell] = tile
    return city_error(changed)


# ------------------------------------------------------------------ spot labels


def origin(grid: Grid) -> Cell:
    """The cell labelled A1: one column left of and one row above the city's extent."""
    return min(x for x, _ in grid) - 1, min(y for _, y in grid) - 1


def _column(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def spot_label(grid: Grid, cell: Cell) -> str:
    """The lower-case label of a cell (`b3`), relative to the city's current extent."""
    ox, oy = origin(grid)
    return f"{_column(cell[0] - ox)}{cell[1] - oy + 1}"


def parse_spot(grid: Grid, text: str) -> Cell | None:
    """The cell a label names (any case), or None if the text is not a label."""
    text = text.strip().lower()
    letters = ""
    while text and "a" <= text[0] <= "z":
        letters, text = letters + text[0], text[1:]
    if not letters or len(letters) > 2 or not (text.isascii() and text.isdigit()) or len(text) > 3:
        return None
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - ord("a") + 1)
    ox, oy = origin(grid)
    return ox + col - 1, oy + int(text) - 1
