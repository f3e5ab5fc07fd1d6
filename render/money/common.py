"""Pieces shared by Money's pictures: names, the header, currency chips, match winners."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.cards import back_tile, currency_colour
from render.draw import panel, pill, text, width_of
from rules.money.components import CURRENCIES, CURRENCY_BY_CODE, VALUE

View = Mapping[str, Any]
WHITE = (255, 255, 255)


def seat_name(names: list[str], seat: int, locale: str | None) -> str:
    """The display name of `seat`, or "Seat N" when `names` has none for it."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return t("render.money.seat", locale, seat=seat + 1)


def cards_total(cards: list[int]) -> int:
    """Face value of some cards (bluff cards count 0)."""
    return sum(VALUE[c] for c in cards)


def currency_name(code: str, locale: str | None) -> str:
    """A currency's name in `locale`."""
    return t(f"render.money.currency.{code.lower()}", locale)


def symbol(code: str) -> str:
    """A currency's symbol ("?" if unknown)."""
    return CURRENCY_BY_CODE[code].symbol if code in CURRENCY_BY_CODE else "?"


def in_currency_order(codes: list[str] | set[str]) -> list[str]:
    """`codes` in the fixed order of the components table."""
    return [c.code for c in CURRENCIES if c.code in codes]


def match_winners(view: View) -> list[int]:
    """Seats that won the match ([] unless the match is over)."""
    return list(view["winners"])


def status_line(view: View, locale: str | None) -> str:
    """The hand and round, e.g. "Hand 1 of 3  ·  Round 5"."""
    hand = t("render.money.hand_of", locale, hand=view["hand_no"], hands=view["hands_total"])
    return f"{hand}  ·  {t('render.money.round', locale, round=view['round'])}"


def header(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: View, title: str, locale: str | None
) -> int:
    """Title, hand and round on the left; final round and deck on the right. Returns next y."""
    x, y = theme.MARGIN + 4, theme.MARGIN
    right: float = theme.WIDTH - theme.MARGIN - 4
    mid = y + 22
    if view["phase"] == "over":
        text(draw, (x, mid), title, 30, theme.GOLD, bold=True, anchor="lm", max_width=right - x)
        return y + 44 + theme.GAP
    deck = t("render.money.deck", locale, count=view["deck_count"])
    right -= text(draw, (right, mid), deck, 22, theme.TEXT, bold=True, anchor="rm") + 10
    tile = back_tile(24)
    image.paste(tile, (round(right - tile.width), round(mid - tile.height / 2)), tile)
    right -= tile.width + 18
    if view["final_round"]:
        box = pill(
            draw,
            (right, mid),
            t("render.money.final_round", locale),
            20,
            theme.GOLD,
            theme.INK,
            align="right",
        )
        right = box[0] - 14
    title_w = text(
        draw, (x, mid), title, 30, theme.GOLD, bold=True, anchor="lm", max_width=(right - x) / 2
    )
    text(
        draw,
        (x + title_w + 20, mid),
        status_line(view, locale),
        22,
        theme.TEXT,
        anchor="lm",
        max_width=right - x - title_w - 30,
    )
    return y + 44 + theme.GAP


CHIPS_HEIGHT = 32 + theme.GAP


def currency_chips(draw: ImageDraw.ImageDraw, codes: list[str], y: int, locale: str | None) -> int:
    """A coloured chip per currency in play (names, or codes when names do not fit); next y."""
    x: float = theme.MARGIN + 4
    mid = y + 16
    x += text(draw, (x, mid), t("render.money.in_play", locale), 20, theme.MUTED, anchor="lm") + 12
    room = theme.WIDTH - theme.MARGIN - x
    labels = [f"{symbol(c)}  {currency_name(c, locale)}" for c in codes]
    if sum(width_of(w, 18, True) + 36 for w in labels) > room:
        labels = [f"{symbol(c)}  {c}" for c in codes]
    for code, label in zip(codes, labels, strict=True):
        box = pill(draw, (x, mid), label, 18, currency_colour(code), WHITE)
        x = box[2] + 10
    return y + CHIPS_HEIGHT


BANNER_HEIGHT = 130  # the match result banner


def winner_banner(
    draw: ImageDraw.ImageDraw, view: View, names: list[str], y: int, locale: str | None
) -> int:
    """The match result: winners by name and the rule that decided. Returns the next y."""
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    panel(
        draw,
        (x0, y, x1, y + BANNER_HEIGHT),
        fill=theme.mix(theme.PANEL, theme.GOLD, 0.15),
        outline=theme.GOLD,
        width=3,
    )
    winners = [seat_name(names, s, locale) for s in match_winners(view)]
    key = "render.money.winner" if len(winners) == 1 else "render.money.winners"
    mid = (x0 + x1) / 2
    text(
        draw,
        (mid, y + 30),
        t("render.money.match_over", locale),
        24,
        theme.MUTED,
        bold=True,
        anchor="mm",
    )
    text(
        draw,
        (mid, y + 70),
        "★ " + t(key, locale, names=", ".join(winners)) + " ★",
        34,
        theme.GOLD,
        bold=True,
        anchor="mm",
        max_width=x1 - x0 - 40,
    )
    rule = t(f"render.money.rule.{view['options'].get('match', 'most_hands')}", locale)
    text(draw, (mid, y + 108), rule, 18, theme.MUTED, anchor="mm", max_width=x1 - x0 - 40)
    return y + BANNER_HEIGHT + theme.GAP
