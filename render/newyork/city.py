"""A player's city drawn to scale: tiles, streets, the longest outside street highlighted, a
coordinate grid naming every cell as the spot labels do (columns A, B, … above, rows 1, 2, … on
the left: B3 is column B, row 3), the labelled legal spots of the tile being placed, and the
tiles of the reserve with their streets."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import canvas, panel, text, width_of
from render.newyork.common import HIGHLIGHT, LABEL_FILL, TYPE_FILL, View, draw_tile, seat_name
from rules.newyork import building
from rules.newyork.components import tile_label
from rules.newyork.scoring import type_counts
from rules.newyork.streets import longest_street

MAX_CELL = 72
MIN_CELL = 22
AXIS = 22  # room for the coordinate labels above and left of the grid
TOP = 72  # the title and the building counts above the grid
RESERVE_TILE = 44
RESERVE_STEP = RESERVE_TILE + 12
RESERVE_ROW = RESERVE_TILE + 24  # a tile and its number below it
RESERVE_HEAD = 34
GRID_LINE = theme.PANEL_LINE
DIGITS = "0123456789"


def placing_tile(view: View, seat: int) -> int | None:
    """The tile `seat` is placing now (the first waiting), if it must place one."""
    if view["phase"] == "place" and seat in view["to_act"] and view["to_place"][seat]:
        return int(view["to_place"][seat][0])
    return None


def _extent(grid: building.Grid) -> tuple[int, int]:
    """Columns and rows drawn: the city and one free cell all around (every spot is there)."""
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    return max(xs) - min(xs) + 3, max(ys) - min(ys) + 3


def axis_labels(grid: building.Grid) -> tuple[list[str], list[str]]:
    """The column letters (A, B, …) and row numbers (1, 2, …) around the drawn city, named as
    the spot labels name them."""
    cols, rows = _extent(grid)
    ox, oy = building.origin(grid)
    label = building.spot_labeller(grid)
    letters = [label((ox + i, oy)).rstrip(DIGITS).upper() for i in range(cols)]
    return letters, [str(j + 1) for j in range(rows)]


def _frame(grid: building.Grid, width: int) -> tuple[int, int, int]:
    cols, rows = _extent(grid)
    cell = max(MIN_CELL, min(MAX_CELL, (width - 40 - AXIS) // cols, 560 // rows))
    return cols, rows, cell


def _per_line(width: int) -> int:
    return max(1, (width - 28) // RESERVE_STEP)


def _reserve_height(count: int, width: int) -> int:
    if not count:
        return 0
    return RESERVE_HEAD + -(-count // _per_line(width)) * RESERVE_ROW


def city_height(view: View, seat: int, width: int) -> int:
    """The height `draw_city` needs for this seat at this width."""
    grid = building.grid_of(view["cities"][seat])
    _cols, rows, cell = _frame(grid, width)
    return TOP + AXIS + rows * cell + 24 + _reserve_height(len(view["reserves"][seat]), width)


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
    height = city_height(view, seat, width)
    panel(draw, (x0, y0, x0 + width, y0 + height))
    title = t(
        "newyork.render.city_title",
        locale,
        name=seat_name(names, seat),
        reserve=len(view["reserves"][seat]),
    )
    placed = placing_tile(view, seat)
    placing = (
        ""
        if placed is None
        else t("newyork.render.placing", locale, tile=tile_label(placed, locale))
    )
    room = width - 28 - (66 + width_of(placing, 18, True) + 12 if placing else 0)
    text(draw, (x0 + 14, y0 + 28), title, 20, theme.TEXT, True, max_width=room)
    cx: float = x0 + 14
    for kind, count in type_counts(grid.values()).items():  # majority counts per type
        draw.rectangle((cx, y0 + 40, cx + 18, y0 + 58), fill=TYPE_FILL[kind])
        cx += 24 + text(draw, (cx + 24, y0 + 56), str(count), 18, theme.TEXT, True) + 12
    gx = x0 + AXIS + (width - AXIS - cols * cell) // 2
    gy = y0 + TOP + AXIS
    _coordinates(draw, grid, (gx, gy, cell))
    ox, oy = building.origin(grid)

    def corner(px: int, py: int) -> tuple[float, float]:
        return gx + (px - ox) * cell, gy + (py - oy) * cell

    for (x, y), tile in grid.items():
        draw_tile(draw, tile, *corner(x, y), cell)
    for a, b in longest_street(grid):  # the current longest street, highlighted
        draw.line((*corner(*a), *corner(*b)), fill=HIGHLIGHT, width=max(3, cell // 10))
    if placed is not None:
        right = x0 + width - 14
        draw_tile(draw, placed, right - 56, y0 + 12, 56)
        text(draw, (right - 66, y0 + 44), placing, 18, theme.GOLD, True, anchor="rs")
        _spots(draw, grid, placed, corner, cell)
    reserve = view["reserves"][seat]
    if reserve:
        _reserve(draw, reserve, (x0, gy + rows * cell + 16, width), locale)
    return y0 + height + theme.GAP


def _coordinates(
    draw: ImageDraw.ImageDraw, grid: building.Grid, where: tuple[int, int, int]
) -> None:
    """Faint cell lines over the whole frame, column letters above it and row numbers left."""
    gx, gy, cell = where
    letters, numbers = axis_labels(grid)
    right, bottom = gx + len(letters) * cell, gy + len(numbers) * cell
    for i in range(len(letters) + 1):
        draw.line((gx + i * cell, gy, gx + i * cell, bottom), fill=GRID_LINE, width=1)
    for j in range(len(numbers) + 1):
        draw.line((gx, gy + j * cell, right, gy + j * cell), fill=GRID_LINE, width=1)
    size = max(11, min(16, round(cell * 0.4)))
    for i, letter in enumerate(letters):
        text(draw, (gx + (i + 0.5) * cell, gy - 6), letter, size, theme.MUTED, True, "ms")
    for j, number in enumerate(numbers):
        text(draw, (gx - 5, gy + (j + 0.5) * cell), number, size, theme.MUTED, True, "rm")


def _spots(
    draw: ImageDraw.ImageDraw,
    grid: building.Grid,
    tile: int,
    corner: Callable[[int, int], tuple[float, float]],
    cell: int,
) -> None:
    """Every legal spot of `tile`, marked and labelled (A1, B3, …)."""
    size = max(10, cell // 3)
    label = building.spot_labeller(grid)
    inset = cell * 0.12
    for spot in building.legal_spots(grid, tile):
        left, top = corner(*spot)
        draw.rounded_rectangle(
            (left + inset, top + inset, left + cell - inset, top + cell - inset),
            radius=6,
            fill=LABEL_FILL,
            outline=theme.GOLD,
            width=2,
        )
        words = label(spot).upper()
        text(draw, (left + cell / 2, top + cell / 2), words, size, theme.INK, True, "mm")


def _reserve(
    draw: ImageDraw.ImageDraw, reserve: list[int], where: tuple[int, int, int], locale: str | None
) -> None:
    """The reserve's tiles in rows: type colour, price, streets, and the tile's number."""
    x0, y, width = where
    head = t("newyork.render.reserve", locale, count=len(reserve))
    text(draw, (x0 + 14, y + 20), head, 17, theme.TEXT, True, max_width=width - 28)
    per_line = _per_line(width)
    for index, tile in enumerate(reserve):
        line, column = divmod(index, per_line)
        tx = x0 + 14 + column * RESERVE_STEP
        ty = y + RESERVE_HEAD + line * RESERVE_ROW
        draw_tile(draw, tile, tx, ty, RESERVE_TILE)
        mid = tx + RESERVE_TILE / 2
        text(draw, (mid, ty + RESERVE_TILE + 16), f"#{tile}", 13, theme.MUTED, True, "ms")


def city_picture(view: View, seat: int, names: list[str], locale: str | None) -> Image.Image:
    """One city on its own (for `/game city`, and the placement step)."""
    width = theme.WIDTH - 2 * theme.MARGIN
    height = city_height(view, seat, width) + 2 * theme.MARGIN
    image, draw = canvas(height)
    draw_city(image, draw, view, seat, names, (theme.MARGIN, theme.MARGIN, width), locale)
    return image
