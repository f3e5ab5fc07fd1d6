"""The public Money table for the channel, drawn from the public view only, 600 px wide for
phones: the rows, each seat's strip (status, bid on the table, scores) and what the last move
laid down, outlined in gold with "new"."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import canvas, card_step, highlight, panel, pill, text, two_lines
from render.money.cards import back_tile, card_size, put_card
from render.money.common import (
    BANNER_HEIGHT,
    BODY,
    HEADER_HEIGHT,
    KEY,
    LEGEND_HEIGHT,
    NAME,
    PAD,
    SMALL,
    WIDTH,
    Event,
    M,
    View,
    cards_total,
    currency_legend,
    header,
    last_actions,
    new_bids,
    new_cards,
    seat_name,
    winner_banner,
)
from render.money.status import DIMMED, STATUS, order_position, seat_status

ROW_CARD = 62  # card width in the rows
BID_CARD = 52  # card width of the bids on the table
ROWS_HEIGHT = 44 + card_size(ROW_CARD)[1] + 12
STRIP_HEIGHT = card_size(BID_CARD)[1] + 30
LEFT_COL = 190  # name, status, cards in hand
RIGHT_COL = 120  # hands won and points
GAP = 10
LINE = 22  # between the two lines of what a seat did


def table_picture(
    view: View, names: list[str], locale: str | None, last: Sequence[Event] = ()
) -> Image.Image:
    """The public table: rows, bids on the table, each seat's status and scores, deck, hand and
    round, with what the `last` events laid down highlighted. Raises ValueError unless `view`
    is the public view (its "seat" is None)."""
    if view.get("seat") is not None or "hand" in view or "bid" in view:
        raise ValueError("table_picture draws only the public view (seat None)")
    n = view["players"]
    over = view["phase"] == "over"
    top = M + HEADER_HEIGHT + 6 + (0 if over else LEGEND_HEIGHT)
    middle = (BANNER_HEIGHT + 8) if over else (ROWS_HEIGHT + GAP + 6)
    height = top + middle + n * (STRIP_HEIGHT + GAP) - GAP + M
    image, draw = canvas(height, WIDTH)
    y = header(image, draw, view, t("render.money.title", locale), locale)
    fresh = new_cards(last)
    if over:
        y = winner_banner(draw, view, names, y, locale)
    else:
        y = currency_legend(draw, view["currencies"], y, locale)
        y = _rows(image, draw, view, fresh, y + 6, locale)
    done = last_actions(last, names, locale)
    bids = new_bids(last)
    for seat in range(n):
        y = _strip(image, draw, view, seat, names, y, locale)
        _middle(image, draw, view, seat, y - STRIP_HEIGHT - GAP, fresh, done, bids, locale)
    return image


def _lay(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    cards: list[int],
    x: float,
    y: float,
    width: int,
    room: float,
    locale: str | None,
) -> tuple[float, float, float, float]:
    """Cards in a row from (x, y) within `room` pixels; the box they cover."""
    step = card_step(len(cards), width, room, gap=6)
    for i, card in enumerate(cards):
        put_card(image, draw, card, (x + i * step, y), width, locale)
    w, h = card_size(width)
    return (x, y, x + step * (len(cards) - 1) + w - 3, y + h - 3)


def _rows(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    fresh: set[int],
    y: int,
    locale: str | None,
) -> int:
    """The two rows side by side, each with its total; cards the last move gave in outlined."""
    width = (WIDTH - 2 * M - GAP) / 2
    card_h = card_size(ROW_CARD)[1]
    for i, row in enumerate(("left", "right")):
        x = M + i * (width + GAP)
        panel(draw, (x, y, x + width, y + ROWS_HEIGHT))
        cards = view["rows"][row]
        total = t("render.money.total", locale, total=cards_total(cards))
        box = pill(draw, (x + width - 8, y + 22), total, KEY, theme.GOLD, theme.INK, align="right")
        words = t(f"render.money.row.{row}", locale)
        text(
            draw, (x + PAD, y + 22), words, BODY, bold=True, anchor="lm", max_width=box[0] - x - 16
        )
        if not cards:
            words = t("render.money.empty", locale)
            text(draw, (x + width / 2, y + 44 + card_h / 2), words, BODY, theme.MUTED, anchor="mm")
            continue
        area = _lay(image, draw, cards, x + PAD, y + 44, ROW_CARD, width - 2 * PAD, locale)
        if fresh & set(cards):
            highlight(draw, area, t("render.money.pic.new", locale), SMALL, width=3)
    return round(y + ROWS_HEIGHT + GAP)


def _strip(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    seat: int,
    names: list[str],
    y: int,
    locale: str | None,
) -> int:
    """A seat's panel: name, status and cards in hand on the left, scores on the right."""
    info = view["seats"][seat]
    status = seat_status(view, seat)
    style = STATUS[status]
    x0, x1 = M, WIDTH - M
    acting = style.outline == theme.GOLD
    panel(
        draw,
        (x0, y, x1, y + STRIP_HEIGHT),
        fill=style.fill,
        outline=style.outline,
        width=4 if acting else 2,
    )
    ink = theme.MUTED if status in DIMMED else theme.TEXT
    x = x0 + PAD
    name = seat_name(names, seat, locale)
    text(draw, (x, y + 26), name, KEY, ink, bold=True, anchor="ls", max_width=LEFT_COL - PAD)
    if style.key:
        words = t(style.key, locale, pos=order_position(view, seat))
        pill(draw, (x, y + 46), words, SMALL, style.pill, style.ink)
    if view["phase"] != "over":  # after the match the count of cards in hand means nothing
        cards = t("render.money.pic.in_hand", locale, count=info["hand_count"])
        text(
            draw,
            (x, y + STRIP_HEIGHT - 10),
            cards,
            SMALL,
            theme.MUTED,
            anchor="ls",
            max_width=LEFT_COL - PAD,
        )
    _scores(draw, view, seat, x1 - RIGHT_COL, y, locale)
    return y + STRIP_HEIGHT + GAP


def _middle(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    seat: int,
    y: int,
    fresh: set[int],
    done: dict[int, str],
    bids: set[int],
    locale: str | None,
) -> None:
    """Exchange: the cards on the table and their total. Bid: a face-down card once placed.
    Match over: each hand's score. What the seat did in the last move, in gold."""
    info = view["seats"][seat]
    x, right = M + LEFT_COL, WIDTH - M - RIGHT_COL - 8
    mid = y + STRIP_HEIGHT / 2
    new = t("render.money.pic.new", locale)
    start = x  # where what the seat did in the last move goes
    if view["phase"] == "exchange" and info["table"]:
        total = str(info["table_total"])
        box = pill(draw, (x, mid), total, KEY, theme.GOLD, theme.INK)
        area = _lay(
            image, draw, info["table"], box[2] + 8, y + 18, BID_CARD, right - box[2] - 8, locale
        )
        if fresh & set(info["table"]):
            highlight(draw, area, new, SMALL, width=3)
    elif view["phase"] == "bid" and info["bid_placed"]:
        tile = back_tile(BID_CARD)
        image.paste(tile, (x, y + 18), tile)
        start = x + tile.width + 8  # beside the card, instead of the words on it
        if seat not in done:
            hidden = t("render.money.pic.bid_hidden", locale)
            room = right - start
            text(draw, (start, mid), hidden, SMALL, theme.MUTED, anchor="lm", max_width=room)
        if seat in bids:
            area = (x, y + 18, x + tile.width - 3, y + 18 + tile.height - 3)
            highlight(draw, area, new, SMALL, width=3)
    elif view["phase"] == "over":
        step = min(84, (right - x) / max(1, len(view["results"])))
        for i, result in enumerate(view["results"]):
            cx = x + i * step
            won = seat in result["winners"]
            words = t("render.money.hand_no", locale, hand=result["hand_no"])
            text(draw, (cx, mid - 14), words, SMALL, theme.MUTED, anchor="lm")
            score = f"{result['scores'][seat]}{' ★' if won else ''}"
            text(
                draw,
                (cx, mid + 14),
                score,
                KEY,
                theme.GOLD if won else theme.TEXT,
                bold=True,
                anchor="lm",
            )
    if (
        seat in done
        and view["phase"] != "over"
        and not (view["phase"] == "exchange" and info["table"])
    ):
        lines = two_lines(done[seat], BODY, right - start - 16, bold=True)
        top = mid - LINE * (len(lines) - 1) / 2
        w = max(
            text(
                draw,
                (start + 8, top + LINE * row),
                words,
                BODY,
                theme.GOLD,
                bold=True,
                anchor="lm",
                max_width=right - start - 16,
            )
            for row, words in enumerate(lines)
        )
        box = (start, top - 16, start + w + 16, top + LINE * (len(lines) - 1) + 16)
        highlight(draw, box, new, SMALL, width=3)


def _scores(
    draw: ImageDraw.ImageDraw, view: View, seat: int, x: int, y: int, locale: str | None
) -> None:
    """Hands won (as stars) and points over the finished hands; nothing before the first."""
    if not view["results"]:
        return
    won = view["hands_won"][seat]
    room = RIGHT_COL - PAD
    words = t("render.money.pic.hands_won", locale)
    text(draw, (x, y + 20), words, SMALL, theme.MUTED, anchor="ls", max_width=room)
    stars = "★" * won if won else "–"
    colour = theme.GOLD if won else theme.MUTED
    text(draw, (x, y + 42), stars, NAME, colour, bold=True, anchor="ls", max_width=room)
    words = t("render.money.pic.points", locale)
    text(draw, (x, y + 64), words, SMALL, theme.MUTED, anchor="ls", max_width=room)
    points = str(view["totals"][seat])
    text(draw, (x, y + 90), points, KEY, theme.TEXT, bold=True, anchor="ls", max_width=room)
