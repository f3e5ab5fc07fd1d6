"""The public Palazzo table for the channel, drawn from the public view only."""

from __future__ import annotations

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import text
from render.palazzo.common import (
    CARD_W,
    MATERIAL_COLOURS,
    TILE_H,
    TILE_W,
    TOWER_H,
    View,
    badge,
    building_tile,
    framed,
    header,
    money_card,
    new_canvas,
    tile_row,
    tower,
)
from rules.palazzo.components import MATERIALS

MARKET_H = 200
INFO_H = 96
AUCTION_H = 150
PENDING_H = 70
SEAT_H = 58 + TOWER_H + 28


def waiting_text(view: View, names: list[str], locale: str | None) -> str:
    """`waiting for Ada to bid` (or the result once over)."""
    if view["phase"] == "over":
        winners = ", ".join(names[s] for s in view["result"]["winners"])
        return t("palazzo.render.winner", locale, names=winners)
    seat = view["to_act"][0]
    return t(f"palazzo.render.waiting.{view['phase']}", locale, name=names[seat])


def table_picture(view: View, names: list[str], locale: str | None) -> Image.Image:
    """Warehouse and quarries, knights, stacks, money, the auction, and every seat's palazzi.
    Raises ValueError unless `view` is the public view."""
    if view.get("seat") is not None or "hand" in view:
        raise ValueError("table_picture draws only the public view (seat None)")
    n = view["players"]
    height = theme.MARGIN * 2 + 58 + MARKET_H + INFO_H + 2 * theme.GAP
    height += (AUCTION_H + theme.GAP) if view["auction"] else 0
    height += (PENDING_H + theme.GAP) if view["pending"] else 0
    height += n * (SEAT_H + theme.GAP)
    image, draw = new_canvas(height)
    subtitle = t("palazzo.render.turn", locale, turn=view["turn_no"]) + " · "
    subtitle += waiting_text(view, names, locale)
    y = header(draw, t("palazzo.name", locale), subtitle)
    y = _market(draw, view, y, locale)
    y = _info(draw, view, y, locale)
    if view["auction"]:
        y = _auction(draw, view, names, y, locale)
    if view["pending"]:
        y = _pending(draw, view, names, y, locale)
    for seat in range(n):
        y = _seat(draw, view, seat, names, y, locale)
    return image


def _market(draw: ImageDraw.ImageDraw, view: View, y: int, locale: str | None) -> int:
    x = theme.MARGIN
    ware_w = 3 * (TILE_W + 6) + 24
    framed(
        draw,
        (x, y, x + ware_w, y + MARKET_H),
        t("palazzo.render.warehouse", locale, price=view["price"]),
    )
    tiles = view["warehouse"]
    for k, tile in enumerate(tiles[:12]):
        row, col = divmod(k, 3)
        building_tile(draw, x + 12 + col * (TILE_W + 6), y + 36 + row * (TILE_H + 6), tile)
    qx: float = x + ware_w + theme.GAP
    q_w = (theme.WIDTH - theme.MARGIN - qx - 3 * theme.GAP) / 4
    for q in range(4):
        number = view["numbers"][q]
        box = (qx, y, qx + q_w, y + MARKET_H)
        title = t("palazzo.render.quarry", locale, number=number)
        framed(draw, box, title)
        if number == 0:
            badge(draw, qx + 12, y + 44, t("palazzo.render.master", locale), True)
        tiles = view["quarries"][q]
        top = y + (62 if number == 0 else 36)
        step = min(TILE_H + 4, (y + MARKET_H - 10 - TILE_H - top) / max(1, len(tiles) - 1))
        for k, tile in enumerate(tiles):
            building_tile(draw, qx + (q_w - TILE_W) / 2, top + k * step, tile)
        qx += q_w + theme.GAP
    return y + MARKET_H + theme.GAP


def _info(draw: ImageDraw.ImageDraw, view: View, y: int, locale: str | None) -> int:
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    framed(draw, (x0, y, x1, y + INFO_H), t("palazzo.render.supplies", locale))
    x: float = x0 + 14
    for stack in view["stacks"]:
        words = t("palazzo.render.stack", locale, name=stack["name"], count=stack["count"])
        x += text(draw, (x, y + 52), words, 16, theme.TEXT, True) + 18
    knights = len(view["knights"])
    text(draw, (x, y + 52), t("palazzo.render.knights", locale), 16, theme.TEXT, True)
    x += 80
    for k in range(5):
        colour = theme.GOLD if k < knights else theme.PANEL_DIM
        draw.ellipse((x + k * 24, y + 36, x + k * 24 + 20, y + 56), fill=colour, outline=theme.INK)
    x += 5 * 24 + 20
    words = t(
        "palazzo.render.money_supply",
        locale,
        deck=view["deck_count"],
        discard=len(view["discard"]),
    )
    text(draw, (x0 + 14, y + 82), words, 14, theme.MUTED)
    lx: float = x1 - 14
    for material in reversed(MATERIALS):  # a legend of the materials' colours
        name = t(f"palazzo.material.{material}", locale)
        lx -= text(draw, (lx, y + 82), name, 13, theme.MUTED, anchor="rs") + 24
        draw.rounded_rectangle(
            (lx, y + 70, lx + 18, y + 84), radius=3, fill=MATERIAL_COLOURS[material]
        )
        lx -= 10
    if view["display"]:
        label = t("palazzo.render.display", locale)
        x += text(draw, (x, y + 52), label, 15, theme.TEXT, True) + 8
        for k, card in enumerate(view["display"]):
            money_card(draw, x + k * (CARD_W * 0.8 + 6), y + 24, card, 0.8)
    return y + INFO_H + theme.GAP


def _auction(
    draw: ImageDraw.ImageDraw, view: View, names: list[str], y: int, locale: str | None
) -> int:
    auction = view["auction"]
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    framed(draw, (x0, y, x1, y + AUCTION_H), t("palazzo.render.auction", locale))
    tile_row(draw, x0 + 12, y + 36, auction["tiles"], 3 * (TILE_W + 6))
    x = x0 + 12 + 3 * (TILE_W + 6) + 10
    col_w = (x1 - x - 10) / view["players"]
    for seat in range(view["players"]):
        cx = x + seat * col_w
        offer = auction["offers"][seat]
        high = seat == auction["high"]
        text(
            draw,
            (cx, y + 30),
            names[seat],
            15,
            theme.GOLD if high else theme.TEXT,
            True,
            max_width=col_w - 8,
        )
        if auction["passed"][seat]:
            words = t("palazzo.render.passed", locale)
        elif offer is None:
            words = t("palazzo.render.no_bid", locale)
        else:
            words = t("palazzo.render.bid", locale, total=offer["total"])
        text(draw, (cx, y + 52), words, 15, theme.MUTED if auction["passed"][seat] else theme.TEXT)
        if offer is not None:
            cards = offer["cards"]
            if seat == auction["opener"]:
                badge(draw, cx, y + 70, t("palazzo.render.neutral", locale))
            step = min(CARD_W * 0.7 + 4, (col_w - 10 - CARD_W * 0.7) / max(1, len(cards) - 1))
            for k, card in enumerate(cards):
                money_card(draw, cx + k * step, y + 84, card, 0.7)
    return y + AUCTION_H + theme.GAP


def _pending(
    draw: ImageDraw.ImageDraw, view: View, names: list[str], y: int, locale: str | None
) -> int:
    pending = view["pending"]
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    key = "palazzo.render.distributing" if pending["distribute"] else "palazzo.render.building"
    framed(draw, (x0, y, x1, y + PENDING_H), t(key, locale, name=names[pending["seat"]]))
    tile_row(draw, x0 + 12, y + 32, pending["tiles"], x1 - x0 - 24)
    return y + PENDING_H + theme.GAP


def _seat(
    draw: ImageDraw.ImageDraw, view: View, seat: int, names: list[str], y: int, locale: str | None
) -> int:
    info = view["seats"][seat]
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    acting = seat in view["to_act"]
    framed(draw, (x0, y, x1, y + SEAT_H), "")
    if acting:
        draw.rounded_rectangle(
            (x0, y, x1, y + SEAT_H), radius=theme.RADIUS, outline=theme.GOLD, width=3
        )
    text(
        draw,
        (x0 + 14, y + 28),
        names[seat],
        20,
        theme.GOLD if acting else theme.TEXT,
        True,
        max_width=420,
    )
    words = t("palazzo.render.seat", locale, cards=info["hand_count"], points=info["score"])
    text(draw, (x1 - 14, y + 28), words, 16, theme.MUTED, anchor="rs")
    if view["active"] == seat and view["phase"] != "over":
        badge(draw, x0 + 450, y + 22, t("palazzo.render.active", locale), True)
    bottom = y + 46 + TOWER_H
    room = int((x1 - x0 - 24) // (TILE_W + 14))
    palazzi = info["palazzi"]
    for k, palazzo in enumerate(palazzi[:room]):
        x = x0 + 12 + k * (TILE_W + 14)
        tower(draw, x, bottom, palazzo, info["points"][k], locale, k + 1)
    if len(palazzi) > room:
        more = t("palazzo.render.more", locale, count=len(palazzi) - room)
        text(draw, (x1 - 14, bottom), more, 14, theme.MUTED, anchor="rs")
    if not palazzi:
        text(draw, (x0 + 14, y + 90), t("palazzo.render.no_palazzo", locale), 15, theme.FAINT)
    return y + SEAT_H + theme.GAP
