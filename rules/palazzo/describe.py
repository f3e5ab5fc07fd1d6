"""Palazzo's public events in words, for the line posted with each new board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from i18n import t
from rules.palazzo.components import money_label, tile_label
from rules.palazzo.payment import read


def cards_text(cards: list[int], locale: str | None, paid: bool = True) -> str:
    """`red 5 + certificate 2 (7)`: money cards and, for a payment (`paid`), what they are
    worth as one; cards taken or shown are only listed (a mix of currencies is no payment)."""
    if not cards:
        return t("palazzo.cards.none", locale)
    reading = read(cards) if paid else None
    names = " + ".join(money_label(c, locale) for c in cards)
    if reading is None:
        return names
    return t("palazzo.cards.list", locale, cards=names, total=reading.value)


def tiles_text(tiles: list[int], locale: str | None) -> str:
    """`marble 3 (2 windows), brick 1 (1 window)`."""
    return ", ".join(tile_label(x, locale) for x in tiles)


def describe(event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
    """One event in words ("" for events not worth a line)."""
    kind = event["type"]
    who = names[event["seat"]] if "seat" in event else ""
    params: dict[str, Any] = {"name": who}
    if "cards" in event:
        params["cards"] = cards_text(event["cards"], locale, paid=not kind.startswith("money_"))
    if "tiles" in event:
        params["tiles"] = tiles_text(event["tiles"], locale)
    if "tile" in event:
        params["tile"] = tile_label(event["tile"], locale)
    for key in ("count", "number", "palazzo", "total", "paid", "cost"):
        if key in event:
            params[key] = event[key]
    if kind == "started":
        return t("palazzo.event.started", locale, name=names[event["first"]])
    if kind == "drawn":
        return t(f"palazzo.event.drawn_{event['to']}", locale, **params)
    if kind == "game_over":
        scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(event["scores"]))
        winners = ", ".join(names[s] for s in event["winners"])
        return t("palazzo.event.game_over", locale, scores=scores, winners=winners)
    if kind in EVENT_KINDS:
        return t(f"palazzo.event.{kind}", locale, **params)
    return ""


EVENT_KINDS = (
    "reshuffled",
    "money_shown",
    "money_taken",
    "knight",
    "bought",
    "nothing_to_auction",
    "distribution",
    "auction",
    "bid",
    "passed",
    "won",
    "build",
    "new",
    "discard",
    "left_over",
    "rebuild_paid",
    "rebuilt_out",
    "rebuilt_insert",
    "rebuilt_remove",
)
