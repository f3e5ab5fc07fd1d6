"""PNG encoding for Discord: every picture in one fixed palette (`render.palette`), so files are
small and nothing is chosen per picture."""

from __future__ import annotations

import io

from PIL import Image

from render.palette import palette_image

COMPRESS_LEVEL = 3  # zlib level: 6+ saves ~20% more bytes but takes twice as long


def encode(image: Image.Image) -> bytes:
    """`image` as PNG bytes in palette mode ("P", the fixed palette, no dithering): every
    pixel mapped to its nearest palette colour; the pictures' flat colours and the usual
    anti-aliasing steps are in the palette, so they stay exact."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    mapped = rgb.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    mapped.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
