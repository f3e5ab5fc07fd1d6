"""New York's components, loaded once from `components.json` (the data table; see its _comment).

Tiles 1–54 are building tiles; Times Square of seat s has id `TIMES_SQUARE_BASE + s`. Streets are
a bit mask over the sides: top 1, right 2, bottom 4, left 8. Money cards have ids 1–108.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from i18n import t

DATA_PATH = Path(__file__).with_name("components.json")

TOP, RIGHT, BOTTOM, LEFT = 1, 2, 4, 8
SIDE_BITS = {"T": TOP, "R": RIGHT, "B": BOTTOM, "L": LEFT}
MAX_SEATS = 6


@dataclass(frozen=True)
class Tile:
    """A building tile: type id, price and the street mask."""

    id: int
    type: str
    price: int
    streets: int


@dataclass(frozen=True)
class Money:
    """A money card: bank and value."""

    id: int
    bank: str
    value: int
    copy: int


def _streets(text: str) -> int:
    return sum(bit for bit, ch in zip((TOP, RIGHT, BOTTOM, LEFT), text, strict=True) if ch == "X")


_DATA = json.loads(DATA_PATH.read_text(encoding="utf-8"))
TYPES: tuple[str, ...] = tuple(ty["id"] for ty in _DATA["types"])
TYPE_COLOUR: dict[str, str] = {ty["id"]: ty["colour"] for ty in _DATA["types"]}
SCORING: dict[str, dict[str, tuple[int, ...]]] = {
    name: {ty: tuple(points) for ty, points in table.items()}
    for name, table in _DATA["scoring"].items()
}
BANKS: tuple[str, ...] = tuple(_DATA["banks"])
RULES: dict[str, int] = dict(_DATA["rules"])
SCORING_CARDS: dict[str, int] = dict(_DATA["scoring_cards"])
SCORING_CARD_NAME: dict[int, str] = {v: k for k, v in SCORING_CARDS.items()}
TIMES_SQUARE_BASE: int = _DATA["times_square_base"]

TILES: dict[int, Tile] = {
    row["id"]: Tile(row["id"], row["type"], row["price"], _streets(row["streets"]))
    for row in _DATA["tiles"]
}
BUILDING_IDS: tuple[int, ...] = tuple(sorted(TILES))
TIMES_SQUARES: tuple[int, ...] = tuple(TIMES_SQUARE_BASE + s for s in range(MAX_SEATS))

# Street masks of every tile id, Times Square included (no streets), for the fast checks.
STREETS: dict[int, int] = {tid: tile.streets for tid, tile in TILES.items()}
STREETS.update({tid: 0 for tid in TIMES_SQUARES})

MONEY: dict[int, Money] = {}
for _b, _bank in enumerate(BANKS):
    for _value in _DATA["money"]["values"]:
        for _copy in range(_DATA["money"]["copies"]):
            _id = _b * 27 + (_value - 1) * 3 + _copy + 1
            MONEY[_id] = Money(_id, _bank, _value, _copy)
COPIES_TWO_PLAYERS: int = _DATA["money"]["copies_two_players"]


def money_ids(players: int) -> list[int]:
    """The money cards in play: all 108, or 72 (one copy of each removed) with 2 players."""
    keep = COPIES_TWO_PLAYERS if players == 2 else _DATA["money"]["copies"]
    return [mid for mid, m in sorted(MONEY.items()) if m.copy < keep]


def is_times_square(tile: int) -> bool:
    """Whether the tile is a Times Square starting tile."""
    return tile in TIMES_SQUARES


def money_label(card: int, locale: str | None = None) -> str:
    """`green 7`: bank and value (copies share a label)."""
    m = MONEY[card]
    return t("newyork.money.label", locale, bank=t(f"newyork.bank.{m.bank}", locale), value=m.value)


def streets_text(mask: int, locale: str | None = None) -> str:
    """`street top+left` or `no street`: the sides of a tile that carry a street."""
    named = (("top", TOP), ("right", RIGHT), ("bottom", BOTTOM), ("left", LEFT))
    sides = [t(f"newyork.side.{name}", locale) for name, bit in named if mask & bit]
    if not sides:
        return t("newyork.tile.no_street", locale)
    return t("newyork.tile.streets", locale, sides=t("newyork.side.join", locale).join(sides))


def tile_label(tile: int, locale: str | None = None) -> str:
    """`Park 10 (street top+left)` or `Times Square`: type, price and streets, which tell two
    buildings apart as a player sees them (buildings alike in all three are interchangeable)."""
    if is_times_square(tile):
        return t("newyork.tile.times_square", locale)
    info = TILES[tile]
    return t(
        "newyork.tile.label",
        locale,
        type=t(f"newyork.type.{info.type}", locale),
        price=info.price,
        streets=streets_text(info.streets, locale),
    )


def tile_name(tile: int, locale: str | None = None) -> str:
    """`Park 10` or `Times Square`: type and price, for a building its spot already names."""
    if is_times_square(tile):
        return t("newyork.tile.times_square", locale)
    info = TILES[tile]
    return t(
        "newyork.tile.name", locale, type=t(f"newyork.type.{info.type}", locale), price=info.price
    )
