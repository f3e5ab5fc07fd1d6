"""The public table of a New York card game, 600 px wide for phones: whose turn, the yard (each
slot's currency as a coin, its building as a house with its price), the money on offer, what the
last move took or bought (outlined in gold with "new"), the legend, and every player's buildings
by type with their points (Dirk's too, marked as not playing to win). Drawn from the public view
only."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from i18n import t
from render import draw as d
from render import theme
from render.nycards.common import (
    BODY,
    KEY,
    LEGEND_HEIGHT,
    MONEY_H,
    NAME,
    PAD,
    SMALL,
    TITLE,
    WIDTH,
    Event,
    M,
    View,
    building_card,
    coin,
    currency_word,
    legend,
    money_row,
    seat_name,
    type_badge,
)
from rules.nycards.components import BUILDINGS, SLOT_CURRENCY, TYPE_IDS, building_label
from rules.nycards.scoring import type_counts

HEAD_H = 70
YARD_H = 24 + 30 + 118 + 8
DISPLAY_H = 24 + MONEY_H + 14
LAST_H = 58
ROW_H = 54
GAP = 10
CHIP = 34
CHIPS_X = 186  # where the building counts start in a player's row


def header(view: View, names: list[str], locale: str | None) -> tuple[str, str]:
    """The two lines at the top: whose turn (large) and what they are doing (small)."""
    if view["phase"] == "over":
        return t("render.nycards.over", locale), t("render.nycards.pic.over_hint", locale)
    name = seat_name(view["current"], names, locale)
    first = t("render.nycards.pic.to_act", locale, name=name)
    if view["pending"]:
        building = building_label(view["pending"]["building"], locale)
        second = t("render.nycards.pic.pending", locale, building=building)
    elif view["actions"]:
        second = t("render.nycards.pic.extra_action", locale, turn=view["turn_no"])
    else:
        second = t("render.nycards.pic.turn", locale, turn=view["turn_no"])
    return first, second


def changes(last: Sequence[Event], dirk: bool) -> tuple[set[int], dict[int, set[str]]]:
    """What the last move changed that the table shows: the yard slots bought from (refilled
    since), and per participant (Dirk as -1) the building types they gained (with Dirk in the
    game a purchase is gained only once kept; given to Dirk, it is his)."""
    slots: set[int] = set()
    gained: dict[int, set[str]] = {}
    for event in last:
        kind = event["type"]
        if kind == "bought":
            slots.add(event["slot"])
        owned = ("kept", "leftover") if dirk else ("bought", "leftover")
        if kind in owned and event.get("seat") is not None:
            gained.setdefault(event["seat"], set()).add(BUILDINGS[event["building"]].type)
        elif kind == "dirk_got":
            gained.setdefault(-1, set()).update(BUILDINGS[b].type for b in event["buildings"])
        elif kind == "gifted":
            gained.setdefault(-1, set()).add(BUILDINGS[event["building"]].type)
    return slots, gained


def moves(last: Sequence[Event]) -> list[Event]:
    """The last move's events worth drawing in the "last move" strip (taking money, buying,
    keeping or giving a building), oldest first."""
    kinds = ("took", "bought", "kept", "gifted", "leftover")
    return [e for e in last if e["type"] in kinds and e.get("seat") is not None]


def table_picture(
    view: View, names: list[str], locale: str | None, last: Sequence[Event] = ()
) -> Image.Image:
    """The public table picture, with what the `last` events changed highlighted."""
    seats = view["players"] + (1 if view["dirk"] else 0)
    rows = _strip_rows(moves(last), names, locale) if moves(last) else []
    over = view["phase"] == "over"  # the yard and the money on offer no longer matter
    height = M + HEAD_H + (0 if over else YARD_H + GAP + DISPLAY_H) + GAP + LEGEND_HEIGHT + GAP
    height += (LAST_H * len(rows) + GAP if rows else 0) + seats * (ROW_H + 6) + M
    image, draw = d.canvas(height, WIDTH)
    first, second = header(view, names, locale)
    d.text(draw, (M + PAD, M + 28), first, TITLE, theme.GOLD, True, max_width=WIDTH - 2 * M - 24)
    d.text(draw, (M + PAD, M + 56), second, BODY, theme.TEXT, max_width=WIDTH - 2 * M - 24)
    slots, gained = changes(last, view["dirk"])
    y: float = M + HEAD_H
    if not over:
        y = _yard(draw, view, slots, y, locale)
        y = _display(draw, view, y + GAP, locale)
    if rows:
        y = _last(draw, rows, names, y + GAP, locale)
    y = legend(draw, y + GAP, locale) + GAP
    for seat in range(seats):
        _player(draw, view, seat, names, gained, y, locale)
        y += ROW_H + 6
    return image


def _yard(
    draw: ImageDraw.ImageDraw, view: View, fresh: set[int], y: float, locale: str | None
) -> float:
    """The four slots: the currency that pays (a coin and its name), the building for sale."""
    d.text(
        draw,
        (M + PAD, y + 16),
        t("render.nycards.pic.yard", locale),
        SMALL,
        theme.MUTED,
        True,
        max_width=WIDTH - 2 * M - 2 * PAD,
    )
    slot_w = (WIDTH - 2 * M - 3 * 8) / 4
    new = t("render.nycards.pic.new", locale)
    for slot, building in enumerate(view["yard"]):
        x0 = M + slot * (slot_w + 8)
        top = y + 24
        currency = SLOT_CURRENCY[slot]
        d.panel(
            draw,
            (x0, top, x0 + slot_w, top + YARD_H - 24),
            theme.PANEL,
            theme.PANEL_LINE,
            radius=10,
        )
        coin(draw, (x0 + 20, top + 16), 10, currency)
        d.text(
            draw,
            (x0 + 36, top + 16),
            currency_word(currency, locale),
            BODY,
            theme.TEXT,
            True,
            anchor="lm",
            max_width=slot_w - 40,
        )
        box = (x0 + 8, top + 34, x0 + slot_w - 8, top + 34 + 110)
        if building is None:
            d.text(
                draw,
                ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                t("render.nycards.empty", locale),
                SMALL,
                theme.FAINT,
                anchor="mm",
            )
            continue
        building_card(draw, box, building, locale)
        if slot in fresh:
            d.highlight(draw, box, new, SMALL, width=3)
    return y + YARD_H


def _display(draw: ImageDraw.ImageDraw, view: View, y: float, locale: str | None) -> float:
    """The money on offer, and the decks and scorings to come beside it."""
    d.text(draw, (M + PAD, y + 16), t("render.nycards.display", locale), SMALL, theme.MUTED, True)
    money_row(draw, view["display"], M + PAD, y + 24, 4 * 62)
    x = M + PAD + 4 * 62 + 16
    left = ", ".join(view["scorings_left"]) or t("render.nycards.none", locale)
    lines = [
        t("render.nycards.pic.buildings_left", locale, count=view["building_deck_count"]),
        t("render.nycards.pic.money_left", locale, count=view["money_deck_count"]),
        t("render.nycards.pic.scorings_left", locale, left=left),
    ]
    for i, line in enumerate(lines):
        d.text(draw, (x, y + 38 + i * 24), line, SMALL, theme.TEXT, max_width=WIDTH - M - PAD - x)
    return y + DISPLAY_H


STRIP_EVENTS = 3  # the most events the strip shows (the newest)
CARD_W = 35  # a money card's width in the strip
CARD_GAP = 6  # as `money_row` lays cards that fit side by side


def _event_words(event: Event, names: list[str], locale: str | None) -> str:
    """Who did what, as the strip names it ("Ann took")."""
    who = seat_name(event["seat"], names, locale)
    return t(f"render.nycards.pic.did.{event['type']}", locale, name=who)


def _event_width(event: Event, names: list[str], locale: str | None) -> float:
    """The strip's width for one event: its words, then its money cards or building and price."""
    words = d.width_of(_event_words(event, names, locale), BODY, True) + 8
    if event["type"] == "took":
        count = len(event["cards"])
        return words + count * CARD_W + (count - 1) * CARD_GAP + 14
    price = str(BUILDINGS[event["building"]].price)
    return words + 32 + 6 + d.width_of(price, KEY, True) + 14


def _strip_rows(shown: list[Event], names: list[str], locale: str | None) -> list[list[Event]]:
    """The newest events of the last move in rows of the strip, each row as many as fit whole
    beside the strip's label (an event too wide for any row has a row of its own)."""
    room = WIDTH - 2 * M - 2 * PAD - _label_width(locale)
    rows: list[list[Event]] = [[]]
    used = 0.0
    for event in shown[-STRIP_EVENTS:]:
        width = _event_width(event, names, locale)
        if rows[-1] and used + width > room:
            rows.append([])
            used = 0.0
        rows[-1].append(event)
        used += width
    return rows


def _label_width(locale: str | None) -> float:
    return d.width_of(t("render.nycards.pic.last_move", locale), SMALL, True) + 10


def _last(
    draw: ImageDraw.ImageDraw,
    rows: list[list[Event]],
    names: list[str],
    y: float,
    locale: str | None,
) -> float:
    """The last move's takings and purchases, drawn: who, then the money or the building, in
    `rows` (from `_strip_rows`) under one label."""
    x0, x1 = M, WIDTH - M
    bottom = y + LAST_H * len(rows)
    d.panel(draw, (x0, y, x1, bottom), theme.mix(theme.PANEL, theme.GOLD, 0.1), theme.GOLD)
    label = t("render.nycards.pic.last_move", locale)
    d.text(draw, (x0 + PAD, y + LAST_H / 2), label, SMALL, theme.MUTED, True, anchor="lm")
    start = x0 + PAD + _label_width(locale)
    for n, row in enumerate(rows):
        x, top = start, y + n * LAST_H
        mid = top + LAST_H / 2
        for event in row:
            words = _event_words(event, names, locale)
            x += (
                d.text(
                    draw,
                    (x, mid),
                    words,
                    BODY,
                    theme.GOLD,
                    True,
                    anchor="lm",
                    max_width=x1 - x - 100,
                )
                + 8
            )
            if event["type"] == "took":
                box = money_row(draw, event["cards"], x, top + 5, x1 - x - PAD, w=CARD_W)
                x = box[2] + 14
            else:
                type_id = BUILDINGS[event["building"]].type
                box = type_badge(draw, (x, mid - 16), type_id, 32)
                price = str(BUILDINGS[event["building"]].price)
                x = box[2] + 6
                x += d.text(draw, (x, mid), price, KEY, theme.TEXT, True, anchor="lm") + 14
    return bottom


def _player(
    draw: ImageDraw.ImageDraw,
    view: View,
    seat: int,
    names: list[str],
    gained: dict[int, set[str]],
    y: float,
    locale: str | None,
) -> None:
    """One row: name and cards in hand; buildings by type; points. The seat to act is outlined
    in gold, a winner starred, Dirk marked as not playing to win."""
    dirk = seat == view["players"]
    acting = not dirk and seat in view["to_act"]
    winner = not dirk and seat in view["winners"]
    x0, x1 = M, WIDTH - M
    fill = theme.PANEL_DIM if dirk else theme.PANEL
    outline = theme.GOLD if acting or winner else theme.PANEL_LINE
    d.panel(draw, (x0, y, x1, y + ROW_H), fill, outline, width=4 if acting else 2)
    name = seat_name(seat, names, locale)
    if winner:
        name = "★ " + name
    elif acting:
        name = "▶ " + name
    colour = theme.MUTED if dirk else theme.GOLD if winner or acting else theme.TEXT
    d.text(
        draw,
        (x0 + PAD, y + 24),
        name,
        NAME,
        colour,
        True,
        max_width=CHIPS_X - PAD - 8,
        min_size=SMALL,
    )
    if dirk:
        under = t("render.nycards.pic.dirk_note", locale)
    else:
        under = t("render.nycards.pic.cards", locale, count=view["hand_counts"][seat])
    d.text(draw, (x0 + PAD, y + 44), under, SMALL, theme.MUTED, max_width=CHIPS_X - PAD - 8)
    owned = view["dirk_buildings"] if dirk else view["buildings"][seat]
    counts = type_counts(owned)
    fresh = gained.get(-1 if dirk else seat, set())
    for i, type_id in enumerate(TYPE_IDS):
        box = type_badge(
            draw, (x0 + CHIPS_X + i * (CHIP + 4), y + 10), type_id, CHIP, counts[type_id]
        )
        if type_id in fresh:
            draw.rounded_rectangle(
                (box[0] - 4, box[1] - 5, box[2] + 4, box[3] + 4),
                radius=6,
                outline=theme.GOLD,
                width=3,
            )
    points = view["dirk_score"] if dirk else view["scores"][seat]
    words = t("render.nycards.pic.points", locale, points=points, count=points)
    d.text(
        draw,
        (x1 - PAD, y + ROW_H / 2),
        words,
        KEY,
        theme.MUTED if dirk else theme.TEXT,
        True,
        anchor="rm",
    )
