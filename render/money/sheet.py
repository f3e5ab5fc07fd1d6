"""Money's score sheet, 600 px wide for phones: every finished hand's points per player (from
banknotes, trios and coins, with each scoring currency's points under the name), then the match:
hands won, each hand's score and the total, and the winners once the match is over."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import canvas, panel, text
from render.money.common import (
    BANNER_HEIGHT,
    BODY,
    KEY,
    NAME,
    PAD,
    SMALL,
    TITLE,
    WIDTH,
    M,
    View,
    in_currency_order,
    match_winners,
    seat_name,
    symbol,
    winner_banner,
)

TITLE_HEIGHT = 44
LEGEND_HEIGHT = 24
PANEL_TITLE = 40
HEAD_ROW = 28
ROW = 46
SUMMARY_ROW = 38
EMPTY_HEIGHT = 80  # the panel saying no hand is finished yet
NAME_COL = 196  # name, and each scoring currency's points under it
SUMMARY_NAME_COL = 140
GAP = 10


def _panel_height(n: int, row: int = ROW) -> int:
    return PANEL_TITLE + HEAD_ROW + n * row + 8


def score_sheet(view: View, names: list[str], locale: str | None) -> Image.Image:
    """Per finished hand: each player's points from banknotes, trios and coins and the hand total
    (winners starred); then hands won and match totals, and the winners once the match is over.
    Works from any view (results are public)."""
    n, results = view["players"], view["results"]
    over = view["phase"] == "over"
    height = M + TITLE_HEIGHT + LEGEND_HEIGHT + GAP
    height += BANNER_HEIGHT + 8 if over else 0
    height += sum(_panel_height(n) + GAP for _ in results)
    height += (_panel_height(n, SUMMARY_ROW) if results else EMPTY_HEIGHT) + M
    image, draw = canvas(height, WIDTH)
    y = _title(draw, view, locale)
    if over:
        y = winner_banner(draw, view, names, y, locale)
    for result in results:
        y = _hand(draw, result, names, y, locale)
    if results:
        _summary(draw, view, names, y, locale)
    else:
        panel(draw, (M, y, WIDTH - M, y + EMPTY_HEIGHT))
        words = t("render.money.no_results", locale)
        text(draw, (WIDTH / 2, y + EMPTY_HEIGHT / 2), words, BODY, theme.MUTED, anchor="mm")
    return image


def _title(draw: ImageDraw.ImageDraw, view: View, locale: str | None) -> int:
    x, right = M + PAD, WIDTH - M - PAD
    mid = M + TITLE_HEIGHT / 2
    words = t("render.money.score_sheet", locale)
    w = text(draw, (x, mid), words, TITLE, theme.GOLD, bold=True, anchor="lm")
    done = t(
        "render.money.hands_done", locale, done=len(view["results"]), hands=view["hands_total"]
    )
    text(draw, (right, mid), done, BODY, theme.TEXT, anchor="rm", max_width=right - x - w - 20)
    words = t("render.money.pic.sheet_legend", locale)
    text(
        draw,
        (x, M + TITLE_HEIGHT + LEGEND_HEIGHT / 2),
        words,
        SMALL,
        theme.MUTED,
        anchor="lm",
        max_width=right - x,
    )
    return M + TITLE_HEIGHT + LEGEND_HEIGHT + GAP


def _columns(count: int, name_col: int) -> list[tuple[float, float]]:
    """(left, width) of `count` equal columns after the name column."""
    x0 = M + PAD + name_col
    each = (WIDTH - M - PAD - x0) / count
    return [(x0 + i * each, each) for i in range(count)]


def _head(
    draw: ImageDraw.ImageDraw, labels: list[str], cols: list[tuple[float, float]], y: float
) -> None:
    for label, (left, width) in zip(labels, cols, strict=True):
        text(
            draw,
            (left + width / 2, y),
            label,
            SMALL,
            theme.MUTED,
            bold=True,
            anchor="mm",
            max_width=width - 4,
        )


def _cell(
    draw: ImageDraw.ImageDraw,
    col: tuple[float, float],
    row: float,
    words: str,
    colour: Any,
    height: int = ROW,
) -> None:
    text(
        draw,
        (col[0] + col[1] / 2, row + height / 2),
        words,
        KEY,
        colour,
        bold=True,
        anchor="mm",
        max_width=col[1] - 4,
    )


def _rows_frame(draw: ImageDraw.ImageDraw, top: float, n: int, height: int = ROW) -> None:
    """Alternate row shading so a row reads across."""
    for seat in range(n):
        if seat % 2 == 0:
            y = top + seat * height
            draw.rectangle((M + 6, y, WIDTH - M - 6, y + height), fill=theme.PANEL_DIM)


def _currencies(detail: dict[str, Any], locale: str | None) -> str:
    """The points of each currency that scored, e.g. "$ 60 · ¥ 30", or "no banknote points"."""
    scored = [
        f"{symbol(code)} {money['points']}"
        for code in in_currency_order(set(detail["currencies"]))
        if (money := detail["currencies"][code])["points"]
    ]
    return " · ".join(scored) if scored else t("render.money.pic.no_note_points", locale)


def _hand(
    draw: ImageDraw.ImageDraw, result: dict[str, Any], names: list[str], y: int, locale: str | None
) -> int:
    details, n = result["detail"], len(result["scores"])
    x0, x1 = M, WIDTH - M
    bottom = y + _panel_height(n)
    panel(draw, (x0, y, x1, bottom))
    words = t("render.money.hand_no", locale, hand=result["hand_no"])
    w = text(draw, (x0 + PAD, y + 22), words, NAME, theme.TEXT, bold=True, anchor="lm")
    winners = ", ".join(seat_name(names, s, locale) for s in result["winners"])
    words = "★ " + t("render.money.hand_won_by", locale, names=winners)
    text(
        draw,
        (x1 - PAD, y + 22),
        words,
        BODY,
        theme.GOLD,
        bold=True,
        anchor="rm",
        max_width=x1 - x0 - w - 3 * PAD,
    )
    cols = _columns(4, NAME_COL)
    keys = ("notes", "trios", "coins", "total")
    _head(
        draw,
        [t(f"render.money.pic.col.{k}", locale) for k in keys],
        cols,
        y + PANEL_TITLE + HEAD_ROW / 2,
    )
    top = y + PANEL_TITLE + HEAD_ROW
    _rows_frame(draw, top, n)
    for seat, detail in enumerate(details):
        row = top + seat * ROW
        won = seat in result["winners"]
        name = seat_name(names, seat, locale)
        text(
            draw,
            (x0 + PAD, row + 22),
            name,
            BODY,
            theme.GOLD if won else theme.TEXT,
            bold=True,
            anchor="ls",
            max_width=NAME_COL - PAD,
            min_size=SMALL,
        )
        text(
            draw,
            (x0 + PAD, row + 40),
            _currencies(detail, locale),
            SMALL,
            theme.MUTED,
            anchor="ls",
            max_width=NAME_COL - PAD,
        )
        notes = sum(m["points"] for m in detail["currencies"].values())
        values = [notes, detail["trio_points"], detail["coin_points"]]
        for value, col in zip(values, cols, strict=False):
            _cell(
                draw, col, row, str(value) if value else "–", theme.TEXT if value else theme.FAINT
            )
        total = f"{'★ ' if won else ''}{result['scores'][seat]}"
        _cell(draw, cols[-1], row, total, theme.GOLD if won else theme.TEXT)
    return bottom + GAP


def _summary(
    draw: ImageDraw.ImageDraw, view: View, names: list[str], y: int, locale: str | None
) -> None:
    """Hands won, each hand's score and the match total per player; match winners starred."""
    n, results = view["players"], view["results"]
    x0, x1 = M, WIDTH - M
    bottom = y + _panel_height(n, SUMMARY_ROW)
    fill = theme.mix(theme.PANEL, theme.GOLD, 0.06)
    panel(draw, (x0, y, x1, bottom), fill=fill, outline=theme.GOLD)
    words = t("render.money.match", locale)
    text(draw, (x0 + PAD, y + 22), words, NAME, theme.TEXT, bold=True, anchor="lm")
    winners = match_winners(view)
    cols = _columns(len(results) + 2, SUMMARY_NAME_COL)
    labels = [t("render.money.pic.col.won", locale)]
    labels += [t("render.money.pic.col.hand", locale, hand=r["hand_no"]) for r in results]
    labels.append(t("render.money.pic.col.total", locale))
    _head(draw, labels, cols, y + PANEL_TITLE + HEAD_ROW / 2)
    top = y + PANEL_TITLE + HEAD_ROW
    _rows_frame(draw, top, n, SUMMARY_ROW)
    for seat in range(n):
        row = top + seat * SUMMARY_ROW
        star = seat in winners
        name = ("★ " if star else "") + seat_name(names, seat, locale)
        text(
            draw,
            (x0 + PAD, row + SUMMARY_ROW / 2),
            name,
            BODY,
            theme.GOLD if star else theme.TEXT,
            bold=True,
            anchor="lm",
            max_width=SUMMARY_NAME_COL - PAD,
            min_size=SMALL,
        )
        won = view["hands_won"][seat]
        _cell(
            draw,
            cols[0],
            row,
            "★" * won if won else "–",
            theme.GOLD if won else theme.FAINT,
            SUMMARY_ROW,
        )
        for i, result in enumerate(results):
            colour = theme.GOLD if seat in result["winners"] else theme.TEXT
            _cell(draw, cols[1 + i], row, str(result["scores"][seat]), colour, SUMMARY_ROW)
        colour = theme.GOLD if star else theme.TEXT
        _cell(draw, cols[-1], row, str(view["totals"][seat]), colour, SUMMARY_ROW)
