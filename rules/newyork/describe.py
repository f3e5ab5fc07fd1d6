"""New York's public events in words, for the line posted with each new board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from i18n import t
from rules.newyork.components import BANKS, money_label, tile_label


def _cards(cards: list[int], locale: str | None) -> str:
    return ", ".join(money_label(c, locale) for c in cards)


def _tiles(tiles: list[int], locale: str | None) -> str:
    return ", ".join(tile_label(tile, locale) for tile in tiles) or t("newyork.none", locale)


def _bank(slot: int, locale: str | None) -> str:
    return t(f"newyork.bank.{BANKS[slot]}", locale)


def first_by(event: Mapping[str, Any]) -> str:
    """What decided the first player of a `setup` event: `count`, `total` or `random` (worked
    out from the counts and totals for events stored before it was recorded)."""
    if event.get("by") in ("count", "total", "random"):
        return str(event["by"])
    counts, totals = event["counts"], event["totals"]
    fewest = [s for s, n in enumerate(counts) if n == min(counts)]
    if len(fewest) == 1:
        return "count"
    lowest = min(totals[s] for s in fewest)
    return "total" if sum(totals[s] == lowest for s in fewest) == 1 else "random"


def scoring_line(event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
    """`Scoring A: Ann 4 (street 0 + majority 4), ...`."""
    parts = [
        t(
            "newyork.event.score_part",
            locale,
            name=names[s],
            points=event["streets"][s] + event["majority"][s],
            streets=event["streets"][s],
            majority=event["majority"][s],
            total=event["totals"][s],
        )
        for s in range(len(event["streets"]))
    ]
    if event.get("dirk") is not None:
        parts.append(t("newyork.event.score_dirk", locale, points=event["dirk"]))
    return t("newyork.event.scored", locale, name=event["name"], parts="; ".join(parts))


def describe(event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
    """One event in words ("" for events not worth a line)."""
    kind = event["type"]
    name = names[event["seat"]] if "seat" in event else ""
    if kind == "setup":
        return t(f"newyork.event.setup_{first_by(event)}", locale, name=names[event["first"]])
    if kind == "dirk_tiles":
        return t("newyork.event.dirk_tiles", locale, tiles=_tiles(event["tiles"], locale))
    if kind == "took":
        return t("newyork.event.took", locale, name=name, cards=_cards(event["cards"], locale))
    if kind == "buying":
        return t(
            "newyork.event.buying",
            locale,
            name=name,
            tile=tile_label(event["tile"], locale),
            bank=_bank(event["slot"], locale),
        )
    if kind == "paid_part":
        return t("newyork.event.paid_part", locale, name=name, owing=event["owing"])
    if kind == "buy_cancelled":
        return t("newyork.event.buy_cancelled", locale, name=name)
    if kind == "bought":
        key = "newyork.event.bought_exact" if event["exact"] else "newyork.event.bought"
        return t(
            key,
            locale,
            name=name,
            tile=tile_label(event["tile"], locale),
            cards=_cards(event["paid"], locale),
        )
    if kind in ("built", "reserved", "gifted", "to_reserve", "from_reserve", "swapped"):
        return t(
            f"newyork.event.{kind}",
            locale,
            name=name,
            tile=tile_label(event["tile"], locale),
            replaced=tile_label(event["replaced"], locale) if "replaced" in event else "",
        )
    if kind == "reshuffled":
        return t("newyork.event.reshuffled", locale)
    if kind == "scored":
        return scoring_line(event, names, locale)
    if kind == "bag_empty":
        return t("newyork.event.bag_empty", locale)
    if kind == "leftover":
        return t(
            "newyork.event.leftover", locale, name=name, tile=tile_label(event["tile"], locale)
        )
    if kind == "unsold":
        reason = str(event.get("reason"))
        key = {"nobody": "unsold_nobody", "tie": "unsold_tie"}.get(reason, "unsold")
        return t(
            f"newyork.event.{key}",
            locale,
            tile=tile_label(event["tile"], locale),
            bank=_bank(event["slot"], locale),
        )
    if kind == "game_over":
        return t("newyork.event.game_over", locale)
    return ""
