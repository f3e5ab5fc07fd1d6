"""The public table of a New York card game: whose turn, the yard with each slot's currency
and building, the money on offer, the decks and scorings, and every player's buildings by type
with their points (Dirk's too). Drawn from the public view only."""

from __future__ import annotations

from PIL import Image

from i18n import t
from render import draw as d
from render import theme
from render.nycards.common import (
    MONEY_H,
    View,
    building_box,
    currency_colour,
    ink_on,
    money_tile,
    seat_name,
    type_chip,
    type_colour,
)
from rules.nycards.components import SLOT_CURRENCY, TYPE_IDS, building_label, type_name
from rules.nycards.scoring import type_counts

ROW_H = 52


def header(view: View, names: list[str], locale: str | None) -> str:
    """The line at the top: whose turn and how many actions, or the end."""
    if view["phase"] == "over":
        return t("render.nycards.over", locale)
    return t(
        "render.nycards.turn",
        locale,
        turn=view["turn_no"],
        name=seat_name(view["current"], names, locale),
        actions=view["actions"] + 1,
    )


def table_picture(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The public table picture."""
    seats = view["players"] + (1 if view["dirk"] else 0)
    height = 520 + seats * ROW_H
    image, draw = d.canvas(height)
    m, w = theme.MARGIN, theme.WIDTH
    d.text(draw, (m + 8, 44), header(view, names, locale), 26, theme.GOLD, True, max_width=w - 60)
    if view["pending"]:
        line = t(
            "render.nycards.pending",
            locale,
            name=seat_name(view["current"], names, locale),
            building=building_label(view["pending"]["building"], locale),
        )
        d.text(draw, (m + 8, 74), line, 18, theme.TEXT, max_width=w - 60)
    # The yard.
    d.text(draw, (m + 8, 108), t("render.nycards.yard", locale), 20, theme.MUTED, True)
    slot_w = (w - 2 * m - 3 * theme.GAP) / 4
    for slot, building in enumerate(view["yard"]):
        x0 = m + slot * (slot_w + theme.GAP)
        currency = SLOT_CURRENCY[slot]
        colour = currency_colour(currency)
        band = (x0, 118, x0 + slot_w, 150)
        draw.rounded_rectangle(band, radius=8, fill=colour)
        label = t(
            "render.nycards.slot",
            locale,
            slot=slot + 1,
            currency=t(f"nycards.currency.{currency}", locale),
        )
        d.text(draw, (x0 + slot_w / 2, 134), label, 17, ink_on(colour), True, anchor="mm")
        building_box(draw, (x0 + 6, 158, x0 + slot_w - 6, 270), building, locale)
    # The money on offer and the decks.
    d.text(draw, (m + 8, 304), t("render.nycards.display", locale), 20, theme.MUTED, True)
    d.lay_cards(image, [money_tile(c) for c in view["display"]], m + 8, 316, 4 * 72)
    info_x = m + 340
    decks = t(
        "render.nycards.decks",
        locale,
        buildings=view["building_deck_count"],
        money=view["money_deck_count"],
        discard=view["discard_count"],
    )
    d.text(draw, (info_x, 336), decks, 18, theme.TEXT, max_width=w - info_x - m)
    done = ", ".join(s["scoring"] for s in view["scorings"]) or t("render.nycards.none", locale)
    left = ", ".join(view["scorings_left"]) or t("render.nycards.none", locale)
    scorings = t("render.nycards.scorings", locale, done=done, left=left)
    d.text(draw, (info_x, 366), scorings, 18, theme.TEXT, max_width=w - info_x - m)
    # The legend of the type columns (the chips below follow this order).
    x: float = info_x
    for type_id in TYPE_IDS:
        type_chip(draw, (x, 388), type_id, 0, 16)
        draw.rectangle((x, 388, x + 16, 404), fill=type_colour(type_id))
        x += 22 + d.text(draw, (x + 22, 402), type_name(type_id, locale), 15, theme.MUTED) + 14
    # Every player's buildings and points.
    top = 316 + MONEY_H + 40
    for seat in range(seats):
        y = top + seat * ROW_H
        dirk = seat == view["players"]
        acting = not dirk and seat in view["to_act"]
        winner = not dirk and seat in view["winners"]
        outline = theme.GOLD if acting or winner else theme.PANEL_LINE
        d.panel(draw, (m, y, w - m, y + ROW_H - 8), theme.PANEL, outline)
        mid = y + (ROW_H - 8) / 2
        name = seat_name(seat, names, locale)
        d.text(
            draw,
            (m + 14, mid + 7),
            name,
            20,
            theme.GOLD if winner else theme.TEXT,
            True,
            max_width=220,
        )
        if not dirk:
            count = t("render.nycards.cards", locale, count=view["hand_counts"][seat])
            d.text(draw, (m + 250, mid + 6), count, 17, theme.MUTED)
        owned = view["dirk_buildings"] if dirk else view["buildings"][seat]
        counts = type_counts(owned)
        for i, type_id in enumerate(TYPE_IDS):
            type_chip(draw, (m + 380 + i * 46, mid - 17), type_id, counts[type_id])
        points = view["dirk_score"] if dirk else view["scores"][seat]
        d.pill(
            draw,
            (w - m - 14, mid),
            t("render.nycards.points", locale, points=points),
            18,
            theme.GOLD if winner else theme.PANEL_LINE,
            theme.INK if winner else theme.TEXT,
            align="right",
        )
    return image
