"""The picture of a scoring (A, B or C) and of the final result, 600 px wide for phones, drawn
from the public view and the scoring's own public record: a table with a row per building type
and a column per player (Dirk last, marked as not playing to win), each cell the points scored
and the buildings that won them; then every player's total once that scoring was done, and after
scoring C the winners and what decided."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from i18n import t
from render import draw as d
from render import theme
from render.nycards.common import (
    BODY,
    KEY,
    PAD,
    SMALL,
    TITLE,
    WIDTH,
    M,
    View,
    seat_name,
    type_badge,
)
from rules.nycards.components import type_name

HEAD_H = 78
NAMES_H = 44
ROW_H = 50
TOTAL_H = 50
RESULT_H = 78
TYPE_COL = 162
GAP = 10


def scoring_picture(
    view: View, scoring: dict[str, Any], names: list[str], locale: str | None
) -> Image.Image:
    """One scoring's table and the totals after it (the final result after scoring C).

    `scoring` is the scoring's record (a `scoring` event or an entry of the view's `scorings`);
    the picture is the same whenever it is drawn, even after later moves."""
    over = view["phase"] == "over" and scoring["scoring"] == "C"
    seats = view["players"] + (1 if view["dirk"] else 0)
    awards = scoring["awards"]
    height = M + HEAD_H + NAMES_H + len(awards) * ROW_H + TOTAL_H + (RESULT_H + GAP if over else 0)
    image, draw = d.canvas(height + M + 8, WIDTH)
    title = t("render.nycards.scoring_title", locale, scoring=scoring["scoring"])
    if over:
        title = f"{title} · {t('render.nycards.final_title', locale)}"
    d.text(draw, (M + PAD, M + 30), title, TITLE, theme.GOLD, True, max_width=WIDTH - 2 * M - 24)
    hint = t(f"render.nycards.pic.scoring_rule.{scoring['scoring'].lower()}", locale)
    d.text(draw, (M + PAD, M + 56), hint, SMALL, theme.TEXT, max_width=WIDTH - 2 * M - 24)
    legend = t("render.nycards.pic.cell_legend", locale)
    d.text(draw, (M + PAD, M + 76), legend, SMALL, theme.MUTED, max_width=WIDTH - 2 * M - 24)
    y: float = M + HEAD_H + 4
    if over:
        y = _result(draw, view, names, y, locale) + GAP
    col_w = (WIDTH - 2 * M - PAD - TYPE_COL) / seats
    cols = [M + TYPE_COL + i * col_w for i in range(seats)]
    top = y
    d.panel(draw, (M, top, WIDTH - M, top + NAMES_H + len(awards) * ROW_H + TOTAL_H))
    for seat, x in enumerate(cols):
        dirk = seat == view["players"]
        colour = theme.MUTED if dirk else theme.TEXT
        d.text(
            draw,
            (x + col_w / 2, y + 20),
            seat_name(seat, names, locale),
            SMALL,
            colour,
            True,
            anchor="mm",
            max_width=col_w - 4,
        )
        if dirk:
            d.text(
                draw,
                (x + col_w / 2, y + 38),
                t("render.nycards.pic.neutral", locale),
                SMALL,
                theme.MUTED,
                anchor="mm",
                max_width=col_w - 4,
            )
    y += NAMES_H
    for i, award in enumerate(awards):
        if i % 2 == 0:
            draw.rectangle((M + 6, y, WIDTH - M - 6, y + ROW_H), fill=theme.PANEL_DIM)
        _award(draw, award, cols, col_w, y, view["players"], locale)
        y += ROW_H
    draw.line((M + 6, y, WIDTH - M - 6, y), fill=theme.PANEL_LINE, width=2)
    words = t("render.nycards.pic.total_after", locale, scoring=scoring["scoring"])
    d.text(
        draw,
        (M + PAD, y + TOTAL_H / 2),
        words,
        BODY,
        theme.TEXT,
        True,
        anchor="lm",
        max_width=TYPE_COL - PAD,
    )
    for seat, points in enumerate(totals_after(view, scoring)):
        dirk = seat == view["players"]
        winner = over and seat in view["winners"]
        colour = theme.GOLD if winner else theme.MUTED if dirk else theme.TEXT
        words = ("★ " if winner else "") + str(points)
        d.text(
            draw,
            (cols[seat] + col_w / 2, y + TOTAL_H / 2),
            words,
            KEY,
            colour,
            True,
            anchor="mm",
            max_width=col_w - 4,
        )
    return image


def _award(
    draw: ImageDraw.ImageDraw,
    award: dict[str, Any],
    cols: list[float],
    col_w: float,
    y: float,
    players: int,
    locale: str | None,
) -> None:
    """One building type's row: its house and name, and per participant the points scored with
    the number of buildings that scored them ("–" for no points); Dirk's (index `players`)
    in grey."""
    type_badge(draw, (M + PAD, y + 10), award["type"], 30)
    d.text(
        draw,
        (M + PAD + 38, y + ROW_H / 2),
        type_name(award["type"], locale),
        BODY,
        theme.TEXT,
        True,
        anchor="lm",
        max_width=TYPE_COL - PAD - 42,
    )
    ranked = {s: g for g in award["ranking"] for s in g["seats"]}
    for seat, x in enumerate(cols):
        cx = x + col_w / 2
        group = ranked.get(seat)
        if group is None or not group["points"]:
            d.text(draw, (cx, y + ROW_H / 2), "–", KEY, theme.FAINT, True, anchor="mm")
            continue
        colour = theme.MUTED if seat == players else theme.GOLD  # Dirk's column is grey
        d.text(draw, (cx, y + 22), f"+{group['points']}", KEY, colour, True, anchor="mm")
        words = t("render.nycards.pic.buildings", locale, count=group["count"])
        d.text(draw, (cx, y + 42), words, SMALL, theme.MUTED, anchor="mm", max_width=col_w - 4)


def _result(
    draw: ImageDraw.ImageDraw, view: View, names: list[str], y: float, locale: str | None
) -> float:
    """The winners and what decided; at two players, that Dirk cannot win."""
    d.panel(
        draw,
        (M, y, WIDTH - M, y + RESULT_H),
        theme.mix(theme.PANEL, theme.GOLD, 0.15),
        theme.GOLD,
        width=3,
    )
    winners = ", ".join(seat_name(s, names, locale) for s in view["winners"])
    key = "render.nycards.pic.winner" if len(view["winners"]) == 1 else "render.nycards.pic.winners"
    d.text(
        draw,
        (WIDTH / 2, y + 30),
        "★ " + t(key, locale, names=winners) + " ★",
        KEY + 4,
        theme.GOLD,
        True,
        anchor="mm",
        max_width=WIDTH - 2 * M - 24,
    )
    note = "render.nycards.pic.decided_dirk" if view["dirk"] else "render.nycards.pic.decided"
    d.text(
        draw,
        (WIDTH / 2, y + 60),
        t(note, locale),
        SMALL,
        theme.TEXT,
        anchor="mm",
        max_width=WIDTH - 2 * M - 24,
    )
    return y + RESULT_H


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
