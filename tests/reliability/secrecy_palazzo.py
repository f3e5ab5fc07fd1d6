"""Palazzo's secrets helper for the leak detector (see `secrecy.py` for the interface).

Secret: the money deck (contents and order), the stacks (contents and order), and each money
card dealt into a hand at the start until it is shown (bid, paid, or it was taken face up).
Every card taken later comes from the face-up display, so it is public knowledge.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from rules.contract import State, View
from rules.palazzo.components import TILES, money_label, tile_label
from tests.helpers.palazzo import scramble_hidden, view_items


class PalazzoTracker:
    """Remembers every money card that has been face up (display, discards, bids, events)."""

    def __init__(self) -> None:
        self.known: set[int] = set()

    def observe(self, state: State) -> None:
        self.known.update(state["display"], state["discard"])
        if state["auction"]:
            for offer in state["auction"]["offers"]:
                self.known.update(offer["cards"] if offer else [])
        for event in state["events"]:
            self.known.update(event.get("cards") or [])

    def secret(self, state: State, viewer: int | None) -> set[int]:
        hidden = set(state["deck"]).union(*state["stacks"])
        for seat in range(state["players"]):
            if seat != viewer:
                hidden.update(c for c in state["hands"][seat] if c not in self.known)
        return hidden


class PalazzoSecrets:
    game_id = "palazzo"
    quick_options: ClassVar[Mapping[str, str]] = {}

    def tracker(self) -> PalazzoTracker:
        return PalazzoTracker()

    def tokens(self, locale: str | None) -> Mapping[str, int]:
        """Tile labels that name one tile (money labels are shared by copies: none is here)."""
        labels: dict[str, list[int]] = {}
        for tile in TILES:
            labels.setdefault(tile_label(tile, locale), []).append(tile)
        return {text: ids[0] for text, ids in labels.items() if len(ids) == 1}

    def hand_label(self, item: int, locale: str | None) -> str:
        return money_label(item, locale)

    def action_items(self, action: str) -> set[int]:
        verb, _, rest = action.partition(" ")
        parts = rest.replace(",", " ").split()
        numbers = [int(p) for p in parts if p.isascii() and p.isdigit()]
        if verb == "build":
            return set(numbers[1:])
        if verb == "insert":
            return set(numbers[:1])
        return set(numbers)

    def view_items(self, view: View) -> set[int]:
        return view_items(view)

    def scramble(self, state: State, viewer: int | None, rng: random.Random) -> State:
        return scramble_hidden(state, viewer, rng)
