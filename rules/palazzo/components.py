"""Palazzo's components, loaded once from `components.json` (the data table; see its _comment).

Ids never overlap: money cards 0-54, building tiles 100-147, knights 200-204, so one list of
ints (a pick, an event) is never ambiguous.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from i18n import t

DATA_PATH = Path(__file__).with_name("components.json")


@dataclass(frozen=True)
class Money:
    """A money card: a currency card (red, brown, grey; 3-7) or a certificate (currency None)."""

    id: int
    currency: str | None
    value: int


@dataclass(frozen=True)
class Tile:
    """A building tile: material, floor number (1-5) and window count (1-3)."""

    id: int
    material: str
    floor: int
    windows: int


def _load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    return data


_DATA = _load()
CURRENCIES: tuple[str, ...] = tuple(_DATA["currencies"])
MATERIALS: tuple[str, ...] = tuple(_DATA["materials"])
MONEY: dict[int, Money] = {
    m["id"]: Money(m["id"], m["currency"], m["value"]) for m in _DATA["money"]
}
TILES: dict[int, Tile] = {
    x["id"]: Tile(x["id"], x["material"], x["floor"], x["windows"]) for x in _DATA["tiles"]
}
KNIGHTS: tuple[int, ...] = tuple(_DATA["knights"])
CERT_VALUE: int = _DATA["certificate_value"]
NEUTRAL_VALUE: int = _DATA["neutral_certificate"]
GROUP_VALUE: int = _DATA["group_value"]
QUARRIES: int = _DATA["quarries"]
SETUP_TILES: int = _DATA["setup_tiles"]
START_HAND: int = _DATA["start_hand"]
PRICE_BASE: int = _DATA["tile_price_base"]
FLOOR_POINTS: dict[int, int] = {int(k): v for k, v in _DATA["scoring"]["floors"].items()}
WINDOWS_FROM: int = _DATA["scoring"]["windows_from_floors"]
ONE_MATERIAL: dict[int, int] = {int(k): v for k, v in _DATA["scoring"]["one_material"].items()}


def stacks() -> list[list[int]]:
    """The tile ids of stacks I, II and III (unshuffled): tiles by floor, knights as listed."""
    result = []
    knights = list(KNIGHTS)
    for spec in _DATA["stacks"]:
        ids = [x.id for x in TILES.values() if x.floor in spec["floors"]]
        ids += knights[: spec["knights"]]
        del knights[: spec["knights"]]
        result.append(ids)
    return result


STACK_NAMES: tuple[str, ...] = tuple(s["name"] for s in _DATA["stacks"])


def is_cert(card: int) -> bool:
    """Whether a money card is a certificate of 2 (a joker for any currency)."""
    return MONEY[card].currency is None


def money_label(card: int, locale: str | None = None) -> str:
    """`red 5` or `certificate 2` (copies share a label)."""
    m = MONEY[card]
    if m.currency is None:
        return t("palazzo.money.cert", locale, value=m.value)
    return t(
        "palazzo.money.card",
        locale,
        currency=t(f"palazzo.currency.{m.currency}", locale),
        value=m.value,
    )


def tile_label(tile: int, locale: str | None = None) -> str:
    """`marble 3 (2 windows)`; a knight is `knight`."""
    if tile in KNIGHTS:
        return t("palazzo.tile.knight", locale)
    x = TILES[tile]
    return t(
        "palazzo.tile.label_one" if x.windows == 1 else "palazzo.tile.label",
        locale,
        material=t(f"palazzo.material.{x.material}", locale),
        floor=x.floor,
        windows=x.windows,
    )
