"""The ranking picture of a scoring (A, B or C) and the final result, drawn from the public
view: per building type, who ranked with how many buildings and the points each got; then
every player's total."""

from __future__ import annotations

from typing import Any

from PIL import Image

from i18n import t
from render import draw as d
from render import theme
from render.nycards.common import View, seat_name, type_chip
from rules.nycards.components import type_name

ROW_H = 46


def scoring_picture(
    view: View, scoring: dict[str, Any], names: list[str], locale: str | None
) -> Image.Image:
    """One scoring's rankings and the totals after it (the final result after scoring C)."""
    over = view["phase"] == "over" and scoring["scoring"] == "C"
    seats = view["players"] + (1 if view["dirk"] else 0)
    height = 110 + len(scoring["awards"]) * ROW_H + 40 + seats * 40
    image, draw = d.canvas(height)
    m, w = theme.MARGIN, theme.WIDTH
    title = t("render.nycards.scoring_title", locale, scoring=scoring["scoring"])
    if over:
        title = f"{title} · {t('render.nycards.final_title', locale)}"
    d.text(draw, (m + 8, 48), title, 28, theme.GOLD, True)
    y = 76
    for award in scoring["awards"]:
        d.panel(draw, (m, y, w - m, y + ROW_H - 6), theme.PANEL, theme.PANEL_LINE)
        count = max((g["count"] for g in award["ranking"]), default=0)
        type_chip(draw, (m + 10, y + 4), award["type"], count, 32)
        d.text(draw, (m + 56, y + 28), type_name(award["type"], locale), 19, theme.TEXT, True)
        parts = [
            f"{seat_name(s, names, locale)} "
            + t("render.nycards.place", locale, count=g["count"], points=g["points"])
            for g in award["ranking"]
            for s in g["seats"]
        ]
        words = "   ".join(parts) or t("render.nycards.leftover_none", locale)
        d.text(draw, (m + 220, y + 28), words, 18, theme.TEXT, max_width=w - m - 240)
        y += ROW_H
    y += 20
    totals = [(view["scores"][s], s) for s in range(view["players"])]
    if view["dirk"]:
        totals.append((view["dirk_score"], view["players"]))
    for points, seat in sorted(totals, key=lambda p: (-p[0], p[1])):
        winner = over and seat in view["winners"]
        colour = theme.GOLD if winner else theme.TEXT
        d.text(
            draw, (m + 16, y + 26), seat_name(seat, names, locale), 20, colour, True, max_width=400
        )
        label = t("render.nycards.points", locale, points=points)
        if winner:
            label += " · " + t("render.nycards.winner", locale)
        d.text(draw, (w - m - 16, y + 26), label, 20, colour, True, anchor="rs")
        y += 40
    return image


def latest_scoring_picture(view: View, names: list[str], locale: str | None) -> Image.Image | None:
    """The picture of the scoring reported by the view's events, or of the last scoring once
    the game is over; None when there is none to show."""
    scored = [e for e in view["events"] if e["type"] == "scoring"]
    if scored:
        return scoring_picture(view, scored[-1], names, locale)
    if view["phase"] == "over" and view["scorings"]:
        return scoring_picture(view, view["scorings"][-1], names, locale)
    return None
