"""A seat's private money in the New York card game, 600 px wide for phones: one row per
currency with its total, what that currency buys in the yard now, and its cards (drawn from the
seat's own view only)."""

from __future__ import annotations

from PIL import Image

from i18n import t
from render import draw as d
from render import theme
from render.nycards.common import (
    BODY,
    KEY,
    MONEY_H,
    PAD,
    SMALL,
    TITLE,
    WIDTH,
    M,
    View,
    coin,
    currency_word,
    money_row,
    seat_name,
)
from rules.nycards.components import BUILDINGS, CURRENCY_OF, SLOT_CURRENCY, VALUE, building_label

ROW = MONEY_H + 2 * PAD + 4
TOP = M + 50
INFO_COL = 200


def hand_picture(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The hand: one row per currency (slot order) with its cards, its total and whether it
    pays for the building in its yard slot now."""
    hand = view.get("hand") or []
    image, draw = d.canvas(TOP + (ROW + 8) * len(SLOT_CURRENCY) + M - 8, WIDTH)
    name = seat_name(view["seat"], names, locale)
    title = t("render.nycards.hand_title", locale, name=name)
    d.text(draw, (M + PAD, M + 30), title, TITLE, theme.GOLD, True, max_width=WIDTH - 2 * M - 24)
    for row, currency in enumerate(SLOT_CURRENCY):
        y = TOP + row * (ROW + 8)
        cards = sorted((c for c in hand if CURRENCY_OF[c] == currency), key=lambda c: VALUE[c])
        total = sum(VALUE[c] for c in cards)
        d.panel(draw, (M, y, WIDTH - M, y + ROW), theme.PANEL, theme.PANEL_LINE)
        x = M + PAD
        coin(draw, (x + 11, y + 22), 11, currency)
        d.text(
            draw,
            (x + 28, y + 22),
            currency_word(currency, locale),
            BODY,
            theme.TEXT,
            True,
            anchor="lm",
            max_width=INFO_COL - 40,
        )
        words = (
            t("render.nycards.total", locale, total=total)
            if cards
            else t("render.nycards.no_money", locale)
        )
        d.text(
            draw,
            (x, y + 58),
            words,
            KEY if cards else BODY,
            theme.GOLD if cards else theme.FAINT,
            True,
            max_width=INFO_COL - PAD,
        )
        building = view["yard"][row] if "yard" in view else None
        if building is not None:
            price = BUILDINGS[building].price
            key = "render.nycards.pic.can_buy" if total >= price else "render.nycards.pic.buys"
            line = t(key, locale, building=building_label(building, locale))
            colour = theme.GOOD if total >= price else theme.MUTED
            d.text(draw, (x, y + 84), line, SMALL, colour, max_width=INFO_COL - PAD)
        room = WIDTH - M - PAD - (M + INFO_COL)
        money_row(draw, cards, M + INFO_COL, y + PAD + 2, room)
    return image
