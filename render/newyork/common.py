"""Shared pieces of New York's pictures: the phone-first sizes, colours, the building-type and
bank symbols (so neither depends on colour alone), tiles, money cards, legends and headers.

Every picture is WIDTH (600) pixels wide: a phone shows it about 400 wide, two thirds of its
size, so text is drawn at SMALL (15) or more (≥ 9 px on the phone) and the values a player looks
for (prices, money, scores, whose turn) at VALUE (22) or more (≥ 14 px on the phone)."""

from __future__ import annotations

import math
from typing import Any

from PIL import ImageDraw

from i18n import t
from render import theme
from render.draw import panel, pill, text, width_of
from render.sprites import stamp
from render.theme import Colour, hex_colour, mix
from rules.newyork.components import BANKS, BOTTOM, LEFT, MONEY, RIGHT, STREETS, TILES, TOP

View = dict[str, Any]

WIDTH = 600
MARGIN = 16
GAP = 10
INNER = WIDTH - 2 * MARGIN
SMALL = 15  # the least text: notes, legends, headings (10 px on a 400-px phone)
LABEL = 18  # names, headings
VALUE = 22  # prices, money values, scores, whose turn (14.7 px on the phone)
TITLE = 26

TYPE_FILL: dict[str, Colour] = {
    "theater": hex_colour("#3f6fd1"),
    "museum": hex_colour("#c8423b"),
    "station": hex_colour("#8a5a32"),
    "church": hex_colour("#e9e4d6"),
    "park": hex_colour("#3d9b4a"),
    "skyscraper": hex_colour("#8a4fc0"),
}
BANK_FILL: dict[str, Colour] = {
    "blue": hex_colour("#3b78d8"),
    "green": hex_colour("#3fa653"),
    "orange": hex_colour("#e58a2b"),
    "yellow": hex_colour("#e6c93a"),
}
SQUARE_FILL = hex_colour("#d8b54a")
STREET = hex_colour("#2b2b2b")
HIGHLIGHT = hex_colour("#ff5a5a")  # the longest street
LABEL_FILL = hex_colour("#fff6c8")  # a legal spot's marker
NEW = theme.GOLD  # the outline of what the last move took, bought or placed
WIN = theme.GOLD


def ink_on(fill: Colour) -> Colour:
    """Dark or light text, whichever reads on `fill`."""
    return theme.INK if sum(fill) > 480 else theme.TEXT


# ------------------------------------------------------------------ symbols


def _star(cx: float, cy: float, r: float, points: int = 5) -> list[tuple[float, float]]:
    out = []
    for k in range(points * 2):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / points
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


def _c(*coordinates: float) -> tuple[float, ...]:
    """Coordinates rounded off to 6 decimals: Pillow cuts the fractions of some shapes, so
    float noise (a + r - r) would move them a pixel depending on where they are drawn."""
    return tuple(round(v, 6) for v in coordinates)


def type_icon(
    draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, ink: Colour | int
) -> None:
    """The building type's symbol in a 2r square centred at (cx, cy): theater a star, museum a
    columned front, station a clock, church a cross, park a tree, skyscraper a tower."""
    w = max(1, round(r * 0.28))
    if kind == "theater":
        draw.polygon(_star(cx, cy + r * 0.08, r), fill=ink)
    elif kind == "museum":
        draw.polygon([(cx - r, cy - r * 0.3), (cx, cy - r), (cx + r, cy - r * 0.3)], fill=ink)
        for k in (-0.7, 0.0, 0.7):
            x = cx + k * r
            draw.rectangle(_c(x - w / 2, cy - r * 0.2, x + w / 2, cy + r * 0.7), fill=ink)
        draw.rectangle(_c(cx - r, cy + r * 0.75, cx + r, cy + r), fill=ink)
    elif kind == "station":
        draw.ellipse(_c(cx - r, cy - r, cx + r, cy + r), outline=ink, width=w)
        draw.line(_c(cx, cy, cx, cy - r * 0.65), fill=ink, width=w)
        draw.line(_c(cx, cy, cx + r * 0.5, cy), fill=ink, width=w)
    elif kind == "church":
        arm = r * 0.22
        draw.rectangle(_c(cx - arm, cy - r, cx + arm, cy + r), fill=ink)
        draw.rectangle(
            _c(cx - r * 0.7, cy - r * 0.5 - arm, cx + r * 0.7, cy - r * 0.5 + arm), fill=ink
        )
    elif kind == "park":
        draw.ellipse(_c(cx - r * 0.8, cy - r, cx + r * 0.8, cy + r * 0.5), fill=ink)
        draw.rectangle(_c(cx - w / 2 - 1, cy, cx + w / 2 + 1, cy + r), fill=ink)
    elif kind == "skyscraper":
        draw.rectangle(_c(cx - r * 0.45, cy - r * 0.6, cx + r * 0.45, cy + r), fill=ink)
        draw.line(_c(cx, cy - r, cx, cy - r * 0.6), fill=ink, width=max(1, w // 2 + 1))


def bank_icon(
    draw: ImageDraw.ImageDraw, bank: str, cx: float, cy: float, r: float, ink: Colour | int
) -> None:
    """The bank's symbol: blue a circle, green a triangle, orange a square, yellow a diamond."""
    if bank == "blue":
        draw.ellipse(_c(cx - r, cy - r, cx + r, cy + r), fill=ink)
    elif bank == "green":
        draw.polygon([(cx - r, cy + r * 0.85), (cx, cy - r), (cx + r, cy + r * 0.85)], fill=ink)
    elif bank == "orange":
        s = r * 0.85
        draw.rectangle(_c(cx - s, cy - s, cx + s, cy + s), fill=ink)
    else:
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=ink)


# ------------------------------------------------------------------ tiles and money


def tile_words(tile: int, locale: str | None) -> str:
    """`Park 10` or `Times Square`: what a player calls a building (no id)."""
    info = TILES.get(tile)
    if info is None:
        return t("newyork.tile.times_square", locale)
    kind = t(f"newyork.type.{info.type}", locale)
    return t("newyork.render.tile", locale, type=kind, price=info.price)


def draw_tile(
    draw: ImageDraw.ImageDraw,
    tile: int,
    x: float,
    y: float,
    size: float,
    show_price: bool = True,
    new: bool = False,
) -> None:
    """A tile as a square at (x, y): its type colour and symbol (top left), its price (bottom
    right), a dark band on each street side (Times Square: gold with a star); `new` outlines it
    in gold, for what the last move placed (the face drawn once per process)."""

    def paint(pen: ImageDraw.ImageDraw, px: float, py: float) -> None:
        _tile_face(pen, tile, px, py, size, show_price)

    stamp(draw, ("newyork.tile", tile, size, show_price), (x, y), (size, size), paint)
    if new:
        outline_new(draw, (x, y, x + size - 1, y + size - 1))


def _tile_face(
    draw: ImageDraw.ImageDraw, tile: int, x: float, y: float, size: float, show_price: bool
) -> None:
    info = TILES.get(tile)
    fill = TYPE_FILL[info.type] if info else SQUARE_FILL
    draw.rectangle((x, y, x + size - 1, y + size - 1), fill=fill, outline=mix(fill, theme.INK, 0.5))
    band = max(3, round(size * 0.12))
    streets = STREETS[tile]
    if streets & TOP:
        draw.rectangle((x, y, x + size - 1, y + band), fill=STREET)
    if streets & BOTTOM:
        draw.rectangle((x, y + size - 1 - band, x + size - 1, y + size - 1), fill=STREET)
    if streets & LEFT:
        draw.rectangle((x, y, x + band, y + size - 1), fill=STREET)
    if streets & RIGHT:
        draw.rectangle((x + size - 1 - band, y, x + size - 1, y + size - 1), fill=STREET)
    ink = ink_on(fill)
    if info is None:
        draw.polygon(_star(x + size / 2, y + size / 2, size * 0.32), fill=theme.INK)
    else:
        r = max(5.0, size * 0.15)
        type_icon(draw, info.type, x + band + 2 + r, y + band + 2 + r, r, ink)
        if show_price:
            price_size = max(VALUE, round(size * 0.4))
            at = (x + size - band - 3, y + size - band - 3)  # the baseline: clear of the symbol
            text(draw, at, str(info.price), price_size, ink, True, anchor="rs")


def outline_new(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    """A thick gold frame around `box`: the mark of what the last move changed."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=6, outline=NEW, width=4)


def draw_money(
    draw: ImageDraw.ImageDraw,
    card: int,
    x: float,
    y: float,
    w: float = 46,
    h: float = 64,
    new: bool = False,
) -> None:
    """A money card: its bank's colour and symbol (top left) and its value (the face drawn once
    per process)."""
    m = MONEY[card]

    def paint(pen: ImageDraw.ImageDraw, px: float, py: float) -> None:
        fill = BANK_FILL[m.bank]
        pen.rounded_rectangle(
            (px, py, px + w, py + h), radius=7, fill=fill, outline=theme.INK, width=2
        )
        ink = ink_on(fill)
        r = max(4.0, w * 0.12)
        bank_icon(pen, m.bank, px + 5 + r, py + 5 + r, r, ink)
        size = max(VALUE, round(h * 0.42))
        text(pen, (px + w / 2, py + h * 0.6), str(m.value), size, ink, True, "mm")

    stamp(draw, ("newyork.money", m.bank, m.value, w, h), (x, y), (w, h), paint)
    if new:
        outline_new(draw, (x, y, x + w, y + h))


def bank_pill(
    draw: ImageDraw.ImageDraw,
    bank: str,
    box: tuple[float, float, float, float],
    words: str,
    size: int = LABEL,
) -> None:
    """A bank-coloured bar with the bank's symbol and `words` (at `size`) centred in it."""
    x0, y0, x1, y1 = box

    def paint(pen: ImageDraw.ImageDraw, px: float, py: float) -> None:
        _bank_pill(pen, bank, (px, py, px + x1 - x0, py + y1 - y0), words, size)

    key = ("newyork.bank_pill", bank, words, size, x1 - x0, y1 - y0)
    stamp(draw, key, (x0, y0), (x1 - x0, y1 - y0), paint)


def _bank_pill(
    draw: ImageDraw.ImageDraw,
    bank: str,
    box: tuple[float, float, float, float],
    words: str,
    size: int,
) -> None:
    fill = BANK_FILL[bank]
    draw.rounded_rectangle(box, radius=8, fill=fill)
    ink = ink_on(fill)
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    room = x1 - x0 - 40
    words_w = min(width_of(words, size, True), room)
    start = (x0 + x1) / 2 - (words_w + 22) / 2
    bank_icon(draw, bank, start + 8, mid, 7, ink)
    text(draw, (start + 22, mid), words, size, ink, True, "lm", max_width=room)


def type_square(
    draw: ImageDraw.ImageDraw, kind: str, x: float, y: float, side: float, r: float
) -> None:
    """A building type's colour square (x, y, x + side, y + side) with its symbol of radius `r`
    in the middle (drawn once per process)."""

    def paint(pen: ImageDraw.ImageDraw, px: float, py: float) -> None:
        fill = TYPE_FILL[kind]
        pen.rectangle((px, py, px + side, py + side), fill=fill, outline=mix(fill, theme.INK, 0.5))
        type_icon(pen, kind, px + side / 2, py + side / 2, r, ink_on(fill))

    stamp(draw, ("newyork.type_square", kind, side, r), (x, y), (side, side), paint)


# ------------------------------------------------------------------ legends, headers, names


def type_legend(
    draw: ImageDraw.ImageDraw, x: float, y: float, width: float, locale: str | None
) -> float:
    """The six building types (colour square, symbol, name) in rows of three; returns y below."""
    kinds = list(TYPE_FILL)
    column = width / 3
    for k, kind in enumerate(kinds):
        row, col = divmod(k, 3)
        cx, cy = x + col * column, y + row * 30
        type_square(draw, kind, cx, cy, 24, 8)
        name = t(f"newyork.type.{kind}", locale)
        text(
            draw,
            (cx + 32, cy + 12),
            name,
            SMALL + 1,
            theme.TEXT,
            anchor="lm",
            max_width=column - 36,
        )
    return y + 2 * 30


def bank_legend(
    draw: ImageDraw.ImageDraw, x: float, y: float, width: float, locale: str | None
) -> float:
    """ "Money:" and the four banks (colour and symbol, name) on one row; returns y below."""
    head = t("newyork.render.money_legend", locale)
    x += text(draw, (x, y + 13), head, SMALL + 1, theme.MUTED, anchor="lm") + 12
    column = (width - x) / 4
    for k, bank in enumerate(BANKS):
        cx = x + k * column
        fill = BANK_FILL[bank]
        draw.rounded_rectangle((cx, y, cx + 20, y + 26), radius=4, fill=fill, outline=theme.INK)
        bank_icon(draw, bank, cx + 10, y + 13, 6, ink_on(fill))
        name = t(f"newyork.bank.{bank}", locale)
        text(
            draw, (cx + 26, y + 13), name, SMALL + 1, theme.TEXT, anchor="lm", max_width=column - 28
        )
    return y + 30


def legend(
    draw: ImageDraw.ImageDraw,
    y: float,
    locale: str | None,
    banks: bool = True,
    width: int = WIDTH,
    street: bool = False,
) -> float:
    """A legend panel across a picture `width` wide: the building types (colour, symbol, name),
    if `banks` the banks (colour, symbol, name), if `street` the mark of the longest street;
    returns the y below it (drawn once per process and language)."""
    height = legend_height(banks, street) - GAP

    def paint(pen: ImageDraw.ImageDraw, px: float, py: float) -> None:
        box = (px, py, px + width - 2 * MARGIN, py + height)
        _legend(pen, box, px - MARGIN, locale, banks, street)

    key = ("newyork.legend", locale, banks, width, street)
    stamp(draw, key, (MARGIN, y), (width - 2 * MARGIN, height), paint)
    return y + height + GAP


def _legend(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    shift: float,
    locale: str | None,
    banks: bool,
    street: bool,
) -> None:
    """The legend in `box`, drawn `shift` pixels right of where the picture shows it (the
    banks' columns are measured from the picture's left edge)."""
    x0, y, x1, _y1 = box
    panel(draw, box, fill=theme.PANEL_DIM)
    inner = x1 - x0 - 24
    below = type_legend(draw, x0 + 12, y + 10, inner, locale)
    if banks:
        below = bank_legend(draw, x0 + 12, below + 2, inner + shift, locale) + 2
    if street:
        x, mid = x0 + 12, below + 13
        draw.line((x, mid, x + 24, mid), fill=HIGHLIGHT, width=5)
        words = t("newyork.render.longest_street", locale)
        text(draw, (x + 32, mid), words, SMALL + 1, theme.TEXT, anchor="lm", max_width=inner - 40)


def legend_height(banks: bool = True, street: bool = False) -> int:
    """The height `legend` takes, gap below included."""
    return 2 * 30 + 16 + (34 if banks else 0) + (32 if street else 0) + GAP


def header(
    draw: ImageDraw.ImageDraw, title: str, right: str = "", colour: Colour = theme.GOLD
) -> int:
    """The title line (and a short note on the right); returns the y below it."""
    y = MARGIN + 30
    room = INNER - 16 - (width_of(right, LABEL) + 16 if right else 0)
    text(draw, (MARGIN + 8, y), title, TITLE, colour, True, max_width=room)
    if right:
        text(draw, (WIDTH - MARGIN - 8, y), right, LABEL, theme.MUTED, anchor="rs")
    return y + GAP + 4


def crown(draw: ImageDraw.ImageDraw, x: float, mid: float, r: float = 11) -> None:
    """A gold crown 2r wide from x, centred on `mid`: the winner's mark."""
    points = [
        (x, mid + r * 0.7),
        (x, mid - r * 0.5),
        (x + r * 0.5, mid),
        (x + r, mid - r),
        (x + r * 1.5, mid),
        (x + 2 * r, mid - r * 0.5),
        (x + 2 * r, mid + r * 0.7),
    ]
    draw.polygon(points, fill=WIN)


def winner_badge(draw: ImageDraw.ImageDraw, x: float, mid: float, locale: str | None) -> float:
    """A gold crown and the word "winner" from (x, mid); returns its right edge."""
    crown(draw, x, mid)
    box = pill(draw, (x + 28, mid), t("newyork.render.winner", locale), SMALL, WIN, theme.INK)
    return box[2]


def seat_name(names: list[str], seat: int) -> str:
    """The seat's display name (or a neutral placeholder: never a seat number)."""
    return names[seat] if 0 <= seat < len(names) else "?"
