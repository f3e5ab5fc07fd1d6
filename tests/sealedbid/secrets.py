"""Sealed Bids' secrets helper (see `tests/reliability/secrecy.py` for the interface).

Secret to a viewer: the cards never dealt, the other seats' hands, their sealed bids until all
are shown, and the order of the face-down lots. A bid card is public once it is revealed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from i18n import t
from rules.contract import State, View
from tests.sealedbid.rules import CARD_VALUES


class SealedBidsTracker:
    """Remembers every bid card shown (revealed bids are discarded face up)."""

    def __init__(self) -> None:
        self.known: set[int] = set()

    def observe(self, state: State) -> None:
        self.known.update(state["discard"])

    def secret(self, state: State, viewer: int | None) -> set[int]:
        hidden = set(state["deck"])
        for seat in range(state["players"]):
            if seat != viewer:
                hidden.update(state["hands"][seat])
                hidden.update([] if state["bids"][seat] is None else [state["bids"][seat]])
        return hidden - self.known


class SealedBidsSecrets:
    game_id = "sealedbid"
    quick_options: ClassVar[Mapping[str, str]] = {}

    def tracker(self) -> SealedBidsTracker:
        return SealedBidsTracker()

    def tokens(self, locale: str | None) -> Mapping[str, int]:
        return {self.hand_label(card, locale): card for card in range(len(CARD_VALUES))}

    def hand_label(self, item: int, locale: str | None) -> str:
        return t("sealedbid.card", locale, value=CARD_VALUES[item])

    def action_items(self, action: str) -> set[int]:
        _verb, _, rest = action.partition(" ")
        return {int(rest)} if rest.isascii() and rest.isdigit() else set()

    def view_items(self, view: View) -> set[int]:
        found = set(view.get("hand") or [])
        if view.get("my_bid") is not None:
            found.add(view["my_bid"])
        for event in view["events"]:
            found.update(event.get("bids") or [])
        return found

    def scramble(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """Deal everything hidden from `viewer` anew, keeping each place's size and who has
        bid; shuffle the face-down lots."""
        other = dict(state, hands=list(state["hands"]), bids=list(state["bids"]))
        pool = sorted(SealedBidsTracker().secret(state, viewer))
        rng.shuffle(pool)
        other["deck"] = sorted(pool.pop() for _ in state["deck"])
        for seat in range(state["players"]):
            if seat == viewer:
                continue
            other["hands"][seat] = sorted(pool.pop() for _ in state["hands"][seat])
            if state["bids"][seat] is not None:
                other["bids"][seat] = pool.pop()
        assert not pool
        lots = list(state["lots"])
        rng.shuffle(lots)
        other["lots"] = lots
        return other
