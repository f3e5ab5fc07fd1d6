"""The one fixed palette every picture is encoded with (`render.png`), instead of choosing a
palette for each picture: 256 colours kept in `render/palette.json`.

The palette is made (`python -m scripts.make_palette`) from the pictures themselves: sampled
tables and hands of every game, whose colours come from `render.theme` and each game's own
colours. It holds the most used exact colours (flat fills, and the anti-aliasing steps of text
on the usual backgrounds), so those stay exact; a small colour cube catches anything else,
mapped to its nearest colour. `tests/render/test_png.py` checks the palette still fits every
game's pictures (a game with new colours: make the palette again).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from PIL import Image

FILE = Path(__file__).with_name("palette.json")
SIZE = 256
CUBE = (0, 85, 170, 255)  # 4 levels per channel: 64 colours for whatever the samples lacked

Colour = tuple[int, int, int]


def choose(pictures: Iterable[Image.Image]) -> list[Colour]:
    """SIZE colours: the cube, then the colours most used in `pictures` (exact), by use."""
    used: Counter[Colour] = Counter()
    for picture in pictures:
        rgb = picture if picture.mode == "RGB" else picture.convert("RGB")
        for count, colour in rgb.getcolors(maxcolors=rgb.width * rgb.height) or []:
            assert isinstance(colour, tuple)
            used[(colour[0], colour[1], colour[2])] += count
    cube = [(r, g, b) for r in CUBE for g in CUBE for b in CUBE]
    chosen = list(cube)
    for colour, _ in used.most_common():
        if len(chosen) >= SIZE:
            break
        if colour not in chosen:
            chosen.append(colour)
    return chosen


def save(colours: list[Colour]) -> None:
    """Write the palette file, eight colours a line."""
    codes = [json.dumps(f"#{r:02x}{g:02x}{b:02x}") for r, g, b in colours]
    lines = [", ".join(codes[i : i + 8]) for i in range(0, len(codes), 8)]
    FILE.write_text("[\n" + ",\n".join(lines) + "\n]\n")


@cache
def palette_image() -> Image.Image:
    """A 1×1 "P" image carrying the fixed palette (what `Image.quantize(palette=…)` takes)."""
    codes = json.loads(FILE.read_text())
    flat = [int(code[i : i + 2], 16) for code in codes for i in (1, 3, 5)]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + flat[:3] * (SIZE - len(codes)))
    return image
