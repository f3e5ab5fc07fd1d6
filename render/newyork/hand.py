"""A player's private picture: their money by bank (with totals) and their own city, with the
spot labels while they place a tile. Drawn from that seat's own view only."""

from __future__ import annotations

from PIL import Image

from i18n import t
from render import theme
from render.draw import canvas, panel, text
from render.newyork.city import city_height, draw_city
from render.newyork.common import BANK_FILL, View, draw_money, header, ink_on
from rules.newyork.components import BANKS, MONEY

INNER = theme.WIDTH - 2 * theme.MARGIN
BANK_H = 112


def hand_picture(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The seat's money and city. Raises ValueError for the public view."""
    seat = view.get("seat")
    if seat is None or "hand" not in view:
        raise ValueError("hand_picture needs a seat's own view")
    height = theme.MARGIN + 44 + BANK_H + theme.GAP + city_height(view, seat, INNER)
    height += theme.GAP + theme.MARGIN
    image, draw = canvas(height)
    y = header(draw, t("newyork.render.hand_title", locale), "")
    width = (INNER - 3 * 10) / 4
    for i, bank in enumerate(BANKS):
        x = theme.MARGIN + i * (width + 10)
        cards = [c for c in view["hand"] if MONEY[c].bank == bank]
        panel(draw, (x, y, x + width, y + BANK_H))
        fill = BANK_FILL[bank]
        draw.rounded_rectangle((x + 6, y + 6, x + width - 6, y + 32), radius=8, fill=fill)
        title = t(
            "newyork.render.bank_total",
            locale,
            bank=t(f"newyork.bank.{bank}", locale),
            total=sum(MONEY[c].value for c in cards),
        )
        text(draw, (x + width / 2, y + 19), title, 16, ink_on(fill), True, "mm")
        step = min(44.0, (width - 56) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        for k, card in enumerate(cards):
            draw_money(draw, card, x + 10 + k * step, y + 40, 40, 62)
    y += BANK_H + theme.GAP
    draw_city(image, draw, view, seat, names, (theme.MARGIN, y, INNER), locale)
    return image
