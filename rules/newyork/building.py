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

from collections.abc import Callable, Iterable

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


# An open spot: (cell, mask of the sides with a neighbour, the street bits those sides need).
Spot = tuple[Cell, int, int]


def side_needs(grid: Grid, cell: Cell) -> tuple[int, int]:
    """(mask, need): the sides of `cell` with a neighbouring tile, and which of them must be
    streets to match; a tile with street mask `s` matches every neighbour iff `s & mask == need`."""
    x, y = cell
    mask = need = 0
    for dx, dy, side, facing in DIRS:
        other = grid.get((x + dx, y + dy))
        if other is not None:
            mask |= side
            if STREETS[other] & facing:
                need |= side
    return mask, need


def frontier_needs(grid: Grid) -> dict[Cell, tuple[int, int]]:
    """`side_needs` of every frontier cell, gathered in one pass over the city's tiles."""
    needs: dict[Cell, tuple[int, int]] = {}
    for (x, y), tile in grid.items():
        s = STREETS[tile]
        for dx, dy, side, facing in DIRS:
            n = (x + dx, y + dy)
            if n not in grid:
                mask, need = needs.get(n, (0, 0))
                needs[n] = (mask | facing, need | facing if s & side else need)
    return needs


THREE_SIDES = frozenset(15 & ~side for side in (TOP, RIGHT, BOTTOM, LEFT))


def open_spots(grid: Grid) -> list[Spot]:
    """The frontier cells where some tile may be built, closest to Times Square first.

    All rules but the side match depend on the cell alone: a plain side towards the city
    (reach), and no empty neighbour left enclosed (hole: a neighbour already built on its other
    three sides); `legal_spots` then checks a tile's sides. Computed once per city, the list
    serves every tile, with the same verdicts as `placement_error`."""
    needs = frontier_needs(grid)
    almost_enclosed = {cell for cell, (mask, _need) in needs.items() if mask in THREE_SIDES}
    open_cells = []
    for cell, (mask, need) in needs.items():
        if not mask & ~need:
            continue  # every touching side is a street: not reachable on foot
        x, y = cell
        if any((x + dx, y + dy) in almost_enclosed for dx, dy in STEPS):
            continue
        open_cells.append(cell)
    tx, ty = times_square_cell(grid)
    open_cells.sort(key=lambda c: (abs(c[0] - tx) + abs(c[1] - ty), c[1], c[0]))
    return [(cell, *needs[cell]) for cell in open_cells]


def legal_spots(grid: Grid, tile: int, spots: list[Spot] | None = None) -> list[Cell]:
    """Every cell where `tile` may be built, closest to Times Square first (then top to bottom,
    left to right). `spots` is the city's `open_spots`, when already known."""
    if spots is None:
        spots = open_spots(grid)
    streets = STREETS[tile]
    return [cell for cell, mask, need in spots if streets & mask == need]


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


# ------------------------------------------------------------------ redesign listing
#
# The checks below list the legal redesigns of a whole city at once. Like `placement_error`,
# they use the invariant that the city obeys every rule already; then they agree exactly with
# `removal_error` and `swap_error` while doing a fraction of the work.


def walk_links(grid: Grid) -> dict[Cell, list[Cell]]:
    """For each tile, the neighbouring tiles reachable on foot (no street on the shared side)."""
    links: dict[Cell, list[Cell]] = {}
    for (x, y), tile in grid.items():
        s = STREETS[tile]
        links[(x, y)] = [
            (x + dx, y + dy)
            for dx, dy, side, _facing in DIRS
            if not s & side and (x + dx, y + dy) in grid
        ]
    return links


def _reached_without(links: dict[Cell, list[Cell]], start: Cell, gone: Cell) -> int:
    """How many tiles are reachable on foot from `start` once the tile at `gone` is lifted."""
    seen = {start, gone}
    todo = [start]
    while todo:
        for n in links[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) - 1


def _liftable(grid: Grid, links: dict[Cell, list[Cell]], start: Cell, cell: Cell) -> bool:
    """Whether the tile at `cell` may move to the reserve, in a legal city whose walk links
    (`walk_links`) and Times Square cell (`start`) are given.

    Lifting a tile breaks no side match; it can only leave its own cell as a hole (all four
    neighbours built) or cut some tiles off from Times Square (never when the tile walks to a
    single neighbour only: nothing passes through it)."""
    if cell == start or _enclosed(grid, cell):
        return False
    return len(links[cell]) <= 1 or _reached_without(links, start, cell) == len(grid) - 1


def removal_ok(grid: Grid, cell: Cell) -> bool:
    """Whether `removal_error(grid, cell)` is None, for a legal city: the fast test."""
    return _liftable(grid, walk_links(grid), times_square_cell(grid), cell)


def removable_cells(grid: Grid) -> list[Cell]:
    """The cells whose tile may move to the reserve (`removal_error` is None), in grid order."""
    start = times_square_cell(grid)
    links = walk_links(grid)
    return [cell for cell in grid if _liftable(grid, links, start, cell)]


def swap_ok(grid: Grid, cell: Cell, tile: int) -> bool:
    """Whether `swap_error(grid, cell, tile)` is None, for a legal city: the fast test (see
    `swap_cells`)."""
    if grid[cell] in TIMES_SQUARES:
        return False
    mask, need = side_needs(grid, cell)
    return STREETS[tile] & mask == need


def swap_cells(grid: Grid) -> list[tuple[Cell, int, int]]:
    """The cells whose tile a reserve tile may replace, in grid order, each with its side mask
    and the street bits needed there (see `side_needs`): the tile fits iff `s & mask == need`.

    In a legal city, a new tile matching every neighbour's side walks to exactly the same
    neighbours as the old one (a shared side is plain for both or a street for both) and the
    city keeps its shape, so this local test agrees with `swap_error`. Times Square stays."""
    found = []
    for cell, tile in grid.items():
        if tile in TIMES_SQUARES:
            continue
        mask, need = side_needs(grid, cell)
        found.append((cell, mask, need))
    return found


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


def spot_labeller(grid: Grid) -> Callable[[Cell], str]:
    """`spot_label` for many cells of one city: the origin is found once."""
    ox, oy = origin(grid)

    def label(cell: Cell) -> str:
        return f"{_column(cell[0] - ox)}{cell[1] - oy + 1}"

    return label


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
