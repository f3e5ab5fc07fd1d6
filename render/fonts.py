"""The bundled DejaVu Sans fonts (render/fonts/, see LICENSE-DejaVu.txt), loaded once per size."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold if asked) at `size` pixels; the same object for the same arguments."""
    return ImageFont.truetype(str(FONT_DIR / FILES[bold]), size)
