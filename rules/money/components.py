"""Money's components, loaded once from `components.json` (the data table; see its _comment)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from i18n import t

DATA_PATH = Path(__file__).with_name("components.json")


@dataclass(frozen=True)
class Card:
    """One card. `id` is the serial number for notes and coins; bluff cards have no serial."""

    id: int
    kind: str  # "note", "coin" or "bluff"
    currency: str | None
    value: int
    serial: int | None


@dataclass(frozen=True)
class Currency:
    """A currency: ISO-like code, English name and symbol."""

    code: str
    name: str
    symbol: str


def _load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    return data


_DATA = _load()
CURRENCIES: tuple[Currency, ...] = tuple(Currency(**c) for c in _DATA["currencies"])
CURRENCY_BY_CODE: dict[str, Currency] = {c.code: c for c in CURRENCIES}
CARDS: dict[int, Card] = {
    c["id"]: Card(c["id"], c["kind"], c["currency"], c["value"], c["serial"])
    for c in _DATA["cards"] + _DATA["bluff_cards"]
}
VALUE_CARD_IDS: tuple[int, ...] = tuple(c["id"] for c in _DATA["cards"])
BLUFF_IDS: tuple[int, ...] = tuple(c["id"] for c in _DATA["bluff_cards"])
NOTE_VALUES: tuple[int, ...] = tuple(_DATA["note_values"])
CURRENCIES_REMOVED: dict[int, int] = {int(k): v for k, v in _DATA["currencies_removed"].items()}
TRIO_VALUES: tuple[int, ...] = tuple(_DATA["trio_values"])
TRIO_BONUS: int = _DATA["trio_bonus"]
LOW_THRESHOLD: int = _DATA["thresholds"]["low"]
HIGH_THRESHOLD: int = _DATA["thresholds"]["high"]

VALUE = {cid: card.value for cid, card in CARDS.items()}
# Tie-break key of a card: its serial; bluff cards never break ties.
SERIAL_KEY = {
    cid: (card.serial if card.serial is not None else 1_000) for cid, card in CARDS.items()
}


def bluff_id(seat: int) -> int:
    """The bluff card of `seat`."""
    return BLUFF_IDS[seat]


def card(card_id: int) -> Card:
    """The card with this id; KeyError if none."""
    return CARDS[card_id]


def label(card_id: int, locale: str | None = None) -> str:
    """A short public label such as `€40 (serial 17)`, `coin 10 (serial 3)` or `bluff card`."""
    c = CARDS[card_id]
    if c.kind == "bluff":
        return t("money.card.bluff", locale)
    if c.kind == "coin":
        return t("money.card.coin", locale, value=c.value, serial=c.serial)
    symbol = CURRENCY_BY_CODE[str(c.currency)].symbol  # a note always has a currency
    return t("money.card.note", locale, symbol=symbol, value=c.value, serial=c.serial)


def short_label(card_id: int, locale: str | None = None) -> str:
    """`€40`, `coin 10` or `bluff card`: a card without its serial, for the event lines (the
    serial matters only for the order of equal bids, which the board shows)."""
    c = CARDS[card_id]
    if c.kind == "bluff":
        return t("money.card.bluff", locale)
    if c.kind == "coin":
        return t("money.card.coin_short", locale, value=c.value)
    symbol = CURRENCY_BY_CODE[str(c.currency)].symbol
    return t("money.card.note_short", locale, symbol=symbol, value=c.value)
