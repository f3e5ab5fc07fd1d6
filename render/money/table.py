"""The public Money table for the channel, drawn from the public view only."""

from __future__ import annotations

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.cards import back_tile, card_size, card_tile
from render.draw import canvas, lay_cards, panel, pill, text
from render.money.common import (
    BANNER_HEIGHT,
    CHIPS_HEIGHT,
    View,
    cards_total,
    currency_chips,
    header,
    seat_name,
    winner_banner,
)
from render.money.status import DIMMED, STATUS, order_position, seat_status

ROW_CARD = 96  # card width in the rows
BID_CARD = 72  # card width of the bids on the table
ROWS_HEIGHT = 60 + card_size(ROW_CARD)[1] + 14
STRIP_HEIGHT = card_size(BID_CARD)[1] + 26
LEFT_COL = 310  # name, cards in hand, status
RIGHT_COL = 220  # hands won and points


def table_picture(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The public table: rows, bids on the table, each seat's status and scores, deck, hand and
    round. Raises ValueError unless `view` is the public view (its "seat" is None)."""
    if view.get("seat") is not None or "hand" in view or "bid" in view:
        raise ValueError("table_picture draws only the public view (seat None)")
    n = view["players"]
    over = view["phase"] == "over"
    top = theme.MARGIN + 44 + theme.GAP + (0 if over else CHIPS_HEIGHT)
    middle = (BANNER_HEIGHT if over else ROWS_HEIGHT) + theme.GAP
    height = top + middle + n * (STRIP_HEIGHT + theme.GAP) - theme.GAP + theme.MARGIN
    image, draw = canvas(height)
    y = header(image, draw, view, t("render.money.title", locale), locale)
    if over:
        y = winner_banner(draw, view, names, y, locale)
    else:
        y = currency_chips(draw, view["currencies"], y, locale)
        y = _rows(image, draw, view, y, locale)
    for seat in range(n):
        y = _strip(image, draw, view, seat, names, y, locale)
    return image


def _rows(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int, locale: str | None
) -> int:
    width = (theme.WIDTH - 2 * theme.MARGIN - theme.GAP) / 2
    card_h = card_size(ROW_CARD)[1]
    for i, row in enumerate(("left", "right")):
        x = theme.MARGIN + i * (width + theme.GAP)
        panel(draw, (x, y, x + width, y + ROWS_HEIGHT))
        cards = view["rows"][row]
        text(
            draw,
            (x + 18, y + 30),
            t(f"render.money.row.{row}", locale),
            24,
            bold=True,
            anchor="lm",
            max_width=width - 200,
        )
        total = t("render.money.total", locale, total=cards_total(cards))
        pill(draw, (x + width - 16, y + 30), total, 20, theme.GOLD, theme.INK, align="right")
        if cards:
            tiles = [card_tile(c, ROW_CARD, locale) for c in cards]
            lay_cards(image, tiles, x + 18, y + 56, width - 36)
        else:
            text(
                draw,
                (x + width / 2, y + 56 + card_h / 2),
                t("render.money.empty", locale),
                20,
                theme.MUTED,
                anchor="mm",
            )
    return round(y + ROWS_HEIGHT + theme.GAP)


def _strip(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    seat: int,
    names: list[str],
    y: int,
    locale: str | None,
) -> int:
    info = view["seats"][seat]
    status = seat_status(view, seat)
    style = STATUS[status]
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    panel(
        draw,
        (x0, y, x1, y + STRIP_HEIGHT),
        fill=style.fill,
        outline=style.outline,
        width=3 if style.outline == theme.GOLD else 2,
    )
    ink = theme.MUTED if status in DIMMED else theme.TEXT
    x = x0 + 18
    text(
        draw,
        (x, y + 32),
        seat_name(names, seat, locale),
        26,
        ink,
        bold=True,
        anchor="ls",
        max_width=LEFT_COL - 30,
    )
    if view["phase"] != "over":  # after the match the count of cards in hand means nothing
        cards = t("render.money.cards_in_hand", locale, count=info["hand_count"])
        text(draw, (x, y + 62), cards, 20, theme.MUTED, anchor="ls", max_width=LEFT_COL - 30)
    if style.key:
        words = t(style.key, locale, pos=order_position(view, seat))
        pill(draw, (x, y + STRIP_HEIGHT - 28), words, 18, style.pill, style.ink)
    _middle(image, draw, view, seat, x0 + LEFT_COL, y, x1 - RIGHT_COL - 10, locale)
    _scores(draw, view, seat, x1 - RIGHT_COL, y, locale)
    return y + STRIP_HEIGHT + theme.GAP


def _middle(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    seat: int,
    x: int,
    y: int,
    right: int,
    locale: str | None,
) -> None:
    """Exchange: the cards on the table and their total. Bid: a face-down card once placed.
    Match over: each hand's score."""
    info = view["seats"][seat]
    mid = y + STRIP_HEIGHT / 2
    if view["phase"] == "exchange" and info["table"]:
        box = pill(draw, (x, mid), str(info["table_total"]), 24, theme.GOLD, theme.INK)
        tiles = [card_tile(c, BID_CARD, locale) for c in info["table"]]
        lay_cards(image, tiles, box[2] + 14, y + 12, right - box[2] - 14)
    elif view["phase"] == "bid" and info["bid_placed"]:
        tile = back_tile(BID_CARD)
        image.paste(tile, (x, y + 12), tile)
        text(
            draw,
            (x + tile.width + 14, mid),
            t("render.money.bid_hidden", locale),
            20,
            theme.MUTED,
            anchor="lm",
            max_width=right - x - tile.width - 14,
        )
    elif view["phase"] == "over":
        for i, result in enumerate(view["results"]):
            cx = x + 20 + i * 130
            star = " ★" if seat in result["winners"] else ""
            text(
                draw,
                (cx, mid - 16),
                t("render.money.hand_no", locale, hand=result["hand_no"]),
                18,
                theme.MUTED,
                anchor="lm",
            )
            text(
                draw,
                (cx, mid + 16),
                f"{result['scores'][seat]}{star}",
                26,
                theme.GOLD if star else theme.TEXT,
                bold=True,
                anchor="lm",
            )


def _scores(
    draw: ImageDraw.ImageDraw, view: View, seat: int, x: int, y: int, locale: str | None
) -> None:
    """Hands won (as stars) and points over the finished hands; nothing before the first."""
    if not view["results"]:
        return
    won = view["hands_won"][seat]
    line = t("render.money.hands_won", locale) + "  "
    w = text(draw, (x, y + 34), line, 18, theme.MUTED, anchor="ls")
    stars = "★" * won if won else "–"
    text(
        draw, (x + w, y + 34), stars, 22, theme.GOLD if won else theme.MUTED, bold=True, anchor="ls"
    )
    text(
        draw,
        (x, y + 74),
        t("render.money.points", locale, points=view["totals"][seat]),
        26,
        theme.TEXT,
        bold=True,
        anchor="ls",
        max_width=RIGHT_COL - 16,
    )
    if len(view["results"]) > 1:
        parts = " + ".join(str(r["scores"][seat]) for r in view["results"])
        text(draw, (x, y + 102), parts, 18, theme.MUTED, anchor="ls", max_width=RIGHT_COL - 16)
