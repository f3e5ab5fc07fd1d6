"""The score sheet, 600 px wide: per player (and Dirk) the street + majority points of each
scoring and the total; once the game is over the rows are ranked and the winners crowned."""

from __future__ import annotations

from PIL import Image

from i18n import t
from render import theme
from render.draw import canvas, panel, text
from render.newyork.common import (
    GAP,
    MARGIN,
    SMALL,
    VALUE,
    WIDTH,
    View,
    crown,
    header,
    seat_name,
)

ROW_H = 50
COLUMNS = (242, 346, 450)  # the centres of scorings A, B and C


def score_sheet(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The finished scorings as a table (the public view); Dirk, who never wins, last."""
    n = view["players"]
    over = view["phase"] == "over"
    seats = list(range(n))
    if over:  # ranked: the most points first
        seats.sort(key=lambda s: -view["scores"][s])
    rows: list[int] = seats + ([-1] if view["dirk"] else [])
    lines = 1 + over + view["dirk"]
    height = 60 + lines * 34 - view["dirk"] * 10 + (len(rows) + 1) * ROW_H + 16 + GAP + MARGIN
    image, draw = canvas(height, WIDTH)
    title = t("newyork.render.sheet_final" if over else "newyork.render.sheet_title", locale)
    y = header(draw, title)
    if over:
        winners = " & ".join(seat_name(names, s) for s in view["winners"])
        crown(draw, MARGIN + 8, y + 10)
        words = t("newyork.render.won", locale, names=winners)
        text(draw, (MARGIN + 40, y + 10), words, VALUE, theme.GOLD, True, "lm", WIDTH - 80)
        y += 34
    note = t("newyork.render.sheet_note", locale)
    text(draw, (MARGIN + 8, y + 12), note, SMALL, theme.MUTED, max_width=WIDTH - 2 * MARGIN - 16)
    y += 34
    if view["dirk"]:  # the imaginary third player's points only decide the majorities
        never = t("newyork.render.sheet_dirk", locale)
        text(
            draw, (MARGIN + 8, y + 2), never, SMALL, theme.MUTED, max_width=WIDTH - 2 * MARGIN - 16
        )
        y += 24
    panel(draw, (MARGIN, y, WIDTH - MARGIN, y + (len(rows) + 1) * ROW_H + 16))
    head = y + 34
    text(draw, (MARGIN + 14, head), t("newyork.render.player", locale), SMALL, theme.MUTED)
    for k, name in enumerate(("A", "B", "C")):
        words = t("newyork.render.scoring_head", locale, name=name)
        text(draw, (COLUMNS[k], head), words, SMALL, theme.MUTED, anchor="ms")
    total_x = WIDTH - MARGIN - 16
    text(
        draw,
        (total_x, head),
        t("newyork.render.total_head", locale),
        SMALL,
        theme.MUTED,
        anchor="rs",
    )
    for r, seat in enumerate(rows):
        ry = y + (r + 1) * ROW_H + 36
        dirk = seat < 0
        won = over and not dirk and seat in view["winners"]
        colour = theme.GOLD if won else (theme.MUTED if dirk else theme.TEXT)
        x = MARGIN + 14
        if won:
            crown(draw, x, ry - 9, 10)
            x += 28
        name = t("newyork.render.dirk", locale) if dirk else seat_name(names, seat)
        text(
            draw,
            (x, ry),
            name,
            VALUE,
            colour,
            True,
            max_width=COLUMNS[0] - 44 - x,
            min_size=SMALL + 2,
        )
        for k, scoring in enumerate(view["scorings"][:3]):
            if dirk:
                cell = str(scoring["dirk"])
            else:
                cell = t(
                    "newyork.render.cell",
                    locale,
                    streets=scoring["streets"][seat],
                    majority=scoring["majority"][seat],
                )
            text(draw, (COLUMNS[k], ry), cell, VALUE, theme.TEXT, anchor="ms", max_width=96)
        total = view["dirk_score"] if dirk else view["scores"][seat]
        text(draw, (total_x, ry), str(total), VALUE + 2, colour, True, anchor="rs")
    return image
