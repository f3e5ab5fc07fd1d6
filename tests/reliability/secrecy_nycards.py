"""The New York card game's secrecy helper for the leak detector (see `secrecy.py`).

Secret: the money deck (contents, order, where the scoring cards lie), the building deck, and
each hand's cards that nobody saw arrive (the starting money is counted in public but its
cards are not shown). Every card taken from the face-up display is known to be in its taker's
hand until it is paid (payments and the discard pile are public)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import ClassVar

from rules.contract import State, View
from rules.nycards.components import BUILDINGS, building_label, money_label
from tests.helpers.nycards import scramble_hidden
from tests.helpers.playout import ints_in_lists

EVENT_CARD_KEYS = ("cards", "paid", "buildings", "dirk")


class NyCardsTracker:
    """Remembers every money card that has lain face up in the display or been taken."""

    def __init__(self) -> None:
        self.known: set[int] = set()

    def observe(self, state: State) -> None:
        self.known.update(state["display"])
        for event in state["events"]:  # cards taken were face up, even before a first observe
            if event["type"] == "took":
                self.known.update(event["cards"])

    def secret(self, state: State, viewer: int | None) -> set[int]:
        hidden = set(state["money_deck"]) | set(state["building_deck"])
        for seat, hand in enumerate(state["hands"]):
            if seat != viewer:
                hidden.update(c for c in hand if c not in self.known)
        return hidden


class NyCardsSecrets:
    game_id = "nycards"
    quick_options: ClassVar[Mapping[str, str]] = {}

    def tracker(self) -> NyCardsTracker:
        return NyCardsTracker()

    def tokens(self, locale: str | None) -> Mapping[str, int]:
        """Building labels naming one building only (money labels such as `green 7` name two
        or three copies, so they are no token; the scramble check covers money)."""
        labels = {b: building_label(b, locale) for b in BUILDINGS}
        counts = Counter(labels.values())
        return {text: b for b, text in labels.items() if counts[text] == 1}

    def hand_label(self, item: int, locale: str | None) -> str:
        return money_label(item, locale)

    def action_items(self, action: str) -> set[int]:
        verb, _, rest = action.partition(" ")
        if verb not in ("take", "buy"):
            return set()
        cards = rest.split(" ")[-1]
        return {int(p) for p in cards.split(",") if p.strip().isascii() and p.strip().isdigit()}

    def view_items(self, view: View) -> set[int]:
        found = {b for b in view["yard"] if b is not None} | set(view["display"])
        found |= ints_in_lists(view["buildings"]) | set(view["dirk_buildings"])
        found |= set(view["unassigned"]) | set(view.get("hand") or [])
        found |= ints_in_lists(view.get("known") or [])  # the public memory of cards taken
        if view["pending"]:
            found.add(view["pending"]["building"])
        # Cards paid before a reshuffle in the same step were seen, then shuffled into the deck:
        # only the events after the last reshuffle describe where cards are now.
        kinds = [e["type"] for e in view["events"]]
        since = len(kinds) - kinds[::-1].index("reshuffled") if "reshuffled" in kinds else 0
        for event in view["events"][since:]:
            found |= ints_in_lists([event.get(k) for k in EVENT_CARD_KEYS])
            if "building" in event:
                found.add(event["building"])
        return found

    def scramble(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """`tests.helpers.nycards.scramble_hidden` on a shallow copy: only the lists it
        replaces are new (a deepcopy dominated the detector's time)."""
        light = dict(state, hands=list(state["hands"]), building_deck=list(state["building_deck"]))
        return scramble_hidden(light, viewer, rng, copy_state=False)
