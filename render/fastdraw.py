"""A Pillow drawing context for the pictures' RGB canvases that draws the same pixels faster:
rounded rectangles come from shapes drawn once per process and cached, and colour inks are
looked up once.

`Draw.rounded_rectangle` draws a shape of a given size, radius, colours and outline width once
(with Pillow's own `rounded_rectangle`, on a transparent tile) and then lays it down: small
shapes pasted whole, larger ones as their four cached corners plus plain rectangles for the
straight parts. Each cached layout is checked once against Pillow's drawing of the whole
shape, so the pixels are identical; a shape the layout cannot reproduce (or an unusual call)
is drawn by Pillow as before. `tests/render/test_fastdraw.py` compares both on random boxes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

WHOLE_AREA = 1600  # pixels: a shape this small is pasted whole (one call)

Box = tuple[int, int, int, int]


class _Shape(NamedTuple):
    """A rounded rectangle ready to lay down at any position: pieces cut from its drawing
    (pasted with their own transparency) and plain rectangles, relative to its top left."""

    pieces: tuple[tuple[int, int, Any, Any], ...]  # (x, y, RGBA core image, its size box)
    fills: tuple[Box, ...]  # filled with the fill colour
    lines: tuple[Box, ...]  # filled with the outline colour


def _plain_colour(colour: Any) -> bool:
    return colour is None or (
        isinstance(colour, tuple) and len(colour) == 3 and all(type(c) is int for c in colour)
    )


def _layout(
    w: int, h: int, corner: int, outlined: bool, width: int, filled: bool
) -> tuple[list[Box], list[Box], list[Box]]:
    """(pieces, fill rectangles, outline rectangles) covering a (w+1)×(h+1) shape whose curved
    parts lie within `corner` pixels of its corners (inclusive boxes)."""
    big_w, big_h = w + 1, h + 1
    split_x, split_y = big_w > 2 * corner, big_h > 2 * corner
    xs = [(0, corner), (big_w - corner, big_w)] if split_x else [(0, big_w)]
    ys = [(0, corner), (big_h - corner, big_h)] if split_y else [(0, big_h)]
    pieces = [(x0, y0, x1, y1) for x0, x1 in xs for y0, y1 in ys]
    fills: list[Box] = []
    lines: list[Box] = []
    right, bottom = big_w - 1 - corner, big_h - 1 - corner
    if split_x:
        if filled:
            fills.append((corner, 0, right, big_h - 1))
        if outlined:
            lines.append((corner, 0, right, width - 1))
            lines.append((corner, big_h - width, right, big_h - 1))
    if split_y:
        if filled:
            fills.append((0, corner, big_w - 1, bottom))
        if outlined:
            lines.append((0, corner, width - 1, bottom))
            lines.append((big_w - width, corner, big_w - 1, bottom))
    return pieces, fills, lines


def _lay(
    target: Any,
    x: int,
    y: int,
    shape: _Shape,
    fill_ink: int | None,
    line_ink: int | None,
    draw: Any,
) -> None:
    for box in shape.fills:
        draw.draw_rectangle((x + box[0], y + box[1], x + box[2], y + box[3]), fill_ink, 1)
    for box in shape.lines:
        draw.draw_rectangle((x + box[0], y + box[1], x + box[2], y + box[3]), line_ink, 1)
    for dx, dy, piece, (pw, ph) in shape.pieces:
        target.paste(piece, (x + dx, y + dy, x + dx + pw, y + dy + ph), piece)


def _shape(w: int, h: int, d: float, fill: Any, outline: Any, width: int) -> _Shape | None:
    """The cached shape of a rounded rectangle (0, 0, w, h) with corner diameter `d`, or None
    when the layout does not reproduce Pillow's drawing exactly."""
    tile = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    pen = ImageDraw.ImageDraw(tile)
    pen.rounded_rectangle((0, 0, w, h), radius=d / 2, fill=fill, outline=outline, width=width)
    line_ink, fill_ink = pen._getink(outline, fill)
    outlined = line_ink is not None and line_ink != fill_ink and width != 0
    if (w + 1) * (h + 1) <= WHOLE_AREA:
        return _Shape(((0, 0, tile.im, (w + 1, h + 1)),), (), ())
    corner = int(d // 2) + 2
    boxes, fills, lines = _layout(w, h, corner, outlined, width, fill_ink is not None)
    pieces = []
    for box in boxes:
        crop = tile.crop(box)
        pieces.append((box[0], box[1], crop.im, crop.size))
    shape = _Shape(tuple(pieces), tuple(fills), tuple(lines))
    check = Image.new("RGBA", tile.size, (0, 0, 0, 0))
    _lay(check.im, 0, 0, shape, fill_ink, line_ink, ImageDraw.ImageDraw(check).draw)
    return shape if check.tobytes() == tile.tobytes() else None


_shapes: dict[tuple[Any, ...], _Shape | None] = {}
SHAPES_KEPT = 4096


def _known(w: int, h: int, d: float, fill: Any, outline: Any, width: int) -> _Shape | None:
    """`_shape` through a plain dict (the hot path: one lookup), for plain RGB colours only."""
    key = (w, h, d, fill, outline, width)
    try:
        return _shapes[key]
    except KeyError:
        pass
    except TypeError:  # a colour that is not a tuple (a list): Pillow draws it
        return None
    shape = (
        _shape(w, h, d, fill, outline, width)
        if _plain_colour(fill) and _plain_colour(outline)
        else None
    )
    if len(_shapes) >= SHAPES_KEPT:
        _shapes.clear()
    _shapes[key] = shape
    return shape


_inks: dict[tuple[str, Any, Any], tuple[int | None, int | None]] = {}


class Draw(ImageDraw.ImageDraw):
    """`ImageDraw.ImageDraw` for an RGB picture, with cached rounded rectangles and inks."""

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        key = (self.mode, ink, fill)
        try:
            return _inks[key]
        except (KeyError, TypeError):
            pass
        result = super()._getink(ink, fill)
        if (ink is not None or fill is not None) and _plain_colour(ink) and _plain_colour(fill):
            _inks[key] = result
        return result

    def rounded_rectangle(  # type: ignore[override]
        self,
        xy: Sequence[float],
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        """Pillow's `rounded_rectangle`, the same pixels, from a cached shape when it can."""
        shape = None
        if corners is None and len(xy) == 4:
            x0, y0, x1, y1 = xy
            if x1 >= x0 and y1 >= y0:
                left, top = round(x0), round(y0)
                w, h = round(x1) - left, round(y1) - top
                d = min(x1 - x0, y1 - y0, radius * 2)
                # Pillow's own choices: a circle or a plain rectangle are left to Pillow
                full_x = d >= w - 1
                joined = w if full_x else d
                full_y = joined >= h - 1
                wide = min(w, h) > 2 * width  # a thicker outline pokes out of the box
                if wide and not (full_x and full_y) and (h if full_y else joined) != 0:
                    shape = _known(w, h, min(w, h, d), fill, outline, width)
        if shape is None:
            super().rounded_rectangle(
                xy,
                radius,
                fill,
                outline,
                width,
                corners=corners,
            )
            return
        line_ink, fill_ink = self._getink(outline, fill)
        _lay(self.im, left, top, shape, fill_ink, line_ink, self.draw)
