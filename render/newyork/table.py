"""The public New York table for the channel, drawn from the public view only, 600 px wide so a
phone shows it readably: whose turn (or who won); while playing, the market (bank, building,
price; what is paid so far) and the money display; what the last move took, bought or placed
(framed in gold); every player's points, money cards, reserve and buildings per type (Dirk's
too; the winners crowned); the city of the player placing a building (with its spot labels);
the legend of colours and symbols."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import canvas, panel, text, width_of
from render.newyork.city import city_height, draw_city
from render.newyork.common import (
    GAP,
    INNER,
    LABEL,
    MARGIN,
    NEW,
    SMALL,
    TITLE,
    VALUE,
    WIDTH,
    View,
    bank_pill,
    draw_money,
    draw_tile,
    legend,
    legend_height,
    seat_name,
    type_square,
    winner_badge,
)
from render.newyork.last import changes, draw_strip, new_tiles, strip_height
from rules.newyork.components import BANKS, MONEY, TILES
from rules.newyork.scoring import type_counts

HEAD_H = 92
SLOT_GAP = 8
SLOT_W = (INNER - 3 * SLOT_GAP) // 4
MARKET_H = 168
MARKET_TILE = 72
DISPLAY_H = 104
ROW_H = 80  # a player's panel, one per row
ROW_H_NARROW = 108  # a player's panel, two per row


def table_picture(
    view: View, names: list[str], locale: str | None, last: Sequence[dict[str, Any]] = ()
) -> Image.Image:
    """The public table, with what the `last` events (the last move's) changed framed in gold.
    Raises ValueError unless `view` is the public view."""
    if view.get("seat") is not None or "hand" in view:
        raise ValueError("table_picture draws only the public view (seat None)")
    acting = view["to_act"][0] if view["phase"] == "place" and view["to_act"] else None
    found = changes(last)
    playing = view["phase"] != "over"  # at the end the market and the display are over too
    height = HEAD_H + strip_height(found)
    if playing:
        height += MARKET_H + GAP + DISPLAY_H + GAP
    height += players_height(view) + legend_height(playing, street=acting is not None) + MARGIN
    if acting is not None:
        height += city_height(view, acting, INNER) + GAP
    image, draw = canvas(height, WIDTH)
    y = _head(draw, view, names, locale)
    if playing:
        y = _market(draw, view, y, locale)
        y = _display(draw, view, y, locale)
    y = draw_strip(draw, found, y, names, locale)
    y = _players(draw, view, names, y, locale)
    if acting is not None:
        box = (MARGIN, y, INNER)
        y = draw_city(image, draw, view, acting, names, box, locale, new_tiles(last))
    legend(draw, y, locale, playing, street=acting is not None)
    return image


def fact(draw: ImageDraw.ImageDraw, x: float, y: float, label: str, value: str) -> float:
    """`label value`: the label small and muted, the value large; returns the x after it."""
    x += text(draw, (x, y), label, SMALL, theme.MUTED) + 6
    return x + text(draw, (x, y), value, VALUE, theme.TEXT, True) + 20


def headline(view: View, names: list[str], locale: str | None) -> str:
    """Whose turn it is and what they do, or who won."""
    if view["phase"] == "over":
        winners = " & ".join(seat_name(names, s) for s in view["winners"])
        return t("newyork.render.game_over", locale, names=winners)
    if not view["to_act"]:
        return t("newyork.name", locale)
    name = seat_name(names, view["to_act"][0])
    if view["phase"] == "place":
        return t("newyork.render.turn_place", locale, name=name)
    if view["paying"] is not None:
        return t("newyork.render.turn_pay", locale, name=name)
    return t("newyork.render.turn", locale, name=name)


def _head(draw: ImageDraw.ImageDraw, view: View, names: list[str], locale: str | None) -> int:
    y = MARGIN + 32
    title = headline(view, names, locale)
    mark = "▶ " if view["to_act"] else ""
    if view["phase"] == "over" and width_of(title, TITLE, True) > INNER - 16:
        title = t("newyork.render.game_over_short", locale)  # the crowned rows name them
    text(draw, (MARGIN + 8, y), mark + title, TITLE, theme.GOLD, True, max_width=INNER - 16)
    y += 38
    x: float = MARGIN + 8
    x = fact(draw, x, y, t("newyork.render.turn_no", locale), str(view["turn_no"]))
    x = fact(draw, x, y, t("newyork.render.bag", locale), str(view["bag_count"]))
    x = fact(draw, x, y, t("newyork.render.deck", locale), str(view["deck_count"]))
    scored = ", ".join(s["name"] for s in view["scorings"]) or "—"
    fact(draw, x, y, t("newyork.render.scored", locale), scored)
    return HEAD_H


def _market(draw: ImageDraw.ImageDraw, view: View, y: int, locale: str | None) -> int:
    """The four market spaces: bank bar, building (symbol, price, streets) and its type; the
    space being paid for framed in gold with what is paid so far."""
    paying = view["paying"]
    for slot, bank in enumerate(BANKS):
        x = MARGIN + slot * (SLOT_W + SLOT_GAP)
        being_paid = paying is not None and paying["slot"] == slot
        outline = NEW if being_paid else theme.PANEL_LINE
        panel(draw, (x, y, x + SLOT_W, y + MARKET_H), outline=outline, width=3 if being_paid else 2)
        bank_pill(
            draw, bank, (x + 5, y + 5, x + SLOT_W - 5, y + 35), t(f"newyork.bank.{bank}", locale)
        )
        tile = view["market"][slot]
        mid = x + SLOT_W / 2
        if tile is None:
            text(draw, (mid, y + 90), "—", TITLE, theme.FAINT, anchor="mm")
            continue
        draw_tile(draw, tile, mid - MARKET_TILE / 2, y + 44, MARKET_TILE)
        if being_paid:
            paid = sum(MONEY[c].value for c in paying["paid"])
            head = t("newyork.render.paid_head", locale)
            text(draw, (mid, y + 134), head, SMALL, theme.GOLD, anchor="mm", max_width=SLOT_W - 8)
            words = t("newyork.render.paid", locale, paid=paid, price=TILES[tile].price)
            text(draw, (mid, y + 156), words, VALUE, theme.GOLD, True, "mm", SLOT_W - 8)
        else:
            kind = t(f"newyork.type.{TILES[tile].type}", locale)
            text(draw, (mid, y + 146), kind, LABEL - 1, theme.TEXT, True, "mm", SLOT_W - 8)
    return y + MARKET_H + GAP


def _display(draw: ImageDraw.ImageDraw, view: View, y: int, locale: str | None) -> int:
    """The money display: up to four cards anyone may take."""
    panel(draw, (MARGIN, y, WIDTH - MARGIN, y + DISPLAY_H))
    words = t("newyork.render.display", locale)
    text(draw, (MARGIN + 14, y + 30), words, LABEL, theme.TEXT, True, max_width=180)
    note = t("newyork.render.display_note", locale).split("\n")
    for k, line in enumerate(note[:2]):
        text(draw, (MARGIN + 14, y + 58 + k * 20), line, SMALL, theme.MUTED, max_width=180)
    for i, card in enumerate(view["display"]):
        draw_money(draw, card, MARGIN + 200 + i * 88, y + 12, 64, DISPLAY_H - 24)
    if not view["display"]:
        text(draw, (MARGIN + 200, y + DISPLAY_H / 2), "—", TITLE, theme.FAINT, anchor="lm")
    return y + DISPLAY_H + GAP


def _player_rows(view: View) -> tuple[int, int, int]:
    """How the player panels are laid out: (columns, panels per column, panel height). Up to
    three panels one per row, two lines each; more in two columns, three lines each."""
    count = view["players"] + (1 if view["dirk"] else 0)
    if count <= 3:
        return 1, count, ROW_H
    return 2, -(-count // 2), ROW_H_NARROW


def players_height(view: View) -> int:
    """The height of the player panels, gap below included."""
    _columns, per_column, height = _player_rows(view)
    return per_column * (height + 6) + GAP - 6


def _players(
    draw: ImageDraw.ImageDraw, view: View, names: list[str], y: int, locale: str | None
) -> int:
    """A panel per player (and Dirk): name, points; money cards, reserve, buildings per type."""
    seats = [(s, seat_name(names, s)) for s in range(view["players"])]
    if view["dirk"]:
        seats.append((-1, t("newyork.render.dirk", locale)))
    columns, _per_column, height = _player_rows(view)
    width = (INNER - (columns - 1) * 8) // columns
    for k, (seat, name) in enumerate(seats):
        row, column = divmod(k, columns)
        x0 = MARGIN + column * (width + 8)
        _player(draw, view, (seat, name), (x0, y + row * (height + 6), width, height), locale)
    return y + players_height(view)


def _player(
    draw: ImageDraw.ImageDraw,
    view: View,
    who: tuple[int, str],
    box: tuple[int, int, int, int],
    locale: str | None,
) -> None:
    """One player's panel at (x, y) of width × height: the name (▶ while they act, a crown and
    "winner" once they won) and points; their money cards and reserve; their buildings per
    type (in a wide panel beside the money, in a narrow one below it)."""
    seat, name = who
    x0, y, width, height = box
    acting = seat in view["to_act"]
    won = view["phase"] == "over" and seat in view["winners"]
    fill = theme.PANEL_LINE if acting else theme.PANEL
    outline = theme.GOLD if acting or won else theme.PANEL_LINE
    panel(draw, (x0, y, x0 + width, y + height), fill, outline, 3 if acting or won else 2)
    top = y + 30
    score = view["scores"][seat] if seat >= 0 else view["dirk_score"]
    points = t("newyork.render.points_of", locale, points=score, count=score)
    right = x0 + width - 12
    used = text(draw, (right, top), points, VALUE, theme.GOLD if won else theme.TEXT, True, "rs")
    x: float = x0 + 12
    colour = theme.GOLD if acting or won else theme.TEXT
    room = right - used - x - 14 - (120 if won else 0)
    x += text(
        draw,
        (x, top),
        ("▶ " if acting else "") + name,
        VALUE,
        colour,
        True,
        max_width=room,
        min_size=VALUE - 1 if acting else SMALL + 2,
    )
    if won:
        winner_badge(draw, x + 8, top - 8, locale)
    low = y + 62
    if seat >= 0:
        tiles = [tile for _x, _y, tile in view["cities"][seat]]
        money = t("newyork.render.money_cards", locale)
        x = fact(draw, x0 + 12, low, money, str(view["hand_counts"][seat]))
        reserve = t("newyork.render.reserve_short", locale)
        fact(draw, x - 8, low, reserve, str(len(view["reserves"][seat])))
    else:
        tiles = view["dirk_tiles"]
        note = t("newyork.render.dirk_note", locale)
        text(draw, (x0 + 12, low), note, SMALL, theme.MUTED, max_width=width - 24)
    wide = height == ROW_H
    _type_row(draw, tiles, right, low if wide else low + 32, 50 if wide else (width - 20) // 6)


def _type_row(
    draw: ImageDraw.ImageDraw, tiles: list[int], right: float, base: float, step: int
) -> None:
    """The count of each building type, ending at `right`, `step` apart: a colour square with
    the type's symbol, then the count."""
    x = right - 6 * step + 8
    for kind, count in type_counts(tiles).items():
        type_square(draw, kind, x, base - 19, 19, 7)
        colour = theme.TEXT if count else theme.FAINT
        text(draw, (x + 22, base), str(count), VALUE, colour, True)
        x += step
