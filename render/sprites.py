"""Pieces of pictures drawn once per process and pasted after: a card's face, a tile, a legend.

`stamp(draw, key, xy, size, paint)` draws what `paint(pen, x, y)` draws in a box of `size` at
`xy` (rounded to whole pixels): the first time on a transparent tile (kept, keyed by `key` and
by whether x and y are odd, so halves round as on the picture), then by pasting the tile.
The texts drawn are reported to `render.draw.recording_text` every time, at their place.

What `paint` draws must depend only on `key` (and the position), lie within the box (2 pixels
of slack around it), and put text only over opaque pixels it drew itself (a card, a tile, a
panel): text is blended with the pixels under it, which on the tile are its own. Half-clear
pixels (a card's shadow) must be set, not blended, on the tile; pasting blends them. With a
`background` colour the whole box is drawn on it and pasted, for pieces on a plain panel.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from PIL import Image, ImageDraw

from render import draw as drawing
from render.fastdraw import Draw
from render.theme import Colour

SLACK = 2  # pixels around the box that `paint` may still reach (even: keeps the rounding)
LIMIT_BYTES = 32 * 1024 * 1024  # pixels kept per process (the least recently used go first)

Paint = Callable[[ImageDraw.ImageDraw, float, float], object]


class _Sprite:
    """A drawn piece: its pixels (RGB when opaque, else RGBA and pasted through its own
    transparency), where they go relative to the paint origin's even pixel, and its texts."""

    __slots__ = ("box", "core", "mask", "texts")

    def __init__(
        self, core: Any, mask: Any, box: tuple[int, int, int, int], texts: list[Any]
    ) -> None:
        self.core, self.mask, self.box, self.texts = core, mask, box, texts

    @property
    def bytes(self) -> int:
        """About the memory its pixels take."""
        return 4 * (self.box[2] - self.box[0]) * (self.box[3] - self.box[1]) + 200


def _drawn(
    fx: int, fy: int, size: tuple[int, int], paint: Paint, background: Colour | None
) -> _Sprite:
    tile = Image.new("RGBA", (size[0] + 2 * SLACK + 2, size[1] + 2 * SLACK + 2), (0, 0, 0, 0))
    if background is not None:
        tile.paste(background, (0, 0, *tile.size))
    with drawing.capturing_text() as texts:
        paint(Draw(tile), SLACK + fx, SLACK + fy)
    if background is not None:  # exactly the box: the picture's own pixels around it stay
        box = (SLACK + fx, SLACK + fy, SLACK + fx + size[0], SLACK + fy + size[1])
        return _Sprite(tile.crop(box).convert("RGB").im, None, box, texts)
    alpha = tile.getchannel("A")
    box = alpha.getbbox() or (0, 0, 0, 0)
    tile = tile.crop(box)
    if alpha.crop(box).getextrema() == (255, 255):
        return _Sprite(tile.convert("RGB").im, None, box, texts)
    return _Sprite(tile.im, tile.im, box, texts)


_cache: OrderedDict[Hashable, _Sprite] = OrderedDict()
_held = [0]  # bytes held by the cache
_lock = threading.Lock()  # pictures are drawn in threads too (tests, and without processes)


def forget() -> None:
    """Drop every kept piece, so the next pictures draw (and look up their texts) afresh."""
    with _lock:
        _cache.clear()
        _held[0] = 0


def stamp(
    draw: ImageDraw.ImageDraw,
    key: Hashable,
    xy: tuple[float, float],
    size: tuple[float, float],
    paint: Paint,
    background: Colour | None = None,
) -> None:
    """Draw `paint(pen, x, y)` (a piece `size` big at `xy`) on `draw`'s picture from the cache:
    `key` must name everything the piece shows (and its size). With a `background` colour the
    piece is drawn on it and pasted as the whole box, so its text may lie on the background:
    only where the picture is that plain colour all over the box before."""
    x, y = round(xy[0]), round(xy[1])
    fx, fy = x % 2, y % 2
    box = (math.ceil(size[0]), math.ceil(size[1]))
    full = (key, fx, fy, box, background)
    with _lock:
        sprite = _cache.get(full)
        if sprite is not None:
            _cache.move_to_end(full)
    if sprite is None:
        sprite = _drawn(fx, fy, box, paint, background)
        with _lock:
            if full not in _cache:
                _cache[full] = sprite
                _held[0] += sprite.bytes
            while _held[0] > LIMIT_BYTES and len(_cache) > 1:
                _held[0] -= _cache.popitem(last=False)[1].bytes
    left, top = x - fx - SLACK, y - fy - SLACK
    x0, y0, x1, y1 = sprite.box
    where = (left + x0, top + y0, left + x1, top + y1)
    if sprite.mask is None:
        draw.im.paste(sprite.core, where)
    else:
        draw.im.paste(sprite.core, where, sprite.mask)
    if sprite.texts:
        drawing.replay_text(draw, sprite.texts, left, top)
