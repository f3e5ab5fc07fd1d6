"""Palazzo's picture pieces: money cards, building tiles, towers of tiles, the header."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import canvas, panel, pill, text, width_of
from render.theme import Colour, hex_colour
from rules.palazzo.components import KNIGHTS, MONEY, TILES

View = dict[str, Any]

CURRENCY_COLOURS: dict[str | None, Colour] = {
    "red": hex_colour("#c0392b"),
    "brown": hex_colour("#8d5a2b"),
    "grey": hex_colour("#7d8790"),
    None: hex_colour("#e9d9a6"),
}
MATERIAL_COLOURS: dict[str, Colour] = {
    "brick": hex_colour("#b5523b"),
    "sandstone": hex_colour("#d9b77a"),
    "marble": hex_colour("#e8e8ee"),
}
WINDOW = hex_colour("#2b3a4a")
TILE_W, TILE_H = 96, 30
CARD_W, CARD_H = 52, 74


def money_card(
    draw: ImageDraw.ImageDraw, x: float, y: float, card: int, scale: float = 1.0
) -> None:
    """A money card: its currency's colour, its value large (a certificate is cream)."""
    m = MONEY[card]
    w, h = CARD_W * scale, CARD_H * scale
    colour = CURRENCY_COLOURS[m.currency]
    ink = theme.INK if m.currency is None else theme.TEXT
    draw.rounded_rectangle(
        (x, y, x + w, y + h), radius=int(7 * scale), fill=colour, outline=theme.INK
    )
    text(draw, (x + w / 2, y + h / 2), str(m.value), int(28 * scale), ink, True, "mm")
    mark = "C" if m.currency is None else m.currency[0].upper()
    text(draw, (x + 6 * scale, y + 14 * scale), mark, int(11 * scale), ink, True)


def building_tile(
    draw: ImageDraw.ImageDraw, x: float, y: float, tile: int, w: int = TILE_W
) -> None:
    """A tile: material colour, the floor number at the left, its windows as dark panes."""
    if tile in KNIGHTS:
        draw.rounded_rectangle((x, y, x + w, y + TILE_H), radius=6, fill=theme.GOLD)
        text(draw, (x + w / 2, y + TILE_H / 2), "♞", 20, theme.INK, True, "mm")
        return
    info = TILES[tile]
    draw.rounded_rectangle(
        (x, y, x + w, y + TILE_H), radius=5, fill=MATERIAL_COLOURS[info.material], outline=theme.INK
    )
    text(draw, (x + 14, y + TILE_H / 2), str(info.floor), 18, theme.INK, True, "mm")
    for k in range(info.windows):
        wx = x + 32 + k * 20
        draw.rounded_rectangle((wx, y + 7, wx + 12, y + TILE_H - 7), radius=3, fill=WINDOW)


def tile_row(draw: ImageDraw.ImageDraw, x: float, y: float, tiles: list[int], max_w: float) -> None:
    """Tiles side by side (overlapping when they do not fit)."""
    if not tiles:
        return
    step = min(TILE_W + 6, (max_w - TILE_W) / max(1, len(tiles) - 1))
    for k, tile in enumerate(tiles):
        building_tile(draw, x + k * step, y, tile)


def tile_column(draw: ImageDraw.ImageDraw, x: float, bottom: float, tiles: list[int]) -> None:
    """Tiles stacked upwards from `bottom` (the first tile lowest)."""
    for k, tile in enumerate(tiles):
        building_tile(draw, x, bottom - (k + 1) * (TILE_H + 2), tile)


TOWER_H = 5 * (TILE_H + 2)


def tower(
    draw: ImageDraw.ImageDraw,
    x: float,
    bottom: float,
    palazzo: list[int],
    points: int,
    locale: str | None,
    number: int | None = None,
) -> None:
    """A palazzo: its tiles bottom-up, its number and points below."""
    tile_column(draw, x, bottom, palazzo)
    label = t("palazzo.render.points", locale, points=points)
    if number is not None:
        label = t("palazzo.render.numbered", locale, number=number, points=label)
    colour = theme.GOOD if points > 0 else (theme.MUTED if points == 0 else hex_colour("#f08a7e"))
    text(draw, (x + TILE_W / 2, bottom + 18), label, 14, colour, True, "mm", max_width=TILE_W + 12)


def header(draw: ImageDraw.ImageDraw, title: str, subtitle: str, y: int = theme.MARGIN) -> int:
    """The picture's title line (the title, e.g. a player's name, cut short before the
    subtitle); returns the y below it."""
    room = theme.WIDTH - 2 * theme.MARGIN - 8
    subtitle_width = min(width_of(subtitle, 16), theme.WIDTH - 420)
    text(
        draw,
        (theme.MARGIN + 4, y + 30),
        title,
        28,
        theme.GOLD,
        True,
        max_width=room - subtitle_width - 24,
    )
    text(
        draw,
        (theme.WIDTH - theme.MARGIN - 4, y + 30),
        subtitle,
        16,
        theme.MUTED,
        anchor="rs",
        max_width=theme.WIDTH - 420,
    )
    return y + 44 + theme.GAP


def framed(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], title: str) -> None:
    """A panel with a small title in its top-left corner."""
    panel(draw, box)
    text(
        draw,
        (box[0] + 12, box[1] + 22),
        title,
        15,
        theme.MUTED,
        True,
        max_width=box[2] - box[0] - 20,
    )


def badge(
    draw: ImageDraw.ImageDraw, x: float, y: float, words: str, highlight: bool = False
) -> None:
    """A small pill label."""
    fill = theme.GOLD if highlight else theme.PANEL_LINE
    ink = theme.INK if highlight else theme.TEXT
    pill(draw, (x, y), words, 13, fill, ink)


def new_canvas(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """The felt background of every Palazzo picture."""
    return canvas(height)
