"""A player's city drawn to scale: tiles, streets, the longest outside street highlighted, and
the label of every legal spot for the tile being placed (A1, B3, ...)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import canvas, panel, text
from render.newyork.common import HIGHLIGHT, LABEL_FILL, TYPE_FILL, View, draw_tile, seat_name
from rules.newyork import building
from rules.newyork.components import tile_label
from rules.newyork.scoring import type_counts
from rules.newyork.streets import longest_street

MAX_CELL = 72
MIN_CELL = 22


def placing_tile(view: View, seat: int) -> int | None:
    """The tile `seat` is placing now (the first waiting), if it must place one."""
    if view["phase"] == "place" and seat in view["to_act"] and view["to_place"][seat]:
        return view["to_place"][seat][0]
    return None


def city_height(view: View, seat: int, width: int) -> int:
    """The height `draw_city` needs for this seat at this width."""
    grid = building.grid_of(view["cities"][seat])
    _cols, rows, cell = _frame(grid, width)
    return rows * cell + 96


def _frame(grid: building.Grid, width: int) -> tuple[int, int, int]:
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    cols = max(xs) - min(xs) + 3
    rows = max(ys) - min(ys) + 3
    cell = max(MIN_CELL, min(MAX_CELL, (width - 40) // cols, 560 // rows))
    return cols, rows, cell


def draw_city(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    seat: int,
    names: list[str],
    box: tuple[int, int, int],
    locale: str | None,
) -> int:
    """Draw seat's city in a panel at (x, y) of `width`; returns the y below it."""
    x0, y0, width = box
    grid = building.grid_of(view["cities"][seat])
    cols, rows, cell = _frame(grid, width)
    height = rows * cell + 96
    panel(draw, (x0, y0, x0 + width, y0 + height))
    counts = type_counts(grid.values())
    title = t(
        "newyork.render.city_title",
        locale,
        name=seat_name(names, seat),
        reserve=len(view["reserves"][seat]),
    )
    text(draw, (x0 + 14, y0 + 28), title, 20, theme.TEXT, True, max_width=width - 28)
    cx = x0 + 14
    for kind, count in counts.items():  # majority counts per type
        draw.rectangle((cx, y0 + 40, cx + 18, y0 + 58), fill=TYPE_FILL[kind])
        cx += 24 + text(draw, (cx + 24, y0 + 56), str(count), 18, theme.TEXT, True) + 12
    ox, oy = building.origin(grid)
    gx = x0 + (width - cols * cell) // 2
    gy = y0 + 72

    def corner(px: int, py: int) -> tuple[float, float]:
        return gx + (px - ox) * cell, gy + (py - oy) * cell

    for (x, y), tile in grid.items():
        draw_tile(draw, tile, *corner(x, y), cell)
    for a, b in longest_street(grid):  # the current longest street, highlighted
        draw.line((*corner(*a), *corner(*b)), fill=HIGHLIGHT, width=max(3, cell // 10))
    tile = placing_tile(view, seat)
    if tile is not None:
        right = x0 + width - 14
        draw_tile(draw, tile, right - 56, y0 + 12, 56)
        placing = t("newyork.render.placing", locale, tile=tile_label(tile, locale))
        text(draw, (right - 66, y0 + 44), placing, 18, theme.GOLD, True, anchor="rs")
        size = max(10, cell // 3)
        for spot in building.legal_spots(grid, tile):
            left, top = corner(*spot)
            inset = cell * 0.12
            draw.rounded_rectangle(
                (left + inset, top + inset, left + cell - inset, top + cell - inset),
                radius=6,
                fill=LABEL_FILL,
                outline=theme.GOLD,
                width=2,
            )
            label = building.spot_label(grid, spot).upper()
            text(draw, (left + cell / 2, top + cell / 2), label, size, theme.INK, True, "mm")
    return y0 + height + theme.GAP


def city_picture(view: View, seat: int, names: list[str], locale: str | None) -> Image.Image:
    """One city on its own (for `/game city`, and the placement step)."""
    width = theme.WIDTH - 2 * theme.MARGIN
    height = city_height(view, seat, width) + 2 * theme.MARGIN
    image, draw = canvas(height)
    draw_city(image, draw, view, seat, names, (theme.MARGIN, theme.MARGIN, width), locale)
    return image
