"""The score sheet: each scoring's street and majority points per player (and Dirk), totals."""

from __future__ import annotations

from PIL import Image

from i18n import t
from render import theme
from render.draw import canvas, panel, text
from render.newyork.common import View, header, seat_name

ROW_H = 40


def score_sheet(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The finished scorings as a table (the public view)."""
    n = view["players"]
    rows = n + (1 if view["dirk"] else 0)
    height = theme.MARGIN + 44 + (rows + 1) * ROW_H + theme.GAP + theme.MARGIN + 10
    image, draw = canvas(height)
    title = t("newyork.render.sheet_title", locale)
    y = header(draw, title, t("newyork.render.sheet_note", locale))
    panel(draw, (theme.MARGIN, y, theme.WIDTH - theme.MARGIN, y + (rows + 1) * ROW_H + 10))
    columns = [theme.MARGIN + 260 + k * 240 for k in range(3)]
    total_x = theme.WIDTH - theme.MARGIN - 30
    text(draw, (theme.MARGIN + 16, y + 28), t("newyork.render.player", locale), 17, theme.MUTED)
    for k, scoring in enumerate(view["scorings"][:3]):
        head = t("newyork.render.scoring_head", locale, name=scoring["name"])
        text(draw, (columns[k], y + 28), head, 17, theme.MUTED)
    text(draw, (total_x, y + 28), t("newyork.render.total", locale), 17, theme.MUTED, anchor="rs")
    for r in range(rows):
        ry = y + (r + 1) * ROW_H + 28
        dirk = r == n
        name = t("newyork.render.dirk", locale) if dirk else seat_name(names, r)
        winner = not dirk and r in view["winners"]
        colour = theme.GOLD if winner else theme.TEXT
        text(draw, (theme.MARGIN + 16, ry), name, 18, colour, True, max_width=230)
        for k, scoring in enumerate(view["scorings"][:3]):
            if dirk:
                cell = str(scoring["dirk"])
            else:
                cell = t(
                    "newyork.render.cell",
                    locale,
                    streets=scoring["streets"][r],
                    majority=scoring["majority"][r],
                )
            text(draw, (columns[k], ry), cell, 17, theme.TEXT, max_width=230)
        total = view["dirk_score"] if dirk else view["scores"][r]
        text(draw, (total_x, ry), str(total), 20, colour, True, anchor="rs")
    return image
