"""One seat's private hand picture (its DM): money grouped by currency, certificates apart,
and what the hand is worth as one payment. Drawn from that seat's own view."""

from __future__ import annotations

from PIL import Image

from i18n import t
from render import theme
from render.draw import text
from render.palazzo.common import CARD_H, CARD_W, View, framed, header, money_card, new_canvas
from rules.palazzo.components import CURRENCIES, MONEY

ROW_H = CARD_H + 44


def hand_picture(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The seat's cards in four rows: red, brown, grey, certificates."""
    seat = view["seat"]
    if seat is None or "hand" not in view:
        raise ValueError("hand_picture needs a seat's own view")
    groups: list[tuple[str, list[int]]] = []
    for currency in (*CURRENCIES, None):
        cards = sorted(
            (c for c in view["hand"] if MONEY[c].currency == currency), key=lambda c: MONEY[c].value
        )
        key = f"palazzo.currency.{currency or 'cert'}"
        groups.append((t(key, locale), cards))
    height = theme.MARGIN * 2 + 58 + len(groups) * (ROW_H + theme.GAP)
    image, draw = new_canvas(height)
    subtitle = t(
        "palazzo.render.hand_value", locale, count=len(view["hand"]), value=view["hand_value"]
    )
    y = header(draw, t("palazzo.render.hand", locale, name=names[seat]), subtitle)
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    for title, cards in groups:
        total = sum(MONEY[c].value for c in cards)
        framed(
            draw,
            (x0, y, x1, y + ROW_H),
            t("palazzo.render.group", locale, name=title, count=len(cards), total=total),
        )
        step = min(CARD_W + 8, (x1 - x0 - 30 - CARD_W) / max(1, len(cards) - 1))
        for k, card in enumerate(cards):
            money_card(draw, x0 + 14 + k * step, y + 32, card)
        if not cards:
            text(draw, (x0 + 14, y + 70), "—", 18, theme.FAINT)
        y += ROW_H + theme.GAP
    return image
