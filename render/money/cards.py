"""Money's cards: banknotes, gold coins, bluff cards and card backs.

A card's shapes are an RGBA tile drawn at 3× and shrunk for smooth edges, cached, so a picture
pastes each card it shows instead of drawing it again; `put_card` lays one down with its words
(symbol, value) written at final size through `render.draw.put_text`, so they stay crisp and
every text a picture shows is measured (the card with its words is kept per process by
`render.sprites`). Serial numbers are not drawn: the
exchange order they break ties in is shown on the table (PROPOSED, issue 15: no ids drawn).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import put_text
from render.sprites import stamp
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
    inner = (m, m, w - m - 1, h - m - 1)
    draw.rounded_rectangle(inner, round(0.05 * w), fill=colour)
    cx, cy = w / 2, 0.47 * h
    rx, ry = 0.33 * w, 0.27 * h
    draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=mix(colour, WHITE, 0.16))
    return _finish(tile, width)[0]


def _coin(width: int) -> Image.Image:
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
    return _finish(tile, width)[0]


def _bluff(width: int) -> Image.Image:
    tile, draw, w, h = _base(width, paper=True)
    m = round(0.07 * w)
    draw.rounded_rectangle((m, m, w - m - 1, h - m - 1), round(0.05 * w), fill=BLUFF)
    return _finish(tile, width)[0]


@cache
def card_tile(card_id: int, width: int) -> Image.Image:
    """The RGBA tile of one card's shapes (no words), `width` pixels wide (see `card_size`).
    Cached; do not modify."""
    kind = CARDS[card_id].kind
    if kind == "note":
        return _note(card_id, width)
    if kind == "coin":
        return _coin(width)
    return _bluff(width)


def value_size(width: int) -> int:
    """The font size of a card's value on a card `width` pixels wide."""
    return max(20, round(0.4 * width))


def put_card(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    card_id: int,
    xy: tuple[float, float],
    width: int,
    locale: str | None,
) -> tuple[float, float, float, float]:
    """Paste one card with its top left at `xy` and write its words on it: a note's currency
    symbol and value, a coin's value, the bluff card's 0 and name (the card with its words
    drawn once per process). Returns the card's box."""
    x, y = round(xy[0]), round(xy[1])

    def paint(pen: ImageDraw.ImageDraw, px: float, py: float) -> None:
        _card(pen, card_id, (round(px), round(py)), width, locale)

    tile = card_size(width)
    key = ("money.card", card_id, width, locale if CARDS[card_id].kind == "bluff" else None)
    stamp(draw, key, (x, y), tile, paint)
    return (x, y, x + width, y + round(width * RATIO))


def _card(
    draw: ImageDraw.ImageDraw, card_id: int, xy: tuple[int, int], width: int, locale: str | None
) -> None:
    x, y = xy
    tile = card_tile(card_id, width)
    draw.im.paste(tile.im, (x, y, x + tile.width, y + tile.height))  # a copy: no blending
    c = CARDS[card_id]
    w, h = width, round(width * RATIO)
    small = max(14, round(0.22 * w))
    if c.kind == "note":
        sym = CURRENCY_BY_CODE[c.currency].symbol if c.currency in CURRENCY_BY_CODE else "?"
        put_text(draw, (x + 0.12 * w, y + 0.1 * w), sym, small, WHITE, True, "lt")
        put_text(draw, (x + w / 2, y + 0.47 * h), str(c.value), value_size(w), WHITE, True, "mm")
    elif c.kind == "coin":
        put_text(draw, (x + w / 2, y + h / 2), str(c.value), value_size(w), COIN_INK, True, "mm")
    else:
        put_text(draw, (x + w / 2, y + 0.4 * h), "0", value_size(w), WHITE, True, "mm")
        word = t("render.money.bluff", locale)
        put_text(draw, (x + w / 2, y + 0.75 * h), word, small, WHITE, True, "mm")


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
