"""A seat's private money in the New York card game, grouped by currency with totals (drawn
from that seat's own view only)."""

from __future__ import annotations

from PIL import Image

from i18n import t
from render import draw as d
from render import theme
from render.nycards.common import MONEY_H, View, currency_colour, ink_on, money_tile, seat_name
from rules.nycards.components import CURRENCY_OF, SLOT_CURRENCY, VALUE

ROW = MONEY_H + 22


def hand_picture(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The hand: one row per currency (slot order), its cards and its total."""
    hand = view.get("hand") or []
    image, draw = d.canvas(90 + ROW * len(SLOT_CURRENCY))
    m, w = theme.MARGIN, theme.WIDTH
    title = t("render.nycards.hand_title", locale, name=seat_name(view["seat"], names, locale))
    d.text(draw, (m + 8, 46), title, 26, theme.GOLD, True, max_width=w - 60)
    for row, currency in enumerate(SLOT_CURRENCY):
        y = 70 + row * ROW
        cards = sorted((c for c in hand if CURRENCY_OF[c] == currency), key=lambda c: VALUE[c])
        colour = currency_colour(currency)
        total = sum(VALUE[c] for c in cards)
        d.panel(draw, (m, y, w - m, y + ROW - 10), theme.PANEL, theme.PANEL_LINE)
        name = t(f"nycards.currency.{currency}", locale)
        d.pill(draw, (m + 14, y + 28), f"{row + 1} · {name}", 18, colour, ink_on(colour))
        words = (
            t("render.nycards.total", locale, total=total)
            if cards
            else t("render.nycards.no_money", locale)
        )
        d.text(draw, (m + 16, y + 70), words, 20, theme.TEXT if cards else theme.FAINT, True)
        d.lay_cards(image, [money_tile(c) for c in cards], m + 200, y + 6, w - 2 * m - 220)
    return image
