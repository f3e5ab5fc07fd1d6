"""One scoring's picture: every player's majority points per building type, street points, the
scoring's points and the totals after it (Dirk: majorities only), from its public event."""

from __future__ import annotations

from typing import Any

from PIL import Image

from i18n import t
from render import theme
from render.draw import canvas, panel, text
from render.newyork.common import TYPE_FILL, View, header, ink_on, seat_name

ROW_H = 40
TYPE_X, TYPE_W = 250, 70
STREET_X, MAJORITY_X, POINTS_X = 700, 810, 920


def scoring_picture(
    view: View, scoring: dict[str, Any], names: list[str], locale: str | None
) -> Image.Image:
    """Scoring A, B or C from its record (a `scored` event or an entry of the view's
    `scorings`): the picture is the same whenever it is drawn, even after later moves."""
    seats = len(scoring["streets"])
    dirk = scoring.get("dirk") is not None
    rows = seats + dirk
    height = theme.MARGIN + 44 + (rows + 1) * ROW_H + theme.GAP + theme.MARGIN + 10
    image, draw = canvas(height)
    title = t("newyork.render.scoring_head", locale, name=scoring["name"])
    over = scoring["name"] == "C" and view["phase"] == "over"
    note = t("newyork.render.scoring_final" if over else "newyork.render.scoring_note", locale)
    y = header(draw, title, note)
    panel(draw, (theme.MARGIN, y, theme.WIDTH - theme.MARGIN, y + (rows + 1) * ROW_H + 10))
    _heads(draw, y + 28, locale)
    total_x = theme.WIDTH - theme.MARGIN - 16
    for r in range(rows):
        ry = y + (r + 1) * ROW_H + 28
        is_dirk = r == seats
        name = t("newyork.render.dirk", locale) if is_dirk else seat_name(names, r)
        colour = theme.GOLD if over and not is_dirk and r in view["winners"] else theme.TEXT
        text(draw, (theme.MARGIN + 16, ry), name, 18, colour, True, max_width=200)
        if is_dirk:
            majority, points, total = scoring["dirk"], scoring["dirk"], scoring["dirk_total"]
            text(draw, (STREET_X, ry), "—", 18, theme.MUTED)
        else:
            by_type = scoring["by_type"][r]
            for k, kind in enumerate(TYPE_FILL):
                cell = str(by_type.get(kind, 0))
                text(draw, (TYPE_X + k * TYPE_W + (TYPE_W - 8) / 2, ry), cell, 18, anchor="ms")
            majority = scoring["majority"][r]
            points = scoring["streets"][r] + majority
            total = scoring["totals"][r]
            text(draw, (STREET_X, ry), str(scoring["streets"][r]), 18, theme.TEXT)
        text(draw, (MAJORITY_X, ry), str(majority), 18, theme.TEXT)
        text(draw, (POINTS_X, ry), f"+{points}", 18, theme.GOOD, True)
        text(draw, (total_x, ry), str(total), 20, colour, True, anchor="rs")
    return image


def _heads(draw: Any, y: float, locale: str | None) -> None:
    """The column heads: player, a chip per building type, street, majorities, points, total."""
    text(draw, (theme.MARGIN + 16, y), t("newyork.render.player", locale), 17, theme.MUTED)
    for k, (kind, fill) in enumerate(TYPE_FILL.items()):
        x = TYPE_X + k * TYPE_W
        draw.rounded_rectangle((x, y - 20, x + TYPE_W - 8, y + 4), radius=6, fill=fill)
        name = t(f"newyork.type.{kind}", locale)
        text(draw, (x + (TYPE_W - 8) / 2, y - 8), name, 12, ink_on(fill), True, "mm", TYPE_W - 12)
    for x, key in (
        (STREET_X, "newyork.render.streets"),
        (MAJORITY_X, "newyork.render.majorities"),
        (POINTS_X, "newyork.render.points"),
    ):
        text(draw, (x, y), t(key, locale), 17, theme.MUTED, max_width=105)
    right = theme.WIDTH - theme.MARGIN - 16
    text(draw, (right, y), t("newyork.render.total", locale), 17, theme.MUTED, anchor="rs")
