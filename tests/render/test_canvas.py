"""`render.draw.canvas` and `frame` give every picture the same felt and rim, whatever its size."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import theme
from render.draw import canvas, frame


def _plain_blank(height: int, width: int) -> Image.Image:
    """The felt picture drawn the plain way: a darker rim around a rounded felt."""
    image = Image.new("RGB", (width, height), theme.FELT_EDGE)
    ImageDraw.Draw(image).rounded_rectangle(
        (6, 6, width - 7, height - 7), radius=22, fill=theme.FELT
    )
    return image


SIZES = [(h, w) for w in (200, 600, 640) for h in (40, 127, 128, 129, 333, 1112, 2001)]


def test_a_canvas_is_the_plain_felt_picture_at_every_size() -> None:
    for height, width in SIZES:
        assert canvas(height, width)[0].tobytes() == _plain_blank(height, width).tobytes()


def test_a_frame_gives_the_rim_and_keeps_everything_inside_it() -> None:
    ink = (1, 2, 3)
    for height, width in SIZES:
        if height <= 32:
            continue
        framed = Image.new("RGB", (width, height), ink)
        frame(framed, 16)
        expected = _plain_blank(height, width)
        expected.paste(ink, (16, 16, width - 16, height - 16))
        assert framed.tobytes() == expected.tobytes(), (height, width)
