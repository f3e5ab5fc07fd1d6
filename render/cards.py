"""Money's cards as small RGBA tiles: banknotes, gold coins, bluff cards and card backs.

Shapes are drawn at 3× and shrunk for smooth edges; text is drawn at final size to stay crisp.
Tiles are cached, so a picture pastes each card it shows instead of drawing it again.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.fonts import font
from render.theme import Colour, hex_colour, mix
from rules.money.components import CARDS, CURRENCY_BY_CODE

# Each currency's note colour (the symbol is printed too, so colour is never the only cue).
CURRENCY_COLOURS: dict[str, Colour] = {
    code: hex_colour(value)
    for code, value in {
        "USD": "#2e7d32",
        "GBP": "#6a3d9a",
        "SEK": "#00838f",
        "RUB": "#c0392b",
        "JPY": "#cf5a0c",
        "CHF": "#ad1457",
        "EUR": "#1f4e9e",
    }.items()
}
COIN = hex_colour("#ecc04f")
COIN_RIM = hex_colour("#a8791f")
COIN_INK = hex_colour("#5a3b06")
BLUFF = hex_colour("#59636b")
BACK = hex_colour("#7a2230")
WHITE: Colour = (255, 255, 255)

RATIO = 1.4  # card height / width
SHADOW = 3  # shadow offset in pixels; tiles are this much wider and taller than the card
SS = 3  # supersampling factor for shapes


def currency_colour(code: str) -> Colour:
    """The note colour of a currency (grey for an unknown code)."""
    return CURRENCY_COLOURS.get(code, BLUFF)


def card_size(width: int) -> tuple[int, int]:
    """The tile size of a card `width` pixels wide (shadow included)."""
    return width + SHADOW, round(width * RATIO) + SHADOW


def _base(width: int, paper: bool) -> tuple[Image.Image, ImageDraw.ImageDraw, int, int]:
    """A supersampled tile with the card's shadow (and paper, if `paper`) already drawn."""
    w, h = width * SS, round(width * RATIO) * SS
    tile = Image.new("RGBA", (w + SHADOW * SS, h + SHADOW * SS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    r = round(0.09 * w)
    if paper:
        off = SHADOW * SS
        draw.rounded_rectangle((off, off, w + off - 1, h + off - 1), r, fill=(0, 0, 0, 90))
        draw.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=theme.PAPER, outline=(120, 110, 90))
    return tile, draw, w, h


def _finish(tile: Image.Image, width: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """Shrink a supersampled tile to final size; a drawing context for the text."""
    small = tile.resize(card_size(width), Image.Resampling.LANCZOS)
    return small, ImageDraw.Draw(small)


def _note(card_id: int, width: int) -> Image.Image:
    c = CARDS[card_id]
    colour = currency_colour(c.currency or "")
    tile, draw, w, h = _base(width, paper=True)
    m = round(0.07 * w)
    foot = round(0.2 * h)  # cream band at the bottom carrying the serial number
    inner = (m, m, w - m - 1, h - foot)
    draw.rounded_rectangle(inner, round(0.05 * w), fill=colour)
    cx, cy = w / 2, (m + h - foot) / 2
    rx, ry = 0.33 * w, 0.27 * h
    draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=mix(colour, WHITE, 0.16))
    small, draw = _finish(tile, width)
    sw, sh = width, round(width * RATIO)
    symbol = CURRENCY_BY_CODE[c.currency].symbol if c.currency in CURRENCY_BY_CODE else "?"
    pad = 0.12 * sw
    draw.text((pad, pad * 0.9), symbol, font=font(round(0.2 * sw), True), fill=WHITE, anchor="lt")
    vsize = round(0.36 * sw)
    draw.text(
        (sw / 2, (sh * 0.95 - sh * 0.2) / 2 + 0.03 * sh),
        str(c.value),
        font=font(vsize, True),
        fill=WHITE,
        anchor="mm",
    )
    draw.text(
        (sw / 2, sh - 0.1 * sh),
        f"#{c.serial}",
        font=font(max(13, round(0.18 * sw)), True),
        fill=theme.INK,
        anchor="mm",
    )
    return small


def _coin(card_id: int, width: int) -> Image.Image:
    c = CARDS[card_id]
    tile, draw, w, h = _base(width, paper=False)
    d = 0.92 * w
    x0, y0 = (w - d) / 2, (h - d) / 2
    off = SHADOW * SS
    draw.ellipse((x0 + off, y0 + off, x0 + d + off, y0 + d + off), fill=(0, 0, 0, 90))
    draw.ellipse((x0, y0, x0 + d, y0 + d), fill=COIN_RIM)
    ring = 0.06 * d
    draw.ellipse((x0 + ring, y0 + ring, x0 + d - ring, y0 + d - ring), fill=COIN)
    inner = 0.13 * d
    draw.ellipse(
        (x0 + inner, y0 + inner, x0 + d - inner, y0 + d - inner),
        outline=mix(COIN, COIN_RIM, 0.6),
        width=max(1, round(0.015 * d)),
    )
    small, draw = _finish(tile, width)
    sw, sh = width, round(width * RATIO)
    draw.text(
        (sw / 2, sh / 2 - 0.07 * sw),
        str(c.value),
        font=font(round(0.34 * sw), True),
        fill=COIN_INK,
        anchor="mm",
    )
    serial = font(max(13, round(0.16 * sw)), True)
    draw.text((sw / 2, sh / 2 + 0.24 * sw), f"#{c.serial}", font=serial, fill=COIN_INK, anchor="mm")
    return small


def _bluff(width: int, locale: str | None) -> Image.Image:
    tile, draw, w, h = _base(width, paper=True)
    m = round(0.07 * w)
    draw.rounded_rectangle((m, m, w - m - 1, h - m - 1), round(0.05 * w), fill=BLUFF)
    small, draw = _finish(tile, width)
    sw, sh = width, round(width * RATIO)
    draw.text((sw / 2, sh * 0.42), "0", font=font(round(0.4 * sw), True), fill=WHITE, anchor="mm")
    word = t("render.money.bluff", locale)
    size = round(0.17 * sw)
    while size > 8 and font(size, True).getlength(word) > 0.8 * sw:
        size -= 1
    draw.text((sw / 2, sh * 0.72), word, font=font(size, True), fill=WHITE, anchor="mm")
    return small


@cache
def card_tile(card_id: int, width: int, locale: str | None = None) -> Image.Image:
    """The RGBA tile of one card, `width` pixels wide (see `card_size`). Cached; do not modify."""
    kind = CARDS[card_id].kind
    if kind == "note":
        return _note(card_id, width)
    if kind == "coin":
        return _coin(card_id, width)
    return _bluff(width, locale)


@cache
def back_tile(width: int) -> Image.Image:
    """The RGBA tile of a face-down card, `width` pixels wide. Cached; do not modify."""
    tile, draw, w, h = _base(width, paper=True)
    m = round(0.07 * w)
    draw.rounded_rectangle((m, m, w - m - 1, h - m - 1), round(0.05 * w), fill=BACK)
    m2 = round(0.14 * w)
    draw.rounded_rectangle(
        (m2, m2, w - m2 - 1, h - m2 - 1), round(0.04 * w), outline=theme.GOLD, width=max(1, SS)
    )
    cx, cy, r = w / 2, h / 2, 0.2 * w
    diamond = [(cx, cy - r * 1.4), (cx + r, cy), (cx, cy + r * 1.4), (cx - r, cy)]
    draw.polygon(diamond, fill=theme.GOLD)
    return _finish(tile, width)[0]
