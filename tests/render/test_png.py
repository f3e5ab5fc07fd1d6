"""PNG encoding: valid palette PNGs, faithful colours."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw, ImageStat

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


def test_the_fixed_palette_fits_every_games_pictures() -> None:
    """Pictures of games the palette was not made from keep their colours: on average within
    one step of 255 per channel, and the felt of the table exactly (`scripts/make_palette.py`
    makes the palette again when a game brings new colours)."""
    from games import RULES, presentation

    names = ["Ann", "Bo", "Cy", "Di"]
    for game_id, game in RULES.items():
        ui = presentation(game_id)
        state = game.new_game(game.info.min_players + 1, {}, 4242)
        for step in range(60):
            to_act = game.to_act(state)
            if not to_act:
                break
            state = game.apply(state, to_act[0], game.bot_action(game.view(state, to_act[0]), step))
        seat = (game.to_act(state) or [0])[0]
        for picture in (
            ui.table_image(game.view(state, None), names, None),
            ui.hand_image(game.view(state, seat), names, None),
        ):
            rgb = picture.convert("RGB")
            back = Image.open(io.BytesIO(encode(picture))).convert("RGB")
            error = ImageStat.Stat(ImageChops.difference(rgb, back)).mean
            assert sum(error) / 3 < 1.0, (game_id, error)
            assert back.getpixel((rgb.width // 2, 8)) == rgb.getpixel((rgb.width // 2, 8))
