"""One scoring's picture, 600 px wide: a panel per player with the points of this scoring and
the total after it, the majority points per building type (colour and symbol) and the street
points; Dirk's majorities; the winners crowned after the final scoring. From its public event."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import canvas, panel, text
from render.newyork.common import (
    GAP,
    MARGIN,
    SMALL,
    TYPE_FILL,
    VALUE,
    WIDTH,
    View,
    header,
    ink_on,
    legend,
    legend_height,
    seat_name,
    type_icon,
    winner_badge,
)
from render.theme import mix

ROW_H = 86
NOTE_H = 30


def scoring_picture(
    view: View, scoring: dict[str, Any], names: list[str], locale: str | None
) -> Image.Image:
    """Scoring A, B or C from its record (a `scored` event or an entry of the view's
    `scorings`): the picture is the same whenever it is drawn, even after later moves."""
    seats = len(scoring["streets"])
    dirk = scoring.get("dirk") is not None
    rows = seats + dirk
    height = 60 + NOTE_H + rows * (ROW_H + 6) + GAP + legend_height(banks=False) + MARGIN
    image, draw = canvas(height, WIDTH)
    over = scoring["name"] == "C" and view["phase"] == "over"
    y = header(draw, t("newyork.render.scoring_head", locale, name=scoring["name"]))
    note = t("newyork.render.scoring_final" if over else "newyork.render.scoring_note", locale)
    text(draw, (MARGIN + 8, y + 8), note, SMALL, theme.MUTED, max_width=WIDTH - 2 * MARGIN - 16)
    y += NOTE_H
    for r in range(rows):
        is_dirk = r == seats
        won = over and not is_dirk and r in view["winners"]
        outline = theme.GOLD if won else theme.PANEL_LINE
        panel(draw, (MARGIN, y, WIDTH - MARGIN, y + ROW_H), outline=outline, width=3 if won else 2)
        top = y + 32
        name = t("newyork.render.dirk", locale) if is_dirk else seat_name(names, r)
        if is_dirk:
            points, total = scoring["dirk"], scoring["dirk_total"]
        else:
            points = scoring["streets"][r] + scoring["majority"][r]
            total = scoring["totals"][r]
        right = WIDTH - MARGIN - 14
        x = right - text(
            draw, (right, top), str(total), VALUE, theme.GOLD if won else theme.TEXT, True, "rs"
        )
        x -= 6 + text(
            draw, (x - 6, top), t("newyork.render.total", locale), SMALL, theme.MUTED, anchor="rs"
        )
        x -= 18 + text(draw, (x - 18, top), f"+{points}", VALUE, theme.GOOD, True, "rs")
        name_room = x - MARGIN - 40 - (130 if won else 0)
        used = text(
            draw,
            (MARGIN + 14, top),
            name,
            VALUE,
            theme.GOLD if won else theme.TEXT,
            True,
            max_width=name_room,
            min_size=SMALL + 2,
        )
        if won:
            winner_badge(draw, MARGIN + 14 + used + 12, top - 8, locale)
        low = y + 70
        if is_dirk:
            words = t("newyork.render.dirk_scoring", locale)
            text(draw, (MARGIN + 14, low), words, SMALL, theme.MUTED, max_width=WIDTH - 60)
        else:
            _by_type(draw, scoring["by_type"][r], MARGIN + 14, low)
            x = right - text(
                draw, (right, low), str(scoring["streets"][r]), VALUE, theme.TEXT, True, "rs"
            )
            text(
                draw,
                (x - 6, low),
                t("newyork.render.street", locale),
                SMALL,
                theme.MUTED,
                anchor="rs",
            )
        y += ROW_H + 6
    legend(draw, y + GAP - 6, locale, banks=False)
    return image


def _by_type(draw: ImageDraw.ImageDraw, points: dict[str, int], x: float, base: float) -> None:
    """Majority points per building type from x: the type's colour square and symbol, points."""
    for kind, fill in TYPE_FILL.items():
        draw.rectangle((x, base - 22, x + 22, base), fill=fill, outline=mix(fill, theme.INK, 0.5))
        type_icon(draw, kind, x + 11, base - 11, 8, ink_on(fill))
        got = points.get(kind, 0)
        text(draw, (x + 27, base), str(got), VALUE, theme.TEXT if got else theme.FAINT, True)
        x += 66
