"""Shared pieces of New York's pictures: colours, tile and money drawing, headers."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render import theme
from render.draw import text
from render.theme import Colour, hex_colour, mix
from rules.newyork.components import BOTTOM, LEFT, MONEY, RIGHT, STREETS, TILES, TOP

View = dict[str, Any]

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
HIGHLIGHT = hex_colour("#ff5a5a")
LABEL_FILL = hex_colour("#fff6c8")


def ink_on(fill: Colour) -> Colour:
    """Dark or light text, whichever reads on `fill`."""
    return theme.INK if sum(fill) > 480 else theme.TEXT


def draw_tile(
    draw: ImageDraw.ImageDraw, tile: int, x: float, y: float, size: float, show_price: bool = True
) -> None:
    """A tile as a square at (x, y): its type colour, price, and a dark band on each street side
    (Times Square: gold with a star)."""
    info = TILES.get(tile)
    fill = TYPE_FILL[info.type] if info else SQUARE_FILL
    draw.rectangle((x, y, x + size - 1, y + size - 1), fill=fill, outline=mix(fill, theme.INK, 0.5))
    band = max(3, round(size * 0.14))
    streets = STREETS[tile]
    if streets & TOP:
        draw.rectangle((x, y, x + size - 1, y + band), fill=STREET)
    if streets & BOTTOM:
        draw.rectangle((x, y + size - 1 - band, x + size - 1, y + size - 1), fill=STREET)
    if streets & LEFT:
        draw.rectangle((x, y, x + band, y + size - 1), fill=STREET)
    if streets & RIGHT:
        draw.rectangle((x + size - 1 - band, y, x + size - 1, y + size - 1), fill=STREET)
    centre = (x + size / 2, y + size / 2)
    if info is None:
        text(draw, centre, "★", round(size * 0.5), theme.INK, True, anchor="mm")
    elif show_price:
        text(draw, centre, str(info.price), round(size * 0.36), ink_on(fill), True, anchor="mm")


def draw_money(
    draw: ImageDraw.ImageDraw, card: int, x: float, y: float, w: float = 46, h: float = 64
) -> None:
    """A money card: its bank's colour and value."""
    m = MONEY[card]
    fill = BANK_FILL[m.bank]
    draw.rounded_rectangle((x, y, x + w, y + h), radius=7, fill=fill, outline=theme.INK, width=2)
    text(draw, (x + w / 2, y + h / 2), str(m.value), round(h * 0.45), ink_on(fill), True, "mm")


def header(draw: ImageDraw.ImageDraw, title: str, right: str) -> int:
    """The title line; returns the y below it."""
    y = theme.MARGIN + 30
    text(draw, (theme.MARGIN + 8, y), title, 28, theme.GOLD, True)
    text(draw, (theme.WIDTH - theme.MARGIN - 8, y), right, 20, theme.MUTED, anchor="rs")
    return y + theme.GAP


def seat_name(names: list[str], seat: int) -> str:
    """The seat's display name (or a placeholder)."""
    return names[seat] if seat < len(names) else f"#{seat + 1}"
