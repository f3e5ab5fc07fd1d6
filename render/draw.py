"""Small drawing helpers on top of Pillow: fitted text, panels, pills and card rows."""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from render import theme
from render.fastdraw import Draw
from render.fonts import font
from render.theme import Colour

ELLIPSIS = "…"


class DrawnText(NamedTuple):
    """One text a picture drew: its words, its font size and the picture's width (pixels);
    `box` is where its ink went (left, top, right, bottom) and `picture_height` the picture's
    height, so a test can tell text that runs out of its place."""

    words: str
    size: int
    picture_width: int
    box: tuple[int, int, int, int] = (0, 0, 0, 0)
    picture_height: int = 0

    def size_at(self, display_width: int) -> float:
        """The font size on a screen that shows the picture `display_width` pixels wide."""
        return self.size * min(1.0, display_width / self.picture_width)


_text_listeners: list[Callable[[DrawnText], None]] = []


@contextmanager
def recording_text() -> Iterator[list[DrawnText]]:
    """Every text drawn (on any thread) while the block runs, in drawing order: for the
    rendering tests and the table tour, which check that pictures stay readable on a phone."""
    drawn: list[DrawnText] = []
    _text_listeners.append(drawn.append)
    try:
        yield drawn
    finally:
        _text_listeners.remove(drawn.append)


_capture = threading.local()


@contextmanager
def capturing_text() -> Iterator[list[DrawnText]]:
    """The texts this thread draws while the block runs, kept from the `recording_text`
    listeners (for `render.sprites`, which reports them where each copy is pasted)."""
    texts: list[DrawnText] = []
    outer = getattr(_capture, "texts", None)
    _capture.texts = texts
    try:
        yield texts
    finally:
        _capture.texts = outer


def replay_text(draw: ImageDraw.ImageDraw, texts: list[DrawnText], dx: int, dy: int) -> None:
    """Report `texts` (captured at the origin) to the listeners as drawn on `draw`'s picture,
    moved by (dx, dy)."""
    capture = getattr(_capture, "texts", None)
    if not _text_listeners and capture is None:
        return
    width, height = draw.im.size
    for drawn in texts:
        left, top, right, bottom = drawn.box
        moved = DrawnText(
            drawn.words, drawn.size, width, (left + dx, top + dy, right + dx, bottom + dy), height
        )
        if capture is not None:
            capture.append(moved)
            continue
        for listener in _text_listeners:
            listener(moved)


@lru_cache(maxsize=8)
def _blank(height: int, width: int) -> Image.Image:
    """A blank picture drawn the plain way (for pictures too small for `canvas`'s pieces)."""
    image = Image.new("RGB", (width, height), theme.FELT_EDGE)
    ImageDraw.Draw(image).rounded_rectangle(
        (6, 6, width - 7, height - 7), radius=22, fill=theme.FELT
    )
    return image


RIM = 6  # the darker rim's width
CORNER = 32  # a corner of the rim with its rounding fits in this square
SMALLEST = 4 * CORNER  # smaller pictures are copied from a blank


@lru_cache(maxsize=1)
def _corners() -> tuple[Image.Image, ...]:
    """The four corners (top left, top right, bottom left, bottom right) of a blank picture."""
    blank, far = _blank(SMALLEST, SMALLEST), SMALLEST - CORNER
    return tuple(blank.crop((x, y, x + CORNER, y + CORNER)) for y in (0, far) for x in (0, far))


def _sides(width: int, height: int, band: int) -> tuple[tuple[int, int, int, int], ...]:
    """The four sides of a picture, `band` pixels deep (top, bottom, left, right)."""
    return (
        (0, 0, width, band),
        (0, height - band, width, height),
        (0, band, band, height - band),
        (width - band, band, width, height - band),
    )


def _rim(image: Image.Image, inset: int = CORNER) -> None:
    """Paint the darker rim with its rounded inner corners on a felt picture's edges, touching
    nothing more than `inset` pixels from the edge."""
    width, height = image.size
    for box in _sides(width, height, RIM):
        image.paste(theme.FELT_EDGE, box)
    far_x, far_y = width - CORNER, height - CORNER
    places = ((0, 0), (far_x, 0), (0, far_y), (far_x, far_y))
    inner = (inset, inset, width - inset, height - inset)
    for corner, (x, y) in zip(_corners(), places, strict=True):
        for left, top, right, bottom in _outside((x, y, x + CORNER, y + CORNER), inner):
            piece = corner.crop((left - x, top - y, right - x, bottom - y))
            image.paste(piece, (left, top))


def _outside(
    square: tuple[int, int, int, int], inner: tuple[int, int, int, int]
) -> list[tuple[int, int, int, int]]:
    """`square` less the `inner` box, as up to three boxes (rows above or below it, then the
    columns left or right of it)."""
    x0, y0, x1, y1 = square
    if x1 <= inner[0] or x0 >= inner[2] or y1 <= inner[1] or y0 >= inner[3]:
        return [square]
    out = []
    if y0 < inner[1]:
        out.append((x0, y0, x1, inner[1]))
    if y1 > inner[3]:
        out.append((x0, inner[3], x1, y1))
    top, bottom = max(y0, inner[1]), min(y1, inner[3])
    if x0 < inner[0]:
        out.append((x0, top, inner[0], bottom))
    if x1 > inner[2]:
        out.append((inner[2], top, x1, bottom))
    return [box for box in out if box[0] < box[2] and box[1] < box[3]]


def canvas(height: int, width: int = theme.WIDTH) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A felt-coloured RGB picture with a darker rim, and a drawing context on it (felt filled
    in, then the rim's sides and its four cached corners, instead of keeping a blank of every
    size); the context draws rounded shapes from a per-process cache (`render.fastdraw`)."""
    if height < SMALLEST or width < SMALLEST:
        image = _blank(height, width).copy()
    else:
        image = Image.new("RGB", (width, height), theme.FELT)
        _rim(image)
    return image, Draw(image)


def frame(image: Image.Image, inset: int) -> None:
    """Give `image` the rim `canvas` draws: its outer `inset` pixels become those of a blank
    felt picture of its size (what lies inside them is kept)."""
    width, height = image.size
    if height < SMALLEST or width < SMALLEST:
        blank = _blank(height, width)
        for box in _sides(width, height, inset):
            image.paste(blank.crop(box), box[:2])
        return
    for box in _sides(width, height, inset):
        image.paste(theme.FELT, box)
    _rim(image, inset)


RIGHT_TO_LEFT = frozenset({"R", "AL"})


def isolated(name: str) -> str:
    """A name holding right-to-left script wrapped in Unicode's first-strong isolate (U+2068
    … U+2069), so the words around it keep their order ("<name>'s city" is not turned around);
    other names as they are."""
    if any(unicodedata.bidirectional(c) in RIGHT_TO_LEFT for c in name):
        return f"\u2068{name}\u2069"
    return name


def two_lines(words: str, size: int, width: float, bold: bool = False) -> list[str]:
    """`words` on one line, or on two (split at the space that balances them best) when one
    is narrower than they are."""
    if _length(words, size, bold) <= width or " " not in words:
        return [words]
    cuts = [i for i, c in enumerate(words) if c == " "]
    best = min(
        cuts, key=lambda i: max(_length(words[:i], size, bold), _length(words[i + 1 :], size, bold))
    )
    return [words[:best], words[best + 1 :]]


def fit(text: str, size: int, max_width: float, bold: bool = False) -> str:
    """`text`, cut short with an ellipsis so it is at most `max_width` pixels wide."""
    if _length(text, size, bold) <= max_width:
        return text
    while text and _length(text + ELLIPSIS, size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


@lru_cache(maxsize=8192)
def _mask(words: str, size: int, bold: bool, anchor: str) -> tuple[Any, tuple[int, int]]:
    """The rendered coverage mask of `words` and its offset from the anchor point (cached: the
    same labels, names and numbers recur on every picture, and FreeType rendering dominated)."""
    return font(size, bold).getmask2(words, "L", anchor=anchor)


@lru_cache(maxsize=8192)
def _length(words: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(words)


def put_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: Colour,
    bold: bool = False,
    anchor: str = "ls",
) -> None:
    """Draw `words` with its `anchor` at `xy` (rounded to whole pixels), like `draw.text` with
    the bundled font but from a cache of rendered masks."""
    mask, (dx, dy) = _mask(words, size, bold, anchor)
    left, top = round(xy[0]) + dx, round(xy[1]) + dy
    capture = getattr(_capture, "texts", None)
    if _text_listeners or capture is not None:
        width, height = draw.im.size
        box = (left, top, left + mask.size[0], top + mask.size[1])
        if capture is not None:
            capture.append(DrawnText(words, size, width, box, height))
        else:
            for listener in _text_listeners:
                listener(DrawnText(words, size, width, box, height))
    ink = draw._getink(fill)[0]  # the packed colour Pillow's own text drawing uses
    draw.draw.draw_bitmap((left, top), mask, ink)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: Colour = theme.TEXT,
    bold: bool = False,
    anchor: str = "ls",
    max_width: float | None = None,
    min_size: int | None = None,
) -> float:
    """Draw `words` and return the width drawn. Words wider than `max_width` (if given) are drawn
    smaller, down to `min_size` (if given), and only then shortened with an ellipsis."""
    width = _length(words, size, bold)
    while max_width is not None and width > max_width and min_size and size > min_size:
        size -= 1
        width = _length(words, size, bold)
    if max_width is not None and width > max_width:
        words = fit(words, size, max_width, bold)
        width = _length(words, size, bold)
    put_text(draw, xy, words, size, fill, bold, anchor)
    return width


def width_of(words: str, size: int, bold: bool = False) -> float:
    """The width of `words` in pixels."""
    return _length(words, size, bold)


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    fill: Colour = theme.PANEL,
    outline: Colour | None = theme.PANEL_LINE,
    width: int = 2,
    radius: int = theme.RADIUS,
) -> None:
    """A rounded panel."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: Colour,
    ink: Colour,
    bold: bool = True,
    align: str = "left",
) -> tuple[float, float, float, float]:
    """A rounded label whose left, right or center (`align`) middle is `xy`; returns its box."""
    pad = size * 0.6
    w = width_of(words, size, bold) + 2 * pad
    h = size * 1.6
    x0 = {"left": xy[0], "right": xy[0] - w, "center": xy[0] - w / 2}[align]
    box = (x0, xy[1] - h / 2, x0 + w, xy[1] + h / 2)
    draw.rounded_rectangle(box, radius=int(h / 2), fill=fill)
    put_text(draw, (x0 + w / 2, xy[1]), words, size, ink, bold, anchor="mm")
    return box


def card_step(count: int, card_width: int, max_width: float, gap: int = 8) -> float:
    """Distance between the left edges of `count` cards laid in a row no wider than `max_width`
    (overlapping when they do not fit side by side)."""
    if count <= 1:
        return 0.0
    return min(card_width + gap, (max_width - card_width) / (count - 1))


def lay_cards(
    image: Image.Image, tiles: Sequence[Image.Image], x: float, y: float, max_width: float
) -> float:
    """Paste RGBA card `tiles` in a row from (x, y) within `max_width`; the width used."""
    if not tiles:
        return 0.0
    w = tiles[0].width
    step = card_step(len(tiles), w, max_width)
    for i, tile in enumerate(tiles):
        image.paste(tile, (round(x + i * step), round(y)), tile)
    return step * (len(tiles) - 1) + w


def highlight(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    label: str,
    size: int,
    width: int = 4,
    radius: int = 10,
) -> tuple[float, float, float, float]:
    """Mark what the last move changed: a gold outline around `box` and a gold `label` pill
    (e.g. "new") on its top edge, right-aligned; returns the pill's box."""
    pad = width + 1
    draw.rounded_rectangle(
        (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad),
        radius=radius,
        outline=theme.GOLD,
        width=width,
    )
    return pill(
        draw, (box[2] + pad, box[1] - pad), label, size, theme.GOLD, theme.INK, align="right"
    )
