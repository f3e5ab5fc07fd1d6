"""PNG encoding: valid palette PNGs, faithful colours."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.fonts import font
from render.png import encode


def test_encode_gives_a_palette_png_of_the_same_size() -> None:
    image = Image.new("RGB", (300, 120), (29, 90, 63))
    ImageDraw.Draw(image).text((10, 40), "Total 150 #17", font=font(24, True), fill=(246, 240, 223))
    data = encode(image)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.format == "PNG"
    assert decoded.mode == "P"
    assert decoded.size == image.size
    assert decoded.convert("RGB").getpixel((2, 2)) == (29, 90, 63)


def test_encode_accepts_rgba_and_tiny_images() -> None:
    for image in (Image.new("RGBA", (5, 3), (255, 0, 0, 255)), Image.new("RGB", (1, 1))):
        decoded = Image.open(io.BytesIO(encode(image)))
        assert decoded.size == image.size


def test_flat_colours_survive() -> None:
    image = Image.new("RGB", (200, 200), (29, 90, 63))
    ImageDraw.Draw(image).rectangle((50, 50, 150, 150), fill=(192, 57, 43))
    decoded = Image.open(io.BytesIO(encode(image))).convert("RGB")
    assert decoded.getpixel((100, 100)) == (192, 57, 43)
    assert decoded.getpixel((10, 10)) == (29, 90, 63)


def test_fonts_are_cached_and_bundled() -> None:
    assert font(20) is font(20)
    assert font(20, True) is not font(20)
    assert "Bold" in font(20, True).getname()[1]
