"""What the last move changed, from its public events: the money taken, the buildings bought,
built, put into the reserve or given to Dirk, and the redesigns. The table shows it as a strip
of gold-framed cards and tiles, and frames the new buildings in the city it shows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

from i18n import t
from render import theme
from render.draw import panel, pill, text
from render.newyork.common import (
    GAP,
    LABEL,
    MARGIN,
    NEW,
    SMALL,
    VALUE,
    WIDTH,
    draw_money,
    draw_tile,
    seat_name,
)

# the events shown, each named by its type (`newyork.render.verb.<type>`); a placement of a
# building bought in the same move merges into the purchase (MERGED: "bought and built")
SHOWN = frozenset(
    {
        "took",
        "paid_part",
        "bought",
        "built",
        "reserved",
        "gifted",
        "leftover",
        "from_reserve",
        "to_reserve",
        "swapped",
    }
)
MERGED = {"built": "bought_built", "reserved": "bought_reserved", "gifted": "bought_gifted"}
MAX_LINES = 3
LINE_H = 74
CARD_W, CARD_H = 44, 60
TILE = 56


@dataclass
class Change:
    """One line of the strip: who, what they did (a verb key), and the cards or tiles."""

    seat: int
    verb: str
    cards: list[int] = field(default_factory=list)
    tiles: list[int] = field(default_factory=list)


def changes(events: Iterable[Mapping[str, Any]]) -> list[Change]:
    """The last move's changes in order, a placement merged into the purchase before it and
    alike changes of one player in a row joined (two buildings built, one line)."""
    out: list[Change] = []
    for event in events:
        verb = str(event.get("type"))
        if verb not in SHOWN or "seat" not in event:
            continue
        seat = int(event["seat"])
        if verb in ("took", "paid_part"):
            change = Change(seat, verb, cards=list(event["cards"]))
        else:
            change = Change(seat, verb, tiles=[int(event["tile"])])
        bought = next(
            (
                c
                for c in out
                if c.seat == seat
                and c.verb == "bought"
                and change.tiles
                and change.tiles[0] in c.tiles
            ),
            None,
        )
        if bought is not None and verb in MERGED:
            bought.tiles.remove(change.tiles[0])
            if not bought.tiles:
                out.remove(bought)
            change.verb = MERGED[verb]
        if out and out[-1].seat == seat and out[-1].verb == change.verb:
            out[-1].cards += change.cards
            out[-1].tiles += change.tiles
        else:
            out.append(change)
    return out


def new_tiles(events: Iterable[Mapping[str, Any]]) -> set[int]:
    """The buildings the last move put somewhere: into a city, a reserve or Dirk's pile."""
    return {tile for change in changes(events) for tile in change.tiles}


def strip_height(found: list[Change]) -> int:
    """The height of the strip for these changes (0 when there are none), gap included."""
    if not found:
        return 0
    return 40 + min(MAX_LINES, len(found)) * LINE_H + GAP


def draw_strip(
    draw: ImageDraw.ImageDraw,
    found: list[Change],
    y: int,
    names: list[str],
    locale: str | None,
) -> int:
    """The "Last move" panel: a line per change (the latest MAX_LINES), each card and tile
    framed in gold; returns the y below it."""
    if not found:
        return y
    height = strip_height(found) - GAP
    panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height), outline=NEW, width=3)
    head = t("newyork.render.last_move", locale)
    text(draw, (MARGIN + 14, y + 27), head, LABEL, theme.GOLD, True)
    pill(
        draw,
        (WIDTH - MARGIN - 14, y + 21),
        t("newyork.render.new", locale),
        SMALL,
        NEW,
        theme.INK,
        align="right",
    )
    shown = found[-MAX_LINES:]
    for k, change in enumerate(shown):
        top = y + 40 + k * LINE_H
        mid = top + LINE_H / 2 - 4
        who = seat_name(names, change.seat)
        text(draw, (MARGIN + 14, mid - 11), who, VALUE, theme.TEXT, True, "lm", max_width=190)
        verb = t(f"newyork.render.verb.{change.verb}", locale)
        text(draw, (MARGIN + 14, mid + 13), verb, SMALL, theme.MUTED, anchor="lm", max_width=190)
        x = MARGIN + 220
        room = WIDTH - MARGIN - 16 - x
        for card in change.cards[: int(room // (CARD_W + 14))]:
            draw_money(draw, card, x, mid - CARD_H / 2, CARD_W, CARD_H, new=True)
            x += CARD_W + 14
        for tile in change.tiles[: int(room // (TILE + 14))]:
            draw_tile(draw, tile, x, mid - TILE / 2, TILE, new=True)
            x += TILE + 14
    return y + height + GAP
