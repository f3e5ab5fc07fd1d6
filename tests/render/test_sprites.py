"""`render.sprites.stamp`: a piece drawn once and pasted looks as drawn in place, and its
texts are still reported where each copy lands."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import draw as drawing
from render import sprites, theme
from render.fastdraw import Draw


def _card(pen: ImageDraw.ImageDraw, x: float, y: float) -> None:
    pen.rounded_rectangle((x, y, x + 40, y + 56), radius=7, fill=theme.PAPER, outline=theme.INK)
    drawing.put_text(pen, (x + 20, y + 28), "17", 22, theme.INK, True, "mm")


def _picture() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (200, 120), theme.FELT)
    return image, Draw(image)


def test_a_stamped_piece_is_the_piece_drawn_in_place_at_even_and_odd_positions() -> None:
    for xy in ((10, 20), (11, 21), (57, 30)):
        direct, pen = _picture()
        _card(pen, *xy)
        stamped, pen = _picture()
        for _ in range(2):  # drawn, then from the cache
            sprites.stamp(pen, ("test.card", 17), xy, (40, 56), _card)
        assert stamped.tobytes() == direct.tobytes(), xy


def test_the_texts_of_a_stamped_piece_are_reported_where_each_copy_lands() -> None:
    _image, pen = _picture()
    with drawing.recording_text() as direct:
        _card(pen, 100, 40)
    with drawing.recording_text() as drawn:
        sprites.stamp(pen, ("test.card", 17), (10, 20), (40, 56), _card)
        sprites.stamp(pen, ("test.card", 17), (100, 40), (40, 56), _card)
    assert [(d.words, d.size, d.picture_width, d.picture_height) for d in drawn] == [
        ("17", 22, 200, 120),
        ("17", 22, 200, 120),
    ]
    assert drawn[1].box == direct[0].box
    left, top = drawn[0].box[:2]
    assert (left + 90, top + 20) == drawn[1].box[:2]


def test_the_cache_keeps_at_most_its_byte_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sprites, "LIMIT_BYTES", 50_000)
    _image, pen = _picture()
    for n in range(40):
        sprites.stamp(pen, ("test.bounded", n), (10, 20), (40, 56), _card)
    assert sprites._held[0] <= 50_000
    assert sum(s.bytes for s in sprites._cache.values()) == sprites._held[0]
