"""One seat's private hand picture (its DM), for a phone: one row per currency held (its shape,
name and total, then its cards) and certificates apart, under what the whole hand is worth as
one payment. Drawn from that seat's own view."""

from __future__ import annotations

from PIL import Image

from i18n import t
from render import theme
from render.draw import text
from render.palazzo.common import (
    CARD_H,
    CURRENCY_COLOURS,
    CURRENCY_INK,
    KEY,
    MARGIN,
    MID,
    SHAPES,
    TITLE,
    WIDTH,
    Scratch,
    View,
    block,
    card_row,
    fitted_line,
    shape,
)
from rules.palazzo.components import CURRENCIES, MONEY

PAD = 12
LABEL_W = 150


def _groups(hand: list[int], locale: str | None) -> str:
    """`groups of 15 to pay with: 6s, 4s, 3 certificates`, or "" when the hand holds none."""
    found = []
    for value in sorted({MONEY[c].value for c in hand if MONEY[c].currency}, reverse=True):
        count = min(
            sum(1 for c in hand if MONEY[c].currency == cur and MONEY[c].value == value)
            for cur in CURRENCIES
        )
        found += [t("palazzo.render.group_of", locale, value=value)] * count
    found += [t("palazzo.render.cert_group", locale)] * (
        sum(1 for c in hand if MONEY[c].currency is None) // 3
    )
    return t("palazzo.render.groups", locale, groups=", ".join(found)) if found else ""


def hand_picture(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The seat's cards by currency (red, brown, grey, certificates; only those it holds)."""
    seat = view["seat"]
    if seat is None or "hand" not in view:
        raise ValueError("hand_picture needs a seat's own view")
    sheet = Scratch(1200)
    draw = sheet.draw
    x0, x1 = MARGIN, WIDTH - MARGIN
    y = MARGIN + 28
    title = fitted_line("palazzo.render.hand", names[seat], TITLE, x1 - x0 - 8, locale)
    text(draw, (x0 + 4, y), title, TITLE, theme.GOLD, True)
    y += 36
    worth = t("palazzo.render.hand_value", locale, value=view["hand_value"])
    text(draw, (x0 + 4, y), worth, KEY, theme.TEXT)
    groups_line = _groups(view["hand"], locale)
    if groups_line:
        y += 30
        text(draw, (x0 + 4, y), groups_line, MID, theme.MUTED, max_width=x1 - x0 - 8)
    y += 18
    groups = []
    for currency in (*CURRENCIES, None):
        cards = sorted(
            (c for c in view["hand"] if MONEY[c].currency == currency), key=lambda c: MONEY[c].value
        )
        if cards:
            groups.append((currency, cards))
    if not groups:
        y += 12
        block(draw, (x0, y, x1, y + 44))
        text(
            draw,
            (x0 + PAD, y + 22),
            t("palazzo.render.no_cards", locale),
            MID,
            theme.MUTED,
            anchor="lm",
        )
        return sheet.finish(y + 44 + MARGIN)
    y += 12
    row_h = CARD_H + 2 * PAD
    for currency, cards in groups:
        block(draw, (x0, y, x1, y + row_h))
        name = t(f"palazzo.render.legend.{currency or 'cert'}", locale)
        draw.rounded_rectangle(
            (x0 + PAD, y + PAD + 2, x0 + PAD + 22, y + PAD + 24),
            radius=4,
            fill=CURRENCY_COLOURS[currency],
            outline=theme.INK,
        )
        shape(draw, SHAPES[currency], x0 + PAD + 11, y + PAD + 13, 6, CURRENCY_INK[currency])
        label_w = LABEL_W - 30
        text(draw, (x0 + PAD + 30, y + PAD + 14), name, MID, theme.TEXT, False, "lm", label_w)
        total = t("palazzo.render.total", locale, total=sum(MONEY[c].value for c in cards))
        text(draw, (x0 + PAD, y + PAD + 44), total, KEY, theme.TEXT, True, "lm")
        card_row(draw, x0 + PAD + LABEL_W, y + PAD, cards, x1 - x0 - 2 * PAD - LABEL_W)
        y += row_h + 8
    return sheet.finish(y - 8 + MARGIN)
