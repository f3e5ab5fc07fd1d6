"""New York card game components, loaded once from `components.json` (see its _comment).

Money cards have ids 1–108, buildings 201–254, the scoring cards 301 (A) and 302 (B); the ids
never overlap, so a list of ids says what it holds.
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
    """A money card: currency code, value 1–9 and copy 1–3."""

    id: int
    currency: str
    value: int
    copy: int


@dataclass(frozen=True)
class Building:
    """A building card: its type id and its price."""

    id: int
    type: str
    price: int


@dataclass(frozen=True)
class BuildingType:
    """A building type: id, card colour name and scoring-table row (its display name is
    player-facing text: `type_name`, from the i18n catalog)."""

    id: str
    colour: str
    row: int


def _load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    return data


_DATA = _load()
CURRENCIES: tuple[str, ...] = tuple(c["code"] for c in _DATA["currencies"])
CURRENCY_COLOURS: dict[str, str] = {c["code"]: c["colour"] for c in _DATA["currencies"]}
MONEY: dict[int, Money] = {m["id"]: Money(**m) for m in _DATA["money"]}
BUILDINGS: dict[int, Building] = {b["id"]: Building(**b) for b in _DATA["buildings"]}
TYPES: tuple[BuildingType, ...] = tuple(BuildingType(**bt) for bt in _DATA["building_types"])
TYPE_IDS: tuple[str, ...] = tuple(bt.id for bt in TYPES)
TYPE_BY_ID: dict[str, BuildingType] = {bt.id: bt for bt in TYPES}
SCORING_CARDS: dict[int, str] = {c["id"]: c["scoring"] for c in _DATA["scoring_cards"]}
SCORING_TABLE: dict[str, dict[str, list[int]]] = _DATA["scoring_table"]
SLOTS: int = _DATA["setup"]["yard_slots"]
DISPLAY_SIZE: int = _DATA["setup"]["display_size"]
STARTING_MONEY_MIN: int = _DATA["setup"]["starting_money_min"]
DECK_PILES: int = _DATA["setup"]["deck_piles"]
SCORING_PILE: dict[str, int] = _DATA["setup"]["scoring_pile"]
TAKE_LIMIT: int = _DATA["take_limit"]
TWO_PLAYER: dict[str, int] = _DATA["two_player"]

# The slot i of the yard is paid in CURRENCIES[i].
SLOT_CURRENCY: tuple[str, ...] = CURRENCIES[:SLOTS]
VALUE: dict[int, int] = {cid: m.value for cid, m in MONEY.items()}
CURRENCY_OF: dict[int, str] = {cid: m.currency for cid, m in MONEY.items()}


def money_ids(players: int) -> list[int]:
    """The money cards in play: all 108, or at two players one copy of each fewer (72)."""
    if players == 2:
        kept = TWO_PLAYER["money_copies_kept"]
        return [cid for cid, m in MONEY.items() if m.copy <= kept]
    return list(MONEY)


def is_money(item: int) -> bool:
    """Whether an id is a money card."""
    return item in MONEY


def money_label(card_id: int, locale: str | None = None) -> str:
    """`green 7` (the currency and value of a money card)."""
    m = MONEY[card_id]
    return t(
        "nycards.money.label",
        locale,
        currency=t(f"nycards.currency.{m.currency}", locale),
        value=m.value,
    )


def building_label(building_id: int, locale: str | None = None) -> str:
    """`Park 8` (the type and price of a building)."""
    b = BUILDINGS[building_id]
    return t("nycards.building.label", locale, type=type_name(b.type, locale), price=b.price)


def type_name(type_id: str, locale: str | None = None) -> str:
    """The display name of a building type."""
    return t(f"nycards.type.{type_id}", locale)
