"""Shared pieces of the New York card game's pictures: the phone-first sizes, colours, the two
shapes that keep money and buildings apart, names (Dirk included) and the legend.

Money is always ROUND (a coin in its currency's colour, on a cream card); a building is always a
HOUSE (a roofed shape in its type's colour with the type's glyph), so a blue Theater and the blue
currency never look alike, whatever one sees of colour. Every picture is WIDTH (600) pixels
wide: on a phone 400 px wide the smallest text (SMALL, 15) shows at 10 px and values, prices and
scores (KEY, 22) at 14.7 px.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import ImageDraw

from i18n import t
from render import draw as d
from render import theme
from render.sprites import stamp
from render.theme import Colour, hex_colour
from rules.nycards.components import (
    BUILDINGS,
    CURRENCY_COLOURS,
    MONEY,
    TYPE_BY_ID,
    TYPE_IDS,
    type_name,
)

View = dict[str, Any]
Event = dict[str, Any]

WIDTH = 600
M = 14
PAD = 12
SMALL = 15
BODY = 17
NAME = 19
KEY = 22
TITLE = 26

TYPE_COLOURS: dict[str, Colour] = {
    "blue": hex_colour("#3a7bd5"),
    "red": hex_colour("#c8443a"),
    "brown": hex_colour("#8a5a33"),
    "white": hex_colour("#ecebe4"),
    "green": hex_colour("#3e9e4f"),
    "purple": hex_colour("#8048b0"),
}
TYPE_GLYPHS: dict[str, str] = {
    "theater": "♫",
    "museum": "♜",
    "station": "⚑",
    "church": "✝",
    "park": "♣",
    "skyscraper": "▮",
}
MONEY_W, MONEY_H = 56, 76
PAPER = theme.PAPER


def currency_colour(code: str) -> Colour:
    """The colour of a currency."""
    return hex_colour(CURRENCY_COLOURS[code])


def type_colour(type_id: str) -> Colour:
    """The card colour of a building type."""
    return TYPE_COLOURS[TYPE_BY_ID[type_id].colour]


def ink_on(colour: Colour) -> Colour:
    """Dark or light text, whichever reads on `colour`."""
    return theme.INK if sum(colour) > 420 else theme.TEXT


def seat_name(seat: int, names: list[str], locale: str | None) -> str:
    """A seat's name; the index after the last seat is Dirk."""
    if seat < len(names) and names[seat]:
        return names[seat]
    if seat >= len(names):
        return t("nycards.dirk", locale)
    return t("render.nycards.pic.player", locale, number=seat + 1)


def currency_word(code: str, locale: str | None) -> str:
    """A currency's name ("blue")."""
    return t(f"nycards.currency.{code}", locale)


# ------------------------------------------------------------------ money: round


def coin(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float, code: str) -> None:
    """A coin of a currency: a disc in its colour with a darker rim."""
    x, y = centre
    colour = currency_colour(code)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=theme.INK, width=2)


def money_card(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], card_id: int, w: int = MONEY_W
) -> tuple[float, float, float, float]:
    """A money card with its top left at `xy`: a cream card holding a coin of its currency with
    the value (drawn once per process). Returns its box."""
    m = MONEY[card_id]
    h = round(w * MONEY_H / MONEY_W)
    x, y = xy

    def paint(pen: ImageDraw.ImageDraw, px: float, py: float) -> None:
        pen.rounded_rectangle(
            (px, py, px + w, py + h), radius=7, fill=PAPER, outline=theme.INK, width=2
        )
        r = w * 0.42
        coin(pen, (px + w / 2, py + h / 2), r, m.currency)
        size = max(KEY, round(w * 0.45))
        colour = ink_on(currency_colour(m.currency))
        d.put_text(pen, (px + w / 2, py + h / 2), str(m.value), size, colour, True, "mm")

    stamp(draw, ("nycards.money", m.currency, m.value, w), (x, y), (w, h), paint)
    return (x, y, x + w, y + h)


def money_row(
    draw: ImageDraw.ImageDraw,
    cards: Sequence[int],
    x: float,
    y: float,
    room: float,
    w: int = MONEY_W,
) -> tuple[float, float, float, float]:
    """Money cards in a row from (x, y), overlapping to fit `room`; the box they cover."""
    step = d.card_step(len(cards), w, room, gap=6)
    box = (x, y, x, y)
    for i, card in enumerate(cards):
        box = money_card(draw, (x + i * step, y), card, w)
    return (x, y, box[2], box[3])


# ------------------------------------------------------------------ buildings: houses


def house(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    colour: Colour,
    outline: Colour = theme.INK,
    roof: float = 0.3,
) -> float:
    """A house shape (a roof on a wall) filling `box`; returns the y where the wall starts."""
    x0, y0, x1, y1 = box
    eave = y0 + (y1 - y0) * roof
    points = [(x0, eave), ((x0 + x1) / 2, y0), (x1, eave), (x1, y1), (x0, y1)]
    draw.polygon(points, fill=colour, outline=outline, width=2)
    return eave


def type_badge(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    type_id: str,
    size: int,
    count: int | None = None,
) -> tuple[float, float, float, float]:
    """A small house of a type with its glyph (or `count` when given; dim when 0) at top left
    `xy`, `size` pixels square (drawn once per process). Returns its box."""
    x, y = xy

    def paint(pen: ImageDraw.ImageDraw, px: float, py: float) -> None:
        _type_badge(pen, (px, py), type_id, size, count)

    stamp(draw, ("nycards.badge", type_id, size, count), (x, y), (size, size), paint)
    return (x, y, x + size, y + size)


def _type_badge(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], type_id: str, size: int, count: int | None
) -> None:
    x, y = xy
    box = (x, y, x + size, y + size)
    dim = count == 0
    colour = theme.PANEL_DIM if dim else type_colour(type_id)
    eave = house(draw, box, colour, theme.PANEL_LINE if dim else theme.INK)
    centre = (x + size / 2, (eave + y + size) / 2 + 1)
    if count is None:
        glyph_size = max(SMALL, round(size * 0.5))
        d.put_text(draw, centre, TYPE_GLYPHS[type_id], glyph_size, ink_on(colour), True, "mm")
    elif count:
        number_size = max(KEY, round(size * 0.55))
        d.put_text(draw, centre, str(count), number_size, ink_on(colour), True, "mm")


def building_card(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    building: int,
    locale: str | None,
) -> None:
    """A building card in `box`: a house in the type's colour with its glyph and name, and the
    price large (drawn once per process)."""
    x0, y0, x1, y1 = box

    def paint(pen: ImageDraw.ImageDraw, px: float, py: float) -> None:
        _building_card(pen, (px, py, px + x1 - x0, py + y1 - y0), building, locale)

    key = ("nycards.building", building, x1 - x0, y1 - y0, locale)
    stamp(draw, key, (x0, y0), (x1 - x0, y1 - y0), paint)


def _building_card(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    building: int,
    locale: str | None,
) -> None:
    b = BUILDINGS[building]
    colour = type_colour(b.type)
    eave = house(draw, box, colour, roof=0.24)
    ink = ink_on(colour)
    x0, _, x1, y1 = box
    cx = (x0 + x1) / 2
    d.put_text(draw, (cx, eave - 2), TYPE_GLYPHS[b.type], BODY, ink, True, "ms")
    d.text(
        draw,
        (cx, eave + 20),
        type_name(b.type, locale),
        SMALL,
        ink,
        True,
        anchor="ms",
        max_width=x1 - x0 - 8,
    )
    d.put_text(draw, (cx, y1 - 8), str(b.price), TITLE + 4, ink, True, "ms")


# ------------------------------------------------------------------ legend


def legend(draw: ImageDraw.ImageDraw, y: float, locale: str | None) -> float:
    """What the shapes and colours mean: round = money, house = building, and each type's
    colour, glyph and name. Returns the next y."""
    x: float = M + PAD
    mid = y + 12
    coin(draw, (x + 9, mid), 9, "blue")
    x += 24 + d.text(
        draw,
        (x + 24, mid),
        t("render.nycards.pic.legend_money", locale),
        SMALL,
        theme.MUTED,
        anchor="lm",
    )
    x += 16
    type_badge(draw, (x, mid - 10), "theater", 20, count=None)
    d.text(
        draw,
        (x + 26, mid),
        t("render.nycards.pic.legend_building", locale),
        SMALL,
        theme.MUTED,
        anchor="lm",
    )
    y += 30
    col = (WIDTH - 2 * M - 2 * PAD) / 3
    for i, type_id in enumerate(TYPE_IDS):
        x = M + PAD + (i % 3) * col
        row_y = y + (i // 3) * 28
        type_badge(draw, (x, row_y), type_id, 22)
        d.text(
            draw,
            (x + 28, row_y + 12),
            type_name(type_id, locale),
            SMALL,
            theme.TEXT,
            anchor="lm",
            max_width=col - 32,
        )
    return y + 2 * 28


LEGEND_HEIGHT = 30 + 2 * 28
