"""The public New York table for the channel, drawn from the public view only: the market with
banks and prices, the money display, every player's score, money and reserve counts and
building counts, Dirk, the deck and bag, and the acting player's city (with the spot labels
while they place a tile)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import canvas, panel, text
from render.newyork.city import city_height, draw_city
from render.newyork.common import (
    BANK_FILL,
    TYPE_FILL,
    View,
    draw_money,
    draw_tile,
    header,
    ink_on,
    seat_name,
)
from rules.newyork.components import BANKS, TILES
from rules.newyork.scoring import type_counts

MARKET_H = 170
STRIP_H = 44
INNER = theme.WIDTH - 2 * theme.MARGIN


def table_picture(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The public table. Raises ValueError unless `view` is the public view."""
    if view.get("seat") is not None or "hand" in view:
        raise ValueError("table_picture draws only the public view (seat None)")
    n = view["players"]
    acting = view["to_act"][0] if view["to_act"] else None
    rows = n + (1 if view["dirk"] else 0)
    height = theme.MARGIN + 44 + MARKET_H + theme.GAP + rows * STRIP_H + 40 + theme.MARGIN
    if acting is not None:
        height += city_height(view, acting, INNER) + theme.GAP
    image, draw = canvas(height)
    right = t(
        "newyork.render.counts",
        locale,
        turn=view["turn_no"],
        bag=view["bag_count"],
        deck=view["deck_count"],
        scorings=", ".join(s["name"] for s in view["scorings"]) or "—",
    )
    y = header(draw, t("newyork.name", locale), right)
    y = _market(draw, view, y, locale)
    y = _players(draw, view, names, y, locale)
    if acting is not None:
        draw_city(image, draw, view, acting, names, (theme.MARGIN, y, INNER), locale)
    return image


def _market(draw: ImageDraw.ImageDraw, view: View, y: int, locale: str | None) -> int:
    slot_w = 150
    for slot, bank in enumerate(BANKS):
        x = theme.MARGIN + slot * (slot_w + 10)
        fill = BANK_FILL[bank]
        panel(draw, (x, y, x + slot_w, y + MARKET_H))
        draw.rounded_rectangle((x + 6, y + 6, x + slot_w - 6, y + 34), radius=8, fill=fill)
        label = f"{slot + 1} · {t(f'newyork.bank.{bank}', locale)}"
        text(draw, (x + slot_w / 2, y + 20), label, 17, ink_on(fill), True, "mm")
        tile = view["market"][slot]
        if tile is None:
            text(draw, (x + slot_w / 2, y + 100), "—", 30, theme.FAINT, anchor="mm")
            continue
        draw_tile(draw, tile, x + (slot_w - 84) / 2, y + 44, 84)
        kind = t(f"newyork.type.{TILES[tile].type}", locale)
        text(draw, (x + slot_w / 2, y + 154), f"{kind} #{tile}", 15, theme.TEXT, anchor="mm")
    x = theme.MARGIN + 4 * (slot_w + 10) + 6
    width = theme.WIDTH - theme.MARGIN - x
    panel(draw, (x, y, x + width, y + MARKET_H))
    text(draw, (x + 14, y + 28), t("newyork.render.display", locale), 18, theme.TEXT, True)
    for i, card in enumerate(view["display"]):
        draw_money(draw, card, x + 14 + i * 58, y + 44, 50, 70)
    paying = view["paying"]
    if paying is not None:
        line = t("newyork.render.paying", locale, slot=paying["slot"] + 1)
        text(draw, (x + 14, y + 128), line, 16, theme.GOLD, True, max_width=width - 28)
        for i, card in enumerate(paying["paid"][:8]):
            draw_money(draw, card, x + 14 + i * 30, y + 136, 26, 26)
    return y + MARKET_H + theme.GAP


def _players(
    draw: ImageDraw.ImageDraw, view: View, names: list[str], y: int, locale: str | None
) -> int:
    text(draw, (theme.MARGIN + 8, y + 22), t("newyork.render.players", locale), 16, theme.MUTED)
    y += 32
    rows = [(s, seat_name(names, s)) for s in range(view["players"])]
    if view["dirk"]:
        rows.append((-1, t("newyork.render.dirk", locale)))
    for seat, name in rows:
        acting = seat in view["to_act"]
        panel(
            draw,
            (theme.MARGIN, y, theme.WIDTH - theme.MARGIN, y + STRIP_H - 6),
            fill=theme.PANEL if not acting else theme.PANEL_LINE,
        )
        mid = y + (STRIP_H - 6) / 2 + 7
        text(
            draw,
            (theme.MARGIN + 14, mid),
            ("▶ " if acting else "") + name,
            18,
            theme.TEXT,
            True,
            max_width=240,
        )
        if seat >= 0:
            tiles = [tile for _x, _y, tile in view["cities"][seat]]
            score = view["scores"][seat]
            info = t(
                "newyork.render.seat_info",
                locale,
                score=score,
                money=view["hand_counts"][seat],
                reserve=len(view["reserves"][seat]),
            )
        else:
            tiles = view["dirk_tiles"]
            info = t("newyork.render.dirk_info", locale, score=view["dirk_score"])
        text(draw, (theme.MARGIN + 270, mid), info, 17, theme.TEXT, max_width=380)
        cx = theme.MARGIN + 670
        for kind, count in type_counts(tiles).items():
            draw.rectangle((cx, mid - 16, cx + 18, mid + 2), fill=TYPE_FILL[kind])
            text(draw, (cx + 24, mid), str(count), 17, theme.TEXT, True)
            cx += 62
        y += STRIP_H
    return y + 8
