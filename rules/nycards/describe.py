"""The New York card game's public events in words, for the line posted with each new board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from i18n import t
from rules.nycards.components import VALUE, building_label, money_label, type_name


def who(seat: int | None, names: list[str], locale: str | None) -> str:
    """A seat's name; the seat after the last is Dirk."""
    if seat is None:
        return t("nycards.nobody", locale)
    return names[seat] if seat < len(names) else t("nycards.dirk", locale)


def cards_text(cards: list[int], locale: str | None) -> str:
    """`green 3 + blue 2 (5)`."""
    listed = " + ".join(money_label(c, locale) for c in cards)
    return t("nycards.cards", locale, cards=listed, total=sum(VALUE[c] for c in cards))


def scoring_text(event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
    """`Scoring B: Park: Ann 12, Dirk 5; …` (only the types where someone scored)."""
    parts = []
    for award in event["awards"]:
        got = [
            f"{who(s, names, locale)} {group['points']}"
            for group in award["ranking"]
            for s in group["seats"]
        ]
        if got:
            parts.append(f"{type_name(award['type'], locale)}: {', '.join(got)}")
    detail = "; ".join(parts) or t("nycards.scoring.nobody", locale)
    return t("nycards.event.scoring", locale, scoring=event["scoring"], detail=detail)


def describe(event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
    """One event in words ("" for events not worth a line)."""
    kind = event["type"]
    if kind == "setup":
        key = "nycards.event.first_random" if event["random_first"] else "nycards.event.first"
        line = t(key, locale, name=who(event["first"], names, locale))
        if event["dirk"]:
            gifts = ", ".join(building_label(b, locale) for b in event["dirk"])
            line += " " + t("nycards.event.dirk_start", locale, buildings=gifts)
        return line
    if kind == "took":
        return t(
            "nycards.event.took",
            locale,
            name=who(event["seat"], names, locale),
            cards=cards_text(event["cards"], locale),
        )
    if kind == "bought":
        key = "nycards.event.bought_exact" if event["exact"] else "nycards.event.bought"
        return t(
            key,
            locale,
            name=who(event["seat"], names, locale),
            building=building_label(event["building"], locale),
            slot=event["slot"] + 1,
            cards=cards_text(event["paid"], locale),
        )
    if kind in ("kept", "gifted"):
        return t(
            f"nycards.event.{kind}",
            locale,
            name=who(event["seat"], names, locale),
            building=building_label(event["building"], locale),
        )
    if kind == "extra_action":
        return t("nycards.event.extra_action", locale, name=who(event["seat"], names, locale))
    if kind == "passed":
        return t("nycards.event.passed", locale, name=who(event["seat"], names, locale))
    if kind == "reshuffled":
        return t("nycards.event.reshuffled", locale, count=event["count"])
    if kind == "scoring":
        return scoring_text(event, names, locale)
    if kind == "dirk_got":
        return t("nycards.event.dirk_got", locale, count=len(event["buildings"]))
    if kind == "leftover":
        key = "nycards.event.leftover" if event["seat"] is not None else "nycards.event.unassigned"
        return t(
            key,
            locale,
            name=who(event["seat"], names, locale),
            building=building_label(event["building"], locale),
            slot=event["slot"] + 1,
        )
    if kind == "game_over":
        return t("nycards.event.game_over", locale)
    return ""
