"""The final score sheet: every palazzo of every seat with its points, drawn from the public
view of a finished game."""

from __future__ import annotations

from PIL import Image

from i18n import t
from render import theme
from render.draw import text
from render.palazzo.common import TILE_W, TOWER_H, View, framed, header, new_canvas, tile_column
from rules.palazzo.scoring import palazzo_points

ROW_H = 40 + TOWER_H + 86


def score_sheet(view: View, names: list[str], locale: str | None) -> Image.Image:
    """Per seat: each palazzo drawn, with floors, windows, height and material points."""
    result = view["result"]
    if result is None:
        raise ValueError("score_sheet needs a finished game")
    n = view["players"]
    height = theme.MARGIN * 2 + 58 + n * (ROW_H + theme.GAP)
    image, draw = new_canvas(height)
    winners = ", ".join(names[s] for s in result["winners"])
    y = header(
        draw, t("palazzo.render.sheet", locale), t("palazzo.render.winner", locale, names=winners)
    )
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    for seat in range(n):
        won = seat in result["winners"]
        title = t(
            "palazzo.render.sheet_seat",
            locale,
            name=names[seat],
            points=result["scores"][seat],
            money=result["money"][seat],
        )
        framed(draw, (x0, y, x1, y + ROW_H), title)
        if won:
            draw.rounded_rectangle(
                (x0, y, x1, y + ROW_H), radius=theme.RADIUS, outline=theme.GOLD, width=3
            )
        bottom = y + 36 + TOWER_H
        for k, palazzo in enumerate(view["seats"][seat]["palazzi"][:9]):
            x = x0 + 12 + k * (TILE_W + 18)
            tile_column(draw, x, bottom, palazzo)
            parts = palazzo_points(palazzo)
            lines = [
                t(
                    "palazzo.render.sheet_floors",
                    locale,
                    floors=parts["floors"],
                    windows=parts["windows"],
                ),
                t(
                    "palazzo.render.sheet_parts",
                    locale,
                    height=parts["height"],
                    windows=parts["window_points"],
                    material=parts["material"],
                ),
                t("palazzo.render.points", locale, points=parts["total"]),
            ]
            for j, line in enumerate(lines):
                text(
                    draw,
                    (x + TILE_W / 2, bottom + 18 + j * 20),
                    line,
                    12,
                    theme.TEXT if j == 2 else theme.MUTED,
                    j == 2,
                    "mm",
                    max_width=TILE_W + 14,
                )
        y += ROW_H + theme.GAP
    return image
