"""Money's public events in words, for the line posted with each new board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from i18n import t
from rules.money.components import short_label
from rules.money.engine import table_total


def cards_text(cards: list[int], locale: str | None) -> str:
    """`€40, $20 (60)` — the cards and their total."""
    if not cards:
        return t("money.cards.none", locale)
    return t(
        "money.cards.list",
        locale,
        cards=", ".join(short_label(c, locale) for c in cards),
        total=table_total(cards),
    )


def describe(event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
    """One event in words ("" for events not worth a line)."""
    kind = event["type"]
    if kind == "bid_placed":
        return t("money.event.bid_placed", locale, name=names[event["seat"]])
    if kind == "bids_revealed":
        parts = []
        for seat, bid in enumerate(event["bids"]):
            parts.append(
                t("money.event.bid_shown", locale, name=names[seat], cards=cards_text(bid, locale))
            )
        return t("money.event.bids_revealed", locale, bids="; ".join(parts))
    if kind == "took_row":
        row = t(f"money.row.{event['row']}", locale)
        return t(
            "money.event.took_row",
            locale,
            name=names[event["seat"]],
            row=row,
            took=cards_text(event["took"], locale),
            gave=cards_text(event["gave"], locale),
        )
    if kind == "took_bid":
        return t(
            "money.event.took_bid",
            locale,
            name=names[event["seat"]],
            other=names[event["from"]],
            took=cards_text(event["took"], locale),
        )
    if kind == "passed":
        return t("money.event.passed", locale, name=names[event["seat"]])
    if kind == "round_started":
        key = "money.event.final_round" if event["final"] else "money.event.round_started"
        return t(key, locale, round=event["round"])
    if kind == "hand_started":
        return t("money.event.hand_started", locale, hand=event["hand_no"])
    if kind == "hand_scored":
        scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(event["scores"]))
        winners = ", ".join(names[s] for s in event["winners"])
        return t(
            "money.event.hand_scored", locale, hand=event["hand_no"], scores=scores, winners=winners
        )
    if kind == "match_over":
        return t("money.event.match_over", locale)
    return ""
