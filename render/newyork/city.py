"""A player's city drawn to scale: tiles (type colour and symbol, price, streets), the longest
outside street highlighted, a coordinate grid naming every cell as the spot labels do (columns
A, B, … above, rows 1, 2, … on the left: B3 is column B, row 3), the labelled legal spots of
the tile being placed, the buildings the last move put there framed in gold, and the reserve."""

from __future__ import annotations

from collections.abc import Callable, Collection

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import canvas, panel, pill, text
from render.newyork.common import (
    GAP,
    HIGHLIGHT,
    INNER,
    LABEL,
    LABEL_FILL,
    MARGIN,
    NEW,
    SMALL,
    VALUE,
    View,
    draw_tile,
    legend,
    legend_height,
    outline_new,
    seat_name,
    tile_words,
    type_square,
)
from render.sprites import stamp
from rules.newyork import building
from rules.newyork.scoring import type_counts
from rules.newyork.streets import longest_street

MAX_CELL = 62
MIN_CELL = 44  # a price and a spot label fit at VALUE size (a very wide city gets less)
AXIS = 30  # room for the coordinate labels above and left of the grid
HEAD = 96  # the title line and the building counts above the grid
PLACING_HEAD = 24  # more, for the building being placed beside the title
RESERVE_TILE = 52
RESERVE_STEP = RESERVE_TILE + 10
RESERVE_HEAD = 34
GRID_LINE = theme.PANEL_LINE
SPOT_LINE = theme.hex_colour("#9a8550")  # a legal spot's frame (gold frames what is new)
DIGITS = "0123456789"
MAX_GRID_H = 560


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
    """Columns, rows and the cell size: at most MAX_CELL, at least MIN_CELL unless the city is
    too wide for the picture (it never widens the picture: text would shrink on a phone)."""
    cols, rows = _extent(grid)
    tall = max(MIN_CELL, MAX_GRID_H // rows)
    return cols, rows, min(MAX_CELL, tall, (width - 28 - AXIS) // cols)


def _per_line(width: int) -> int:
    return max(1, (width - 28) // RESERVE_STEP)


def _reserve_height(count: int, width: int) -> int:
    if not count:
        return 0
    return RESERVE_HEAD + -(-count // _per_line(width)) * RESERVE_STEP


def city_height(view: View, seat: int, width: int) -> int:
    """The height `draw_city` needs for this seat at this width."""
    grid = building.grid_of(view["cities"][seat])
    _cols, rows, cell = _frame(grid, width)
    head = HEAD + (PLACING_HEAD if placing_tile(view, seat) is not None else 0)
    return head + AXIS + rows * cell + 16 + _reserve_height(len(view["reserves"][seat]), width)


def draw_city(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    seat: int,
    names: list[str],
    box: tuple[int, int, int],
    locale: str | None,
    new: Collection[int] = (),
) -> int:
    """Draw seat's city in a panel at (x, y) of `width`, the tiles in `new` framed in gold;
    returns the y below it."""
    x0, y0, width = box
    grid = building.grid_of(view["cities"][seat])
    cols, rows, cell = _frame(grid, width)
    height = city_height(view, seat, width)
    panel(draw, (x0, y0, x0 + width, y0 + height))
    placed = placing_tile(view, seat)
    right = x0 + width - 14
    title = t("newyork.render.city_title", locale, name=seat_name(names, seat))
    room = width - 28 - (230 if placed is not None else 0)
    text(draw, (x0 + 14, y0 + 32), title, VALUE, theme.TEXT, True, max_width=room)
    if placed is not None:
        draw_tile(draw, placed, right - 58, y0 + 12, 58)
        placing = t("newyork.render.placing", locale)
        text(draw, (right - 70, y0 + 32), placing, LABEL, theme.GOLD, True, anchor="rs")
        words = tile_words(placed, locale)
        text(draw, (right - 70, y0 + 60), words, VALUE, theme.GOLD, True, anchor="rs")
    head = HEAD + (PLACING_HEAD if placed is not None else 0)
    _counts(draw, grid, (x0 + 14, y0 + head - 26))
    gx = x0 + AXIS + (width - AXIS - cols * cell) // 2
    gy = y0 + head + AXIS
    _coordinates(draw, grid, (gx, gy, cell), x0 + 2)  # inside the panel's outline
    ox, oy = building.origin(grid)

    def corner(px: int, py: int) -> tuple[float, float]:
        return gx + (px - ox) * cell, gy + (py - oy) * cell

    for (x, y), tile in grid.items():
        draw_tile(draw, tile, *corner(x, y), cell)
    for a, b in longest_street(grid):  # the current longest street, highlighted
        draw.line((*corner(*a), *corner(*b)), fill=HIGHLIGHT, width=max(4, cell // 10))
    for (x, y), tile in grid.items():
        if tile in new:
            left, top = corner(x, y)
            outline_new(draw, (left, top, left + cell - 1, top + cell - 1))
    if placed is not None:
        _spots(draw, grid, placed, corner, cell)
    for (x, y), tile in grid.items():  # the "new" tags last: nothing covers them
        if tile in new:
            left, top = corner(x, y)
            words = t("newyork.render.new", locale)
            pill(draw, (left + cell + 4, top - 2), words, SMALL, NEW, theme.INK, align="right")
    reserve = view["reserves"][seat]
    if reserve:
        _reserve(draw, reserve, (x0, gy + rows * cell + 12, width), locale, new)
    return y0 + height + GAP


def _counts(draw: ImageDraw.ImageDraw, grid: building.Grid, at: tuple[float, float]) -> None:
    """Each building type's count in the city: its colour square and symbol, then the count."""
    cx, mid = at
    for kind, count in type_counts(grid.values()).items():
        type_square(draw, kind, cx, mid - 13, 26, 9)
        colour = theme.TEXT if count else theme.FAINT
        cx += 32 + text(draw, (cx + 32, mid), str(count), VALUE, colour, True, "lm") + 16


def _coordinates(
    draw: ImageDraw.ImageDraw, grid: building.Grid, where: tuple[int, int, int], left: int
) -> None:
    """Faint cell lines over the whole frame, column letters above it and row numbers left
    (on the plain panel from `left` to the frame and AXIS above it; drawn once per process)."""
    gx, gy, cell = where
    letters, numbers = axis_labels(grid)
    right, bottom = gx + len(letters) * cell, gy + len(numbers) * cell

    def paint(pen: ImageDraw.ImageDraw, px: float, py: float) -> None:
        _grid(pen, (round(px) + gx - left, round(py) + AXIS, cell), letters, numbers)

    key = ("newyork.grid", tuple(letters), tuple(numbers), cell, gx - left)
    size = (right + 1 - left, bottom + 1 - (gy - AXIS))
    stamp(draw, key, (left, gy - AXIS), size, paint, background=theme.PANEL)


def _grid(
    draw: ImageDraw.ImageDraw, where: tuple[int, int, int], letters: list[str], numbers: list[str]
) -> None:
    gx, gy, cell = where
    right, bottom = gx + len(letters) * cell, gy + len(numbers) * cell
    for i in range(len(letters) + 1):
        draw.line((gx + i * cell, gy, gx + i * cell, bottom), fill=GRID_LINE, width=1)
    for j in range(len(numbers) + 1):
        draw.line((gx, gy + j * cell, right, gy + j * cell), fill=GRID_LINE, width=1)
    for i, letter in enumerate(letters):
        text(draw, (gx + (i + 0.5) * cell, gy - 7), letter, VALUE, theme.MUTED, True, "ms")
    for j, number in enumerate(numbers):
        text(draw, (gx - 6, gy + (j + 0.5) * cell), number, VALUE, theme.MUTED, True, "rm")


def _spots(
    draw: ImageDraw.ImageDraw,
    grid: building.Grid,
    tile: int,
    corner: Callable[[int, int], tuple[float, float]],
    cell: int,
) -> None:
    """Every legal spot of `tile`, marked and labelled (A1, B3, …)."""
    label = building.spot_labeller(grid)
    inset = cell * 0.1
    for spot in building.legal_spots(grid, tile):
        left, top = corner(*spot)
        draw.rounded_rectangle(
            (left + inset, top + inset, left + cell - inset, top + cell - inset),
            radius=6,
            fill=LABEL_FILL,
            outline=SPOT_LINE,
            width=3,
        )
        words = label(spot).upper()
        text(draw, (left + cell / 2, top + cell / 2), words, VALUE, theme.INK, True, "mm")


def _reserve(
    draw: ImageDraw.ImageDraw,
    reserve: list[int],
    where: tuple[int, int, int],
    locale: str | None,
    new: Collection[int],
) -> None:
    """The reserve's tiles in rows: type colour and symbol, price, streets."""
    x0, y, width = where
    head = t("newyork.render.reserve", locale, count=len(reserve))
    text(draw, (x0 + 14, y + 22), head, LABEL, theme.TEXT, True, max_width=width - 28)
    per_line = _per_line(width)
    for index, tile in enumerate(reserve):
        line, column = divmod(index, per_line)
        tx = x0 + 18 + column * RESERVE_STEP
        ty = y + RESERVE_HEAD + line * RESERVE_STEP
        draw_tile(draw, tile, tx, ty, RESERVE_TILE, new=tile in new)


def city_picture(
    view: View, seat: int, names: list[str], locale: str | None, new: Collection[int] = ()
) -> Image.Image:
    """One city on its own (for `/game city`), with the legend of the building types."""
    width = INNER
    height = (
        MARGIN + city_height(view, seat, width) + legend_height(banks=False, street=True) + MARGIN
    )
    image, draw = canvas(height, width + 2 * MARGIN)
    y = draw_city(image, draw, view, seat, names, (MARGIN, MARGIN, width), locale, new)
    legend(draw, y, locale, banks=False, width=width + 2 * MARGIN, street=True)
    return image
