"""Money's score sheet: every finished hand's breakdown per player, and the match result."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.cards import currency_colour
from render.draw import canvas, panel, pill, text
from render.money.common import (
    BANNER_HEIGHT,
    View,
    in_currency_order,
    match_winners,
    seat_name,
    symbol,
    winner_banner,
)

WHITE = (255, 255, 255)
TITLE_HEIGHT = 50
LEGEND_HEIGHT = 30
PANEL_TITLE = 48
HEAD_ROW = 36
ROW = 52
EMPTY_HEIGHT = 90  # the panel saying no hand is finished yet
NAME_COL = 200
Cell = tuple[str, str]  # big text, small text below
CellFn = Callable[[dict[str, Any]], Cell]


def _trios(detail: dict[str, Any]) -> Cell:
    if not detail["trios"]:
        return "–", ""
    return f"+{detail['trio_points']}", " ".join(f"{symbol(c)}{v}" for c, v in detail["trios"])


def _coins(detail: dict[str, Any]) -> Cell:
    if not detail["coins"]:
        return "–", ""
    return f"{detail['coin_points']}", f"{detail['coins']} × 10"


# Fixed columns after the currencies: (header key, width, cell function).
EXTRA: tuple[tuple[str, int, CellFn], ...] = (
    ("render.money.col.trios", 150, _trios),
    ("render.money.col.coins", 90, _coins),
)
TOTAL_COL = 110


def score_sheet(view: View, names: list[str], locale: str | None) -> Image.Image:
    """Per finished hand: each player's points and banknote total per currency, trios, coins and
    hand total (winners starred); then hands won and match totals, and the winners once the match
    is over. Works from any view (results are public)."""
    n, results = view["players"], view["results"]
    over = view["phase"] == "over"
    height = theme.MARGIN + TITLE_HEIGHT + LEGEND_HEIGHT + theme.GAP
    height += BANNER_HEIGHT + theme.GAP if over else 0
    height += sum(PANEL_TITLE + HEAD_ROW + n * ROW + 12 + theme.GAP for _ in results)
    height += (PANEL_TITLE + HEAD_ROW + n * ROW + 12 if results else EMPTY_HEIGHT) + theme.MARGIN
    image, draw = canvas(height)
    y = _title(draw, view, locale)
    if over:
        y = winner_banner(draw, view, names, y, locale)
    for result in results:
        y = _hand(draw, result, names, y, locale)
    if results:
        _summary(draw, view, names, y, locale)
    else:
        panel(draw, (theme.MARGIN, y, theme.WIDTH - theme.MARGIN, y + EMPTY_HEIGHT))
        text(
            draw,
            (theme.WIDTH / 2, y + EMPTY_HEIGHT / 2),
            t("render.money.no_results", locale),
            22,
            theme.MUTED,
            anchor="mm",
        )
    return image


def _title(draw: ImageDraw.ImageDraw, view: View, locale: str | None) -> int:
    x, y = theme.MARGIN + 4, theme.MARGIN
    right = theme.WIDTH - theme.MARGIN - 4
    mid = y + 22
    w = text(
        draw,
        (x, mid),
        t("render.money.score_sheet", locale),
        30,
        theme.GOLD,
        bold=True,
        anchor="lm",
    )
    done = t(
        "render.money.hands_done", locale, done=len(view["results"]), hands=view["hands_total"]
    )
    text(draw, (right, mid), done, 22, theme.TEXT, anchor="rm", max_width=right - x - w - 30)
    text(
        draw,
        (x, y + TITLE_HEIGHT + 14),
        t("render.money.sheet_legend", locale),
        18,
        theme.MUTED,
        anchor="lm",
        max_width=right - x,
    )
    return y + TITLE_HEIGHT + LEGEND_HEIGHT + theme.GAP


def _columns(codes: list[str]) -> list[tuple[float, float]]:
    """(left, width) of each currency column, the extra columns and the total column."""
    x: float = theme.MARGIN + 16 + NAME_COL
    room = theme.WIDTH - theme.MARGIN - 16 - x - sum(w for _, w, _ in EXTRA) - TOTAL_COL
    each = room / max(1, len(codes))
    cols = [(x + i * each, each) for i in range(len(codes))]
    x += each * len(codes)
    for _, width, _ in EXTRA:
        cols.append((x, width))
        x += width
    cols.append((x, TOTAL_COL))
    return cols


def _rows_frame(draw: ImageDraw.ImageDraw, y: int, n: int) -> None:
    """Zebra stripes behind the player rows starting at `y`."""
    for i in range(n):
        if i % 2 == 0:
            top = y + i * ROW
            draw.rectangle(
                (theme.MARGIN + 8, top, theme.WIDTH - theme.MARGIN - 8, top + ROW - 1),
                fill=theme.mix(theme.PANEL, theme.FELT, 0.5),
            )


def _cell(
    draw: ImageDraw.ImageDraw, col: tuple[float, float], top: int, cell: Cell, colour: theme.Colour
) -> None:
    """A big value over a small note, centred in column `col` of the row starting at `top`."""
    cx = col[0] + col[1] / 2
    if not cell[1]:
        text(
            draw,
            (cx, top + ROW / 2),
            cell[0],
            22,
            colour,
            bold=True,
            anchor="mm",
            max_width=col[1] - 6,
        )
        return
    text(draw, (cx, top + 27), cell[0], 22, colour, bold=True, anchor="ms", max_width=col[1] - 6)
    text(draw, (cx, top + 47), cell[1], 18, theme.MUTED, anchor="ms", max_width=col[1] - 6)


def _hand(
    draw: ImageDraw.ImageDraw, result: dict[str, Any], names: list[str], y: int, locale: str | None
) -> int:
    details, n = result["detail"], len(result["scores"])
    codes = in_currency_order(
        set(result.get("currencies") or {c for d in details for c in d["currencies"]})
    )
    cols = _columns(codes)
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    bottom = y + PANEL_TITLE + HEAD_ROW + n * ROW + 12
    panel(draw, (x0, y, x1, bottom))
    text(
        draw,
        (x0 + 18, y + 28),
        t("render.money.hand_no", locale, hand=result["hand_no"]),
        24,
        theme.TEXT,
        bold=True,
        anchor="lm",
    )
    winners = ", ".join(seat_name(names, s, locale) for s in result["winners"])
    text(
        draw,
        (x1 - 18, y + 28),
        t("render.money.hand_won_by", locale, names=winners),
        20,
        theme.GOLD,
        bold=True,
        anchor="rm",
        max_width=x1 - x0 - 200,
    )
    head = y + PANEL_TITLE + HEAD_ROW / 2
    for code, col in zip(codes, cols, strict=False):
        pill(
            draw,
            (col[0] + col[1] / 2, head),
            symbol(code),
            18,
            currency_colour(code),
            WHITE,
            align="center",
        )
    labels = [key for key, _, _ in EXTRA] + ["render.money.col.total"]
    for key, col in zip(labels, cols[len(codes) :], strict=True):
        text(
            draw,
            (col[0] + col[1] / 2, head),
            t(key, locale),
            18,
            theme.MUTED,
            bold=True,
            anchor="mm",
            max_width=col[1] - 6,
        )
    top = y + PANEL_TITLE + HEAD_ROW
    _rows_frame(draw, top, n)
    for seat, detail in enumerate(details):
        row = top + seat * ROW
        text(
            draw,
            (x0 + 18, row + ROW / 2),
            seat_name(names, seat, locale),
            22,
            theme.TEXT,
            bold=True,
            anchor="lm",
            max_width=NAME_COL - 10,
        )
        for code, col in zip(codes, cols, strict=False):
            money = detail["currencies"].get(code)
            cell = (str(money["points"]), f"({money['total']})") if money else ("–", "")
            _cell(draw, col, row, cell, theme.TEXT if money and money["points"] else theme.FAINT)
        for (_, _, fn), col in zip(EXTRA, cols[len(codes) :], strict=False):
            cell = fn(detail)
            _cell(draw, col, row, cell, theme.TEXT if cell[0] != "–" else theme.FAINT)
        won = seat in result["winners"]
        total = f"{'★ ' if won else ''}{result['scores'][seat]}"
        _cell(draw, cols[-1], row, (total, ""), theme.GOLD if won else theme.TEXT)
    return bottom + theme.GAP


def _summary(
    draw: ImageDraw.ImageDraw, view: View, names: list[str], y: int, locale: str | None
) -> None:
    """Hands won, each hand's score and the match total per player; match winners starred."""
    n, results = view["players"], view["results"]
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    bottom = y + PANEL_TITLE + HEAD_ROW + n * ROW + 12
    panel(
        draw, (x0, y, x1, bottom), fill=theme.mix(theme.PANEL, theme.GOLD, 0.06), outline=theme.GOLD
    )
    text(
        draw,
        (x0 + 18, y + 28),
        t("render.money.match", locale),
        24,
        theme.TEXT,
        bold=True,
        anchor="lm",
    )
    winners = match_winners(view)
    step = (x1 - 16 - (x0 + 16 + NAME_COL)) / (len(results) + 2)
    cols = [(x0 + 16 + NAME_COL + i * step, step) for i in range(len(results) + 2)]
    head = y + PANEL_TITLE + HEAD_ROW / 2
    labels = [t("render.money.hands_won", locale)]
    labels += [t("render.money.hand_no", locale, hand=r["hand_no"]) for r in results]
    labels.append(t("render.money.col.match_total", locale))
    for label, col in zip(labels, cols, strict=True):
        text(
            draw,
            (col[0] + col[1] / 2, head),
            label,
            18,
            theme.MUTED,
            bold=True,
            anchor="mm",
            max_width=col[1] - 6,
        )
    top = y + PANEL_TITLE + HEAD_ROW
    _rows_frame(draw, top, n)
    for seat in range(n):
        row = top + seat * ROW
        star = seat in winners
        name = ("★ " if star else "") + seat_name(names, seat, locale)
        text(
            draw,
            (x0 + 18, row + ROW / 2),
            name,
            22,
            theme.GOLD if star else theme.TEXT,
            bold=True,
            anchor="lm",
            max_width=NAME_COL - 10,
        )
        won = view["hands_won"][seat]
        stars = ("★" * won if won else "–", "")
        _cell(draw, cols[0], row, stars, theme.GOLD if won else theme.FAINT)
        for i, result in enumerate(results):
            hand_win = seat in result["winners"]
            _cell(
                draw,
                cols[1 + i],
                row,
                (str(result["scores"][seat]), ""),
                theme.GOLD if hand_win else theme.TEXT,
            )
        _cell(
            draw, cols[-1], row, (str(view["totals"][seat]), ""), theme.GOLD if star else theme.TEXT
        )
