"""Shared pieces of the New York card game's pictures: colours, money and building tiles,
names (Dirk included) and the type chips."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from i18n import t
from render import draw as d
from render import theme
from render.theme import Colour, hex_colour
from rules.nycards.components import BUILDINGS, CURRENCY_COLOURS, MONEY, TYPE_BY_ID, type_name

View = dict[str, Any]

TYPE_COLOURS: dict[str, Colour] = {
    "blue": hex_colour("#3a7bd5"),
    "red": hex_colour("#c8443a"),
    "brown": hex_colour("#8a5a33"),
    "white": hex_colour("#ecebe4"),
    "green": hex_colour("#3e9e4f"),
    "purple": hex_colour("#8048b0"),
}
MONEY_W, MONEY_H = 62, 86


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
    return names[seat] if seat < len(names) else t("nycards.dirk", locale)


def money_tile(card_id: int) -> Image.Image:
    """A small money card: the currency's colour with its value."""
    m = MONEY[card_id]
    tile = Image.new("RGBA", (MONEY_W, MONEY_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    colour = currency_colour(m.currency)
    draw.rounded_rectangle(
        (0, 0, MONEY_W - 1, MONEY_H - 1), radius=8, fill=colour, outline=theme.INK, width=2
    )
    d.put_text(draw, (MONEY_W / 2, MONEY_H / 2), str(m.value), 34, ink_on(colour), True, "mm")
    return tile


def building_box(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    building: int | None,
    locale: str | None,
) -> None:
    """A building card in `box` (type colour, name, price), or an empty outline."""
    if building is None:
        d.panel(draw, box, theme.PANEL_DIM, theme.PANEL_LINE)
        d.text(
            draw,
            ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
            t("render.nycards.empty", locale),
            18,
            theme.FAINT,
            anchor="mm",
        )
        return
    b = BUILDINGS[building]
    colour = type_colour(b.type)
    d.panel(draw, box, colour, theme.INK, radius=10)
    ink = ink_on(colour)
    width = box[2] - box[0] - 16
    d.text(
        draw, (box[0] + 10, box[1] + 28), type_name(b.type, locale), 20, ink, True, max_width=width
    )
    d.text(draw, (box[2] - 12, box[3] - 12), str(b.price), 36, ink, True, anchor="rs")


def type_chip(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], type_id: str, count: int, size: int = 34
) -> None:
    """A square in the type's colour with a count; dim when the count is 0."""
    x, y = xy
    colour = type_colour(type_id) if count else theme.PANEL_DIM
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=6, fill=colour, outline=theme.PANEL_LINE, width=1
    )
    if count:
        d.put_text(draw, (x + size / 2, y + size / 2), str(count), 18, ink_on(colour), True, "mm")
