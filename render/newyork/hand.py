"""A player's private picture: their money by bank (each bank's cards and total) and their own
city, with the spot labels while they place a building, and the legend. Drawn from that seat's
own view only, 600 px wide for a phone."""

from __future__ import annotations

from PIL import Image

from i18n import t
from render.draw import canvas, card_step, panel
from render.newyork.city import city_height, draw_city
from render.newyork.common import (
    GAP,
    INNER,
    MARGIN,
    VALUE,
    WIDTH,
    View,
    bank_pill,
    draw_money,
    header,
    legend,
    legend_height,
)
from rules.newyork.components import BANKS, MONEY

BANK_H = 112
CARD_W, CARD_H = 48, 64


def hand_picture(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The seat's money and city. Raises ValueError for the public view."""
    seat = view.get("seat")
    if seat is None or "hand" not in view:
        raise ValueError("hand_picture needs a seat's own view")
    width = WIDTH
    height = 60 + 2 * (BANK_H + GAP) + city_height(view, seat, INNER) + GAP
    height += legend_height(street=True) + MARGIN
    image, draw = canvas(height, width)
    y = header(draw, t("newyork.render.hand_title", locale))
    half = (INNER - GAP) / 2
    for i, bank in enumerate(BANKS):
        row, col = divmod(i, 2)
        x = MARGIN + col * (half + GAP)
        top = y + row * (BANK_H + GAP)
        cards = [c for c in view["hand"] if MONEY[c].bank == bank]
        panel(draw, (x, top, x + half, top + BANK_H))
        words = t(
            "newyork.render.bank_total",
            locale,
            bank=t(f"newyork.bank.{bank}", locale),
            total=sum(MONEY[c].value for c in cards),
        )
        bank_pill(draw, bank, (x + 5, top + 5, x + half - 5, top + 39), words, VALUE)
        step = card_step(len(cards), CARD_W, half - 20, gap=6)
        for k, card in enumerate(cards):
            draw_money(draw, card, x + 10 + k * step, top + 44, CARD_W, CARD_H)
    y += 2 * (BANK_H + GAP)
    y = draw_city(image, draw, view, seat, names, (MARGIN, y, INNER), locale)
    legend(draw, y, locale, width=width, street=True)
    return image
