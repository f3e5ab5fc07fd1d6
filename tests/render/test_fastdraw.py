"""`render.fastdraw.Draw` draws exactly the pixels Pillow's own drawing does."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from render.fastdraw import Draw

COLOURS = [(200, 100, 50), (10, 20, 30), (240, 192, 79), None]


def _random_call(rng: random.Random) -> tuple[tuple[float, ...], float, object, object, int]:
    x0, y0 = rng.uniform(-20, 280), rng.uniform(-20, 180)
    if rng.random() < 0.5:
        x0, y0 = round(x0), round(y0)
    w = rng.choice([rng.uniform(0, 40), rng.uniform(0, 300)])
    h = rng.choice([rng.uniform(0, 40), rng.uniform(0, 200)])
    if rng.random() < 0.3:
        w, h = round(w), round(h)
    radius = rng.choice([0, 1, 2, 3, 5, 8, 10, 12.5, 14, 22, 100, h / 2, w / 2])
    return (
        (x0, y0, x0 + w, y0 + h),
        radius,
        rng.choice(COLOURS),
        rng.choice(COLOURS),
        rng.choice([1, 2, 3, 5]),
    )


def test_rounded_rectangles_are_pixel_identical_to_pillows() -> None:
    rng = random.Random(18)
    compared = 0
    for _ in range(600):
        box, radius, fill, outline, width = _random_call(rng)
        pillow = Image.new("RGB", (300, 200), (29, 90, 63))
        ours = pillow.copy()
        try:
            ImageDraw.ImageDraw(pillow).rounded_rectangle(
                box, radius=radius, fill=fill, outline=outline, width=width
            )
        except ValueError:  # Pillow refuses some degenerate boxes; not ours to judge
            continue
        for _ in range(2):  # the second time from the cache
            Draw(ours).rounded_rectangle(
                box, radius=radius, fill=fill, outline=outline, width=width
            )
        assert ours.tobytes() == pillow.tobytes(), (box, radius, fill, outline, width)
        compared += 1
    assert compared > 500


def test_a_shape_drawn_over_others_keeps_what_lies_outside_its_corners() -> None:
    pillow = Image.new("RGB", (120, 90), (29, 90, 63))
    ImageDraw.ImageDraw(pillow).rectangle((0, 0, 119, 89), fill=(250, 0, 0))
    ours = pillow.copy()
    for image, pen in ((pillow, ImageDraw.ImageDraw(pillow)), (ours, Draw(ours))):
        pen.rounded_rectangle((10, 10, 100, 70), radius=14, fill=(0, 0, 250), width=2)
        pen.rounded_rectangle((20.4, 20.6, 50.5, 44.5), radius=6, outline=(0, 250, 0), width=3)
        assert image.getpixel((10, 10)) == (250, 0, 0)  # outside the rounded corner
    assert ours.tobytes() == pillow.tobytes()
