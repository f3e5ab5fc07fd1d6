"""The building rules (palazzo.md, "Building"): floors strictly increase from bottom to top,
floors may be skipped, no floor twice. A palazzo is a list of tile ids, bottom first."""

from __future__ import annotations

from rules.palazzo.components import TILES


def floors(palazzo: list[int]) -> list[int]:
    """The floor numbers of a palazzo, bottom first."""
    return [TILES[x].floor for x in palazzo]


def can_top(palazzo: list[int], tile: int) -> bool:
    """Whether `tile` may go on top of `palazzo` (its top floor is lower)."""
    return bool(palazzo) and TILES[palazzo[-1]].floor < TILES[tile].floor


def can_insert(palazzo: list[int], tile: int) -> bool:
    """Whether a rebuild may insert `tile` anywhere into `palazzo`: its floor is not there yet
    (the place is then fixed by the floor order)."""
    return TILES[tile].floor not in floors(palazzo)


def inserted(palazzo: list[int], tile: int) -> list[int]:
    """`palazzo` with `tile` at the place its floor number gives it."""
    result = [*palazzo, tile]
    return sorted(result, key=lambda x: TILES[x].floor)
