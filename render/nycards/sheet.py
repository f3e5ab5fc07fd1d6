"""The ranking picture of a scoring (A, B or C) and the final result, drawn from the public
view and the scoring's own public record: per building type, who ranked with how many buildings
and the points each got; then every player's total once that scoring was done."""

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
    """One scoring's rankings and the totals after it (the final result after scoring C).

    `scoring` is the scoring's record (a `scoring` event or an entry of the view's `scorings`);
    the picture is the same whenever it is drawn, even after later moves."""
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
    totals = [(points, seat) for seat, points in enumerate(totals_after(view, scoring))]
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


def totals_after(view: View, scoring: dict[str, Any]) -> list[int]:
    """Every participant's points (Dirk last at two players) once `scoring` was done: the sum of
    the finished scorings up to it (points come only from scorings)."""
    done = view["scorings"]
    letters = [s["scoring"] for s in done]
    upto = letters.index(scoring["scoring"]) + 1 if scoring["scoring"] in letters else len(done)
    seats = view["players"] + (1 if view["dirk"] else 0)
    return [sum(s["points"][i] for s in done[:upto]) for i in range(seats)]


def final_picture(view: View, names: list[str], locale: str | None) -> Image.Image | None:
    """The final result (scoring C with the winners) once the game is over, else None."""
    if view["phase"] == "over" and view["scorings"]:
        return scoring_picture(view, view["scorings"][-1], names, locale)
    return None
