"""The final score sheet, for a phone: the players ranked by points (then money, the tie-break),
each with their palazzi as towers and each palazzo's points (a gold star on the roof of one
built of one material), and how palazzi score. Drawn from the public view of a finished game.
Two players sit side by side while both have 1 to 3 palazzi."""

from __future__ import annotations

from PIL import Image

from i18n import t
from render import theme
from render.draw import pill, text, width_of
from render.palazzo.common import (
    INNER,
    KEY,
    MARGIN,
    MID,
    SMALL,
    TITLE,
    WIDTH,
    Draw,
    Scratch,
    View,
    block,
    material_legend,
    pairs,
    points_words,
    star,
    towers,
    towers_height,
    towers_width,
    wrap,
)
from rules.palazzo.scoring import palazzo_points

PAD = 10
GAP = 8


def one_material(palazzo: list[int]) -> bool:
    """Whether the palazzo earns the one-material bonus."""
    return bool(palazzo_points(palazzo)["material"])


def score_sheet(view: View, names: list[str], locale: str | None) -> Image.Image:
    """Every seat ranked, with its palazzi drawn and scored."""
    result = view["result"]
    if result is None:
        raise ValueError("score_sheet needs a finished game")
    n = view["players"]
    sheet = Scratch()
    draw = sheet.draw
    x0, x1 = MARGIN, WIDTH - MARGIN
    y = MARGIN + 28
    text(draw, (x0 + 4, y), t("palazzo.render.sheet", locale), TITLE, theme.GOLD, True)
    y += 16
    ranked = sorted(range(n), key=lambda s: (-result["scores"][s], -result["money"][s], s))
    tied = len(set(result["scores"])) < n
    counts = [len(view["seats"][s]["palazzi"]) for s in ranked]
    for row in pairs(counts):
        width = (x1 - x0 - GAP * (len(row) - 1)) / len(row)
        seats = [ranked[k] for k in row]
        height = max(_height(view, seat, width, tied) for seat in seats)
        for k, place in enumerate(row):
            bx = x0 + k * (width + GAP)
            box = (bx, y, bx + width, y + height)
            _seat(
                draw, view, ranked[place], _place(result, ranked[place]), names, box, tied, locale
            )
        y += height + GAP
    y += 4
    lines = wrap(t("palazzo.render.scoring", locale), SMALL, INNER - 8)
    if tied:
        lines += wrap(t("palazzo.render.tie_rule", locale), SMALL, INNER - 8)
    for line in lines:
        text(draw, (x0 + 4, y + 14), line, SMALL, theme.MUTED)
        y += 21
    y += 6
    star(draw, x0 + 14, y + 12, 10)
    sx = (
        x0
        + 30
        + text(
            draw,
            (x0 + 30, y + 13),
            t("palazzo.render.one_material", locale),
            SMALL,
            theme.MUTED,
            anchor="lm",
        )
    )
    material_legend(draw, sx + 20, y + 12, locale)
    return sheet.finish(y + 30 + MARGIN)


def _place(result: dict[str, list[int]], seat: int) -> int:
    """1 + the number of seats ahead of `seat` (more points, or as many and more money)."""
    mine = (result["scores"][seat], result["money"][seat])
    return 1 + sum(
        (score, money) > mine
        for score, money in zip(result["scores"], result["money"], strict=True)
    )


def _head(width: float, tied: bool) -> int:
    wide = width > INNER / 2
    return (40 if wide else 68) + (30 if tied else 0)


def _height(view: View, seat: int, width: float, tied: bool) -> int:
    palazzi = view["seats"][seat]["palazzi"]
    if not palazzi:
        return 44 + (30 if tied else 0)
    return _head(width, tied) + towers_height(palazzi, width - 2 * PAD, set()) + 2


def _seat(
    draw: Draw,
    view: View,
    seat: int,
    place: int,
    names: list[str],
    box: tuple[float, float, float, float],
    tied: bool,
    locale: str | None,
) -> None:
    """One player: place, name, "winner", points (and money, when points tie), palazzi."""
    result = view["result"]
    info = view["seats"][seat]
    won = seat in result["winners"]
    x0, y0, x1, _ = box
    block(draw, box, won)
    mid = y0 + 22
    ink = theme.GOLD if won else theme.TEXT
    points = points_words(result["scores"][seat], locale)
    points_w = width_of(points, KEY, True)
    badge = t("palazzo.render.winner", locale)
    badge_w = width_of(badge, SMALL, True) + 18
    wide = x1 - x0 > INNER / 2 or not info["palazzi"]
    nx = x0 + PAD + text(draw, (x0 + PAD, mid), str(place), KEY, theme.MUTED, True, "lm") + 10
    if wide:
        room = x1 - PAD - points_w - 16 - nx - (badge_w + 10 if won else 0)
        nx += text(draw, (nx, mid), names[seat], MID, ink, True, "lm", max_width=room)
        if won:
            pill(draw, (nx + 10, mid), badge, SMALL, theme.GOLD, theme.INK)
        text(draw, (x1 - PAD, mid), points, KEY, theme.TEXT, True, "rm")
        line = mid + 30
    else:
        text(draw, (nx, mid), names[seat], MID, ink, True, "lm", max_width=x1 - PAD - nx)
        if won:
            pill(draw, (x0 + PAD, mid + 28), badge, SMALL, theme.GOLD, theme.INK)
        text(draw, (x1 - PAD, mid + 28), points, KEY, theme.TEXT, True, "rm")
        line = mid + 58
    if tied:
        money = t("palazzo.render.money", locale, value=result["money"][seat])
        text(draw, (x0 + PAD, line), money, KEY, theme.MUTED, anchor="lm")
    palazzi = info["palazzi"]
    if not palazzi:
        return
    inner = x1 - x0 - 2 * PAD
    left = (
        x0 + PAD
        if x1 - x0 > INNER / 2
        else x0 + PAD + (inner - towers_width(len(palazzi), inner)) / 2
    )
    top = y0 + _head(x1 - x0, tied)
    towers(draw, left, top, inner, palazzi, info["points"], locale, set(), one_material)
