"""The final scoring (palazzo.md, "End and scoring")."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.palazzo.components import FLOOR_POINTS, ONE_MATERIAL, TILES, WINDOWS_FROM


def palazzo_points(palazzo: list[int]) -> dict[str, Any]:
    """The points of one palazzo with their parts: 1 floor −5, 2 floors 0, 3 floors its
    windows, 4 floors windows + 3, 5 floors windows + 6; one material +3 (3-4 floors) or +6 (5)."""
    size = len(palazzo)
    windows = sum(TILES[x].windows for x in palazzo)
    window_points = windows if size >= WINDOWS_FROM else 0
    height = FLOOR_POINTS[size]
    one_material = len({TILES[x].material for x in palazzo}) == 1
    material = ONE_MATERIAL.get(size, 0) if one_material else 0
    return {
        "tiles": list(palazzo),
        "floors": size,
        "windows": windows,
        "window_points": window_points,
        "height": height,
        "material": material,
        "total": window_points + height + material,
    }


@lru_cache(maxsize=65536)
def _total(palazzo: tuple[int, ...]) -> int:
    total: int = palazzo_points(list(palazzo))["total"]
    return total


def palazzo_total(palazzo: list[int]) -> int:
    """The points of one palazzo (cached: views ask for them at every step)."""
    return _total(tuple(palazzo))


def seat_points(palazzi: list[list[int]]) -> int:
    """The points of all of one seat's palazzi."""
    return sum(palazzo_total(p) for p in palazzi)
