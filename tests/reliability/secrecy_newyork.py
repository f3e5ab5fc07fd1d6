"""New York's secrets helper for the leak detector (see `secrecy.py` for the interface).

Secret: each hand of money cards (the starting hands are dealt secretly here, PROPOSED), the
order of the money deck (with the scoring cards in it) and of the tile bag. Public: the money
display, every payment (paid cards go face up to the discards), the market, cities, reserves,
Dirk's tiles. A card once seen face up (display, payment) is known wherever it goes next; the
items tracked are money cards only (tile ids are never secret, the bag's order is scrambled).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import ClassVar

from rules.contract import State, View
from rules.newyork.components import MONEY, money_label
from tests.helpers.newyork import scramble_hidden


def _ints(text: str) -> set[int]:
    return {int(p) for p in text.split(",") if p.strip().isascii() and p.strip().isdigit()}


class NewYorkTracker:
    """Cards seen in the display or paid (named by events) are public knowledge from then on."""

    def __init__(self) -> None:
        self.known: set[int] = set()

    def observe(self, state: State) -> None:
        self.known.update(state["display"])
        self.known.update(state["discard"])
        if state["paying"]:
            self.known.update(state["paying"]["paid"])
        for event in state["events"]:  # taken from the display or paid, face up
            for key in ("cards", "paid"):
                self.known.update(event.get(key) or [])

    def secret(self, state: State, viewer: int | None) -> set[int]:
        """The money cards never seen face up that are in the deck or another hand (a card
        reshuffled into the deck is known by name; only its place there is secret)."""
        hidden = {c for c in state["deck"] if c in MONEY and c not in self.known}
        for seat, hand in enumerate(state["hands"]):
            if seat != viewer:
                hidden.update(c for c in hand if c not in self.known)
        return hidden


class NewYorkSecrets:
    game_id = "newyork"
    quick_options: ClassVar[Mapping[str, str]] = {"length": "short"}

    def tracker(self) -> NewYorkTracker:
        return NewYorkTracker()

    def tokens(self, locale: str | None) -> Mapping[str, int]:
        """Money labels naming one card only (`green 7` names two or three copies, so it is
        no token; the scramble check covers money)."""
        labels = {cid: money_label(cid, locale) for cid in MONEY}
        counts = Counter(labels.values())
        return {text: cid for cid, text in labels.items() if counts[text] == 1}

    def hand_label(self, item: int, locale: str | None) -> str:
        return money_label(item, locale)

    def action_items(self, action: str) -> set[int]:
        words = action.split()
        if words and words[0] in ("take", "pay") and len(words) == 2:
            return _ints(words[1])
        if words and words[0] == "buy" and len(words) == 3:
            return _ints(words[2])
        return set()

    def view_items(self, view: View) -> set[int]:
        found = set(view["display"]) | set(view.get("hand") or [])
        if view["paying"]:
            found.update(view["paying"]["paid"])
        for event in view["events"]:
            for key in ("cards", "paid"):
                found.update(event.get(key) or [])
        return found

    def scramble(self, state: State, viewer: int | None, rng: random.Random) -> State:
        return scramble_hidden(state, viewer, rng)
