"""Palazzo's picture pieces, sized for a phone: a picture is `WIDTH` (640) pixels wide, so at
400 px on a phone every size is × 0.625: `SMALL` text (15) shows at 9.4 px and `KEY` text
(23: floor numbers, money values, prices, bids, points, whose turn) at 14.4 px.

Materials carry a letter besides their colour (B, S, M), currencies a shape (diamond, circle,
triangle; a certificate a square), and what the last move changed gets a gold outline and a
"new" tag (`new_tag`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from PIL import Image, ImageDraw

from i18n import t
from render import fastdraw, theme
from render.draw import frame, pill, text, width_of
from render.sprites import stamp
from render.theme import Colour, hex_colour
from rules.palazzo.components import CURRENCIES, KNIGHTS, MATERIALS, MONEY, TILES

View = dict[str, Any]
Draw = ImageDraw.ImageDraw

WIDTH = 640
MARGIN = 18  # the content starts here (the felt's rim is drawn inside 16 px)
INNER = WIDTH - 2 * MARGIN
SMALL, MID, KEY, TITLE = 15, 19, 23, 26

CURRENCY_COLOURS: dict[str | None, Colour] = {
    "red": hex_colour("#c0392b"),
    "brown": hex_colour("#8d5a2b"),
    "grey": hex_colour("#9aa3ab"),
    None: hex_colour("#efe3bd"),
}
CURRENCY_INK: dict[str | None, Colour] = {
    "red": theme.TEXT,
    "brown": theme.TEXT,
    "grey": theme.INK,
    None: theme.INK,
}
SHAPES = {"red": "diamond", "brown": "circle", "grey": "triangle", None: "square"}
MATERIAL_COLOURS: dict[str, Colour] = {
    "brick": hex_colour("#b5523b"),
    "sandstone": hex_colour("#dcb877"),
    "marble": hex_colour("#eceef2"),
}
MATERIAL_INK: dict[str, Colour] = {
    "brick": theme.TEXT,
    "sandstone": theme.INK,
    "marble": theme.INK,
}
WINDOW = hex_colour("#2b3a4a")
ROOF = hex_colour("#6b4330")
BAD = hex_colour("#f08a7e")
NEUTRAL = hex_colour("#fbf8ee")

TILE_W, TILE_H = 88, 32
TILE_STEP = TILE_H + 2  # floors of a tower, one above the other
TOWER_PITCH = TILE_W + 7  # towers side by side
ROOF_H = 26
POINTS_H = 30
TAG_H = 28  # the room a "new" tag takes above a roof
CARD_W, CARD_H = 40, 54
NEUTRAL_W = 64


def letter(material: str, locale: str | None) -> str:
    """The material's letter drawn on its tiles (B, S, M in English)."""
    return t(f"palazzo.render.letter.{material}", locale)


def outline(draw: Draw, box: tuple[float, float, float, float], pad: float = 3) -> None:
    """The gold outline of what the last move changed."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        (x0 - pad, y0 - pad, x1 + pad, y1 + pad), radius=8, outline=theme.GOLD, width=3
    )


def new_tag(draw: Draw, x: float, y: float, locale: str | None, align: str = "left") -> float:
    """A gold "new" tag whose left (or center) middle is (x, y); returns its width."""
    box = pill(
        draw, (x, y), t("palazzo.render.new", locale), SMALL, theme.GOLD, theme.INK, True, align
    )
    return box[2] - box[0]


def new_tag_width(locale: str | None) -> float:
    """The width of `new_tag`."""
    return width_of(t("palazzo.render.new", locale), SMALL, True) + 2 * SMALL * 0.6


def building_tile(
    draw: Draw, x: float, y: float, tile: int, locale: str | None, new: bool = False
) -> None:
    """A tile: material colour, its floor number at the left, its windows as dark panes, the
    material's letter at the right; gold-outlined when `new` (the face drawn once per
    process)."""
    if new:
        outline(draw, (x, y, x + TILE_W, y + TILE_H))

    def paint(pen: Draw, px: float, py: float) -> None:
        _tile_face(pen, px, py, tile, locale)

    stamp(draw, ("palazzo.tile", tile, locale), (x, y), (TILE_W, TILE_H), paint)


def _tile_face(draw: Draw, x: float, y: float, tile: int, locale: str | None) -> None:
    if tile in KNIGHTS:
        draw.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), radius=6, fill=theme.GOLD)
        text(draw, (x + TILE_W / 2, y + TILE_H / 2), "♞", KEY, theme.INK, True, "mm")
        return
    info = TILES[tile]
    ink = MATERIAL_INK[info.material]
    draw.rounded_rectangle(
        (x, y, x + TILE_W, y + TILE_H),
        radius=5,
        fill=MATERIAL_COLOURS[info.material],
        outline=theme.INK,
    )
    text(draw, (x + 6, y + TILE_H / 2 + 1), str(info.floor), KEY, ink, True, "lm")
    for k in range(info.windows):
        wx = x + 27 + k * 13
        draw.rectangle((wx, y + 8, wx + 8, y + TILE_H - 8), fill=WINDOW)
    text(
        draw,
        (x + TILE_W - 5, y + TILE_H / 2 + 1),
        letter(info.material, locale),
        SMALL,
        ink,
        True,
        "rm",
    )


def shape(draw: Draw, kind: str, cx: float, cy: float, r: float, fill: Colour) -> None:
    """A currency's mark: diamond, circle, triangle or square of radius `r`."""
    if kind == "diamond":
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill)
    elif kind == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    elif kind == "triangle":
        draw.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=fill)
    else:
        draw.rectangle((cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8), fill=fill)


def money_card(draw: Draw, x: float, y: float, card: int) -> None:
    """A money card: its currency's colour and shape, its value large (drawn once per
    process)."""
    m = MONEY[card]

    def paint(pen: Draw, px: float, py: float) -> None:
        _money_face(pen, px, py, card)

    stamp(draw, ("palazzo.money", m.currency, m.value), (x, y), (CARD_W, CARD_H), paint)


def _money_face(draw: Draw, x: float, y: float, card: int) -> None:
    m = MONEY[card]
    ink = CURRENCY_INK[m.currency]
    draw.rounded_rectangle(
        (x, y, x + CARD_W, y + CARD_H),
        radius=6,
        fill=CURRENCY_COLOURS[m.currency],
        outline=theme.INK,
    )
    shape(draw, SHAPES[m.currency], x + 9, y + 10, 5, ink)
    text(draw, (x + CARD_W / 2, y + CARD_H / 2 + 6), str(m.value), KEY, ink, True, "mm")


def neutral_card(draw: Draw, x: float, y: float, locale: str | None) -> None:
    """The neutral certificate of 3 that opens an auction."""
    draw.rounded_rectangle(
        (x, y, x + NEUTRAL_W, y + CARD_H), radius=6, fill=NEUTRAL, outline=theme.GOLD, width=2
    )
    text(draw, (x + NEUTRAL_W / 2, y + 21), "3", KEY, theme.INK, True, "mm")
    words = t("palazzo.render.neutral", locale)
    text(draw, (x + NEUTRAL_W / 2, y + 43), words, SMALL, theme.INK, False, "mm", NEUTRAL_W - 2)


def card_row(draw: Draw, x: float, y: float, cards: list[int], max_w: float) -> float:
    """Money cards side by side from (x, y), overlapping when they do not fit; the width used."""
    if not cards:
        return 0.0
    step = min(CARD_W + 6, (max_w - CARD_W) / max(1, len(cards) - 1))
    for k, card in enumerate(cards):
        money_card(draw, x + k * step, y, card)
    return step * (len(cards) - 1) + CARD_W


def points_words(points: int, locale: str | None) -> str:
    """`8 pts`, `−5 pts` (a true minus sign)."""
    shown = f"−{-points}" if points < 0 else str(points)
    return t("palazzo.render.points", locale, points=shown, count=abs(points))


def points_colour(points: int) -> Colour:
    return theme.GOOD if points > 0 else (theme.MUTED if points == 0 else BAD)


def star(draw: Draw, cx: float, cy: float, r: float, fill: Colour = theme.GOLD) -> None:
    """A five-pointed star (drawn, not a glyph) centred on (cx, cy)."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
    draw.polygon(points, fill=fill, outline=theme.INK)


def tower(
    draw: Draw,
    x: float,
    ground: float,
    palazzo: list[int],
    number: int,
    points: int,
    locale: str | None,
    new: Iterable[int] = (),
    starred: bool = False,
) -> None:
    """A palazzo standing on `ground` (the y below its first floor): its floors bottom-up, a roof
    with its number (and a gold star when `starred`), its points below, and a "new" tag above
    the roof when one of its tiles is new."""
    new = set(new)
    for k, tile in enumerate(palazzo):
        building_tile(draw, x, ground - (k + 1) * TILE_STEP + 2, tile, locale, tile in new)
    top = ground - len(palazzo) * TILE_STEP
    draw.polygon(
        [
            (x - 2, top),
            (x + 14, top - ROOF_H + 2),
            (x + TILE_W - 14, top - ROOF_H + 2),
            (x + TILE_W + 2, top),
        ],
        fill=ROOF,
    )
    text(draw, (x + TILE_W / 2, top - ROOF_H / 2 + 2), str(number), KEY, theme.TEXT, True, "mm")
    if starred:
        star(draw, x + TILE_W - 22, top - ROOF_H / 2 + 1, 10)
    if new & set(palazzo):
        new_tag(draw, x + TILE_W / 2, top - ROOF_H - TAG_H / 2 + 2, locale, "center")
    tower_points(draw, x + TILE_W / 2, ground + POINTS_H / 2 + 2, points, locale)


def tower_points(draw: Draw, cx: float, cy: float, points: int, locale: str | None) -> None:
    """A palazzo's points centred at (cx, cy): the number large, the word after it small
    (`−5 points`), both in the points' colour; the word is left out when it does not fit."""
    number = f"−{-points}" if points < 0 else str(points)
    word = " " + t("palazzo.render.tower_points", locale, count=abs(points))
    colour = points_colour(points)
    wide = width_of(number, KEY, True)
    small = width_of(word, SMALL, True)
    if wide + small > TOWER_PITCH - 2:
        text(draw, (cx, cy), number, KEY, colour, True, "mm")
        return
    left = cx - (wide + small) / 2
    text(draw, (left, cy), number, KEY, colour, True, "lm")
    text(draw, (left + wide, cy + 3), word, SMALL, colour, True, "lm")


def towers_per_row(width: float) -> int:
    """How many towers fit side by side in `width`."""
    return max(1, int((width - TILE_W) // TOWER_PITCH) + 1)


def towers_width(count: int, width: float) -> float:
    """The width the first row of `count` towers takes within `width`."""
    used = min(count, towers_per_row(width))
    return TILE_W + (used - 1) * TOWER_PITCH if used else 0.0


def towers_height(palazzi: list[list[int]], width: float, new: set[int]) -> int:
    """The height `towers` needs."""
    return sum(_row_height(row, new) for row in _rows(palazzi, width))


def _rows(palazzi: list[list[int]], width: float) -> list[list[list[int]]]:
    per = towers_per_row(width)
    return [palazzi[k : k + per] for k in range(0, len(palazzi), per)]


def _row_height(row: list[list[int]], new: set[int]) -> int:
    tag = TAG_H if any(new & set(p) for p in row) else 0
    floors = max(len(p) for p in row)
    return tag + ROOF_H + floors * TILE_STEP + POINTS_H + 6


def towers(
    draw: Draw,
    x: float,
    y: float,
    width: float,
    palazzi: list[list[int]],
    points: list[int],
    locale: str | None,
    new: set[int],
    starred: Callable[[list[int]], bool] | None = None,
) -> int:
    """Every palazzo as a tower, numbered from 1, in rows within `width`; returns the height."""
    start = y
    per = towers_per_row(width)
    for r, row in enumerate(_rows(palazzi, width)):
        height = _row_height(row, new)
        ground = y + height - POINTS_H - 6
        for k, palazzo in enumerate(row):
            index = r * per + k
            tower(
                draw,
                x + k * TOWER_PITCH,
                ground,
                palazzo,
                index + 1,
                points[index],
                locale,
                new,
                bool(starred and starred(palazzo)),
            )
        y += height
    return round(y - start)


def pairs(palazzi: list[int]) -> list[list[int]]:
    """Rows of player blocks, by index: two side by side while both have 1 to 3 palazzi (given
    each one's count of palazzi, in order)."""
    rows: list[list[int]] = []
    k = 0
    few = [1 <= count <= 3 for count in palazzi]
    while k < len(palazzi):
        if k + 1 < len(palazzi) and few[k] and few[k + 1]:
            rows.append([k, k + 1])
            k += 2
        else:
            rows.append([k])
            k += 1
    return rows


def fitted_line(
    key: str,
    name: str,
    size: int,
    max_width: float,
    locale: str | None,
    bold: bool = True,
    **params: Any,
) -> str:
    """The catalog line `key` with `name` shortened (with an ellipsis) so the line fits."""
    words = t(key, locale, name=name, **params)
    while width_of(words, size, bold) > max_width and len(name) > 1:
        name = name[:-1]
        words = t(key, locale, name=name.rstrip() + "…", **params)
    return words


def wrap(words: str, size: int, max_width: float, bold: bool = False) -> list[str]:
    """`words` broken into lines no wider than `max_width`, between the parts separated by
    " · " where they fit, else between words."""
    lines: list[str] = []
    line = ""
    for part in words.split(" · "):
        candidate = f"{line} · {part}" if line else part
        if width_of(candidate, size, bold) <= max_width:
            line = candidate
            continue
        if line:
            lines.append(line + " ·")
        line = ""
        for word in part.split():
            candidate = f"{line} {word}".strip()
            if line and width_of(candidate, size, bold) > max_width:
                lines.append(line)
                line = word
            else:
                line = candidate
    if line:
        lines.append(line)
    return lines


def material_legend(draw: Draw, x: float, y: float, locale: str | None) -> float:
    """`[B] brick [S] sandstone [M] marble` from (x, y) (y is the line's middle); the width."""
    start = x
    for material in MATERIALS:
        draw.rounded_rectangle(
            (x, y - 12, x + 24, y + 12),
            radius=4,
            fill=MATERIAL_COLOURS[material],
            outline=theme.INK,
        )
        text(
            draw,
            (x + 12, y + 1),
            letter(material, locale),
            SMALL,
            MATERIAL_INK[material],
            True,
            "mm",
        )
        x += 30
        x += text(
            draw,
            (x, y + 1),
            t(f"palazzo.material.{material}", locale),
            SMALL,
            theme.MUTED,
            anchor="lm",
        )
        x += 16
    return x - start - 16


def money_legend(draw: Draw, x: float, y: float, locale: str | None) -> float:
    """Each currency's shape and name, and the certificate's, from (x, y); the width."""
    start = x
    for currency in (*CURRENCIES, None):
        draw.rounded_rectangle(
            (x, y - 11, x + 22, y + 11),
            radius=4,
            fill=CURRENCY_COLOURS[currency],
            outline=theme.INK,
        )
        shape(draw, SHAPES[currency], x + 11, y, 6, CURRENCY_INK[currency])
        x += 28
        name = t(f"palazzo.render.legend.{currency or 'cert'}", locale)
        x += text(draw, (x, y + 1), name, SMALL, theme.MUTED, anchor="lm") + 14
    return x - start - 14


class Scratch:
    """A tall felt surface to draw on before the height is known; `finish` puts what was drawn
    on a felt picture of the final height, with its rim."""

    def __init__(self, height: int = 4000) -> None:
        self.image = Image.new("RGB", (WIDTH, height), theme.FELT)
        self.draw = fastdraw.Draw(self.image)

    def finish(self, height: int) -> Image.Image:
        image = self.image.crop((0, 0, WIDTH, height))
        frame(image, 16)  # the felt picture's rim around what was drawn
        return image


def block(draw: Draw, box: tuple[float, float, float, float], highlight: bool = False) -> None:
    """A rounded panel, gold-rimmed when `highlight`."""
    draw.rounded_rectangle(
        box,
        radius=theme.RADIUS,
        fill=theme.PANEL,
        outline=theme.GOLD if highlight else theme.PANEL_LINE,
        width=3 if highlight else 2,
    )
