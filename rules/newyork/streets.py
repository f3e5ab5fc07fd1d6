"""Street points: the longest continuous street along the outside of a city.

A street side of a tile is *outside* when no tile lies beyond it; a street between two tiles of
the city (a double street) is worth nothing and does not connect a run. Sides are segments
between lattice corners; a run passes from one side to the next through a shared corner. The
longest run uses each side at most once (PROPOSED for branching), found by a depth-first search
over the (small) street graph. One point per tile side.
"""

from __future__ import annotations

from rules.newyork.building import DIRS, Grid
from rules.newyork.components import BOTTOM, LEFT, RIGHT, STREETS, TOP

Corner = tuple[int, int]
Segment = tuple[Corner, Corner]


def _segment(x: int, y: int, side: int) -> Segment:
    if side == TOP:
        return (x, y), (x + 1, y)
    if side == RIGHT:
        return (x + 1, y), (x + 1, y + 1)
    if side == BOTTOM:
        return (x, y + 1), (x + 1, y + 1)
    assert side == LEFT
    return (x, y), (x, y + 1)


def outer_streets(grid: Grid) -> list[Segment]:
    """Every street side with no tile beyond it, as a segment between two corners."""
    found = []
    for (x, y), tile in grid.items():
        s = STREETS[tile]
        if not s:
            continue
        for dx, dy, side, _facing in DIRS:
            if s & side and (x + dx, y + dy) not in grid:
                found.append(_segment(x, y, side))
    return found


def longest_street(grid: Grid) -> list[Segment]:
    """The sides of one longest outside street (first found on a tie); [] when there is none."""
    segments = outer_streets(grid)
    adjacency: dict[Corner, list[tuple[int, Corner]]] = {}
    for index, (a, b) in enumerate(segments):
        adjacency.setdefault(a, []).append((index, b))
        adjacency.setdefault(b, []).append((index, a))
    best: list[int] = []
    used = [False] * len(segments)
    path: list[int] = []

    def walk(corner: Corner) -> None:
        nonlocal best
        extended = False
        for index, other in adjacency[corner]:
            if not used[index]:
                used[index] = True
                path.append(index)
                walk(other)
                path.pop()
                used[index] = False
                extended = True
        if not extended and len(path) > len(best):
            best = list(path)

    # Per connected piece: a longest trail that cannot be extended ends at corners of odd
    # degree, or, when every degree is even, is a closed circuit through every side of it.
    for piece in _pieces(adjacency):
        odd = [c for c in piece if len(adjacency[c]) % 2]
        for corner in odd or piece[:1]:
            walk(corner)
    return [segments[i] for i in best]


def _pieces(adjacency: dict[Corner, list[tuple[int, Corner]]]) -> list[list[Corner]]:
    """The connected pieces of the street graph, each a sorted list of corners."""
    seen: set[Corner] = set()
    pieces = []
    for start in sorted(adjacency):
        if start in seen:
            continue
        seen.add(start)
        piece, todo = [start], [start]
        while todo:
            for _index, other in adjacency[todo.pop()]:
                if other not in seen:
                    seen.add(other)
                    piece.append(other)
                    todo.append(other)
        pieces.append(sorted(piece))
    return pieces


def street_points(grid: Grid) -> int:
    """1 point per tile side of the longest outside street."""
    return len(longest_street(grid))
