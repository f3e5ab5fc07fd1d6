"""Sealed Bids, the rules: a small auction with a hidden hand and simultaneous sealed bids.

Two or three players. Six lots worth 1 to 6 are shuffled face down; fifteen bid cards worth 1 to
15 are shuffled and five are dealt to each player (the rest stay face down, unseen). Each round
the next lot is turned up and every player bids one card of their hand face down, all at once.
When all have bid, the bids are shown: the single highest bid wins the lot; a tie for the
highest wins nothing and the lot is set aside. Played bid cards are discarded. After five rounds
the player whose lots are worth most wins; equal totals share the win.

Action: `bid <card id>` (the pick `bid` of one card of the hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from i18n import t
from rules import rng as rngmod
from rules.base import BaseGame, top_seats
from rules.contract import Choices, GameInfo, Outcome, Pick, State, View
from rules.errors import IllegalAction, MalformedAction
from rules.parsing import small_int, verb_and_rest

LOT_VALUES = (1, 2, 3, 4, 5, 6)  # a lot's id is its index
CARD_VALUES = tuple(range(1, 16))  # a bid card's id is its index
HAND_SIZE = 5
ROUNDS = 5

INFO = GameInfo(
    id="sealedbid",
    name_key="sealedbid.name",
    summary_key="sealedbid.summary",
    min_players=2,
    max_players=3,
)


def scores(won: list[list[int]]) -> list[int]:
    """Each seat's total of the lots it won."""
    return [sum(LOT_VALUES[lot] for lot in lots) for lots in won]


class SealedBidsGame(BaseGame[int]):
    """The rules of Sealed Bids; a parsed action is the id of the card bid."""

    info = INFO
    copied: ClassVar[Mapping[str, int]] = {
        "hands": 2,
        "bids": 1,
        "won": 2,
        "lots": 1,
        "set_aside": 1,
        "discard": 1,
    }

    def setup(self, players: int, options: dict[str, str], seed: int) -> State:
        """Shuffle the lots and the cards, deal five cards each, turn up the first lot."""
        rng = rngmod.seed_state(seed)
        lots = list(range(len(LOT_VALUES)))
        rng = rngmod.shuffle(rng, lots)
        cards = list(range(len(CARD_VALUES)))
        rng = rngmod.shuffle(rng, cards)
        return {
            "game": INFO.id,
            "players": players,
            "options": options,
            "rng": rng,
            "phase": "bid",
            "round": 1,
            "lot": lots[0],  # the lot up for auction; None once the game is over
            "lots": lots[1:],  # face down, the next first
            "set_aside": [],  # lots nobody won (a tie for the highest bid)
            "deck": sorted(cards[players * HAND_SIZE :]),  # never dealt, never seen
            "hands": [sorted(cards[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(players)],
            "bids": [None] * players,  # each seat's sealed bid, secret until all have bid
            "won": [[] for _ in range(players)],
            "discard": [],
            "events": [{"type": "lot", "round": 1, "lot": lots[0]}],
        }

    def parse(self, action: str) -> int:
        verb, rest = verb_and_rest(action)
        if verb != "bid":
            raise MalformedAction("error.malformed")
        return small_int(rest)

    def play(self, state: State, seat: int, act: int) -> None:
        if act not in state["hands"][seat]:
            raise IllegalAction("sealedbid.error.not_in_hand")
        state["hands"][seat].remove(act)
        state["bids"][seat] = act
        state["events"].append({"type": "bid", "seat": seat})
        if all(bid is not None for bid in state["bids"]):
            self._reveal(state)

    def _reveal(self, state: State) -> None:
        """Show the bids, give the lot to the single highest, then the next lot or the end."""
        bids: list[int] = state["bids"]
        values = [CARD_VALUES[card] for card in bids]
        top = [seat for seat, value in enumerate(values) if value == max(values)]
        winner = top[0] if len(top) == 1 else None
        if winner is None:
            state["set_aside"].append(state["lot"])
        else:
            state["won"][winner].append(state["lot"])
        state["events"].append(
            {"type": "reveal", "lot": state["lot"], "bids": list(bids), "winner": winner}
        )
        state["discard"].extend(bids)
        state["bids"] = [None] * state["players"]
        if state["round"] == ROUNDS:
            state["phase"] = "over"
            state["lot"] = None
            state["events"].append({"type": "over", "scores": scores(state["won"])})
            return
        state["round"] += 1
        state["lot"] = state["lots"].pop(0)
        state["events"].append({"type": "lot", "round": state["round"], "lot": state["lot"]})

    def to_act(self, state: State) -> list[int]:
        if state["phase"] == "over":
            return []
        return [seat for seat, bid in enumerate(state["bids"]) if bid is None]

    def turn(self, state: State) -> str:
        return str(state["round"])

    def choices(self, state: State, seat: int) -> Choices:
        if seat not in self.to_act(state):
            return Choices()
        return Choices(picks=(Pick("bid", tuple(state["hands"][seat]), 1, 1),))

    def view(self, state: State, seat: int | None) -> View:
        public: View = {
            "game": INFO.id,
            "seat": seat,
            "players": state["players"],
            "phase": state["phase"],
            "round": state["round"],
            "rounds": ROUNDS,
            "lot": state["lot"],
            "lots_left": len(state["lots"]),
            "won": [list(lots) for lots in state["won"]],
            "scores": scores(state["won"]),
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "has_bid": [bid is not None for bid in state["bids"]],
            "to_act": self.to_act(state),
            "events": [dict(event) for event in state["events"]],
        }
        if seat is None:
            return public
        return dict(public, hand=list(state["hands"][seat]), my_bid=state["bids"][seat])

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        totals = scores(state["won"])
        return Outcome(reason="lots", scores=tuple(totals), winners=tuple(top_seats(totals)))

    def bot_action(self, view: View, seed: int) -> str:
        """Bid the highest card for a lot worth 4 or more, the lowest otherwise."""
        hand = sorted(view["hand"], key=lambda card: CARD_VALUES[card])
        return f"bid {hand[-1] if LOT_VALUES[view['lot']] >= 4 else hand[0]}"

    def describe(self, event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
        kind = event["type"]
        if kind == "lot":
            value = LOT_VALUES[event["lot"]]
            return t("sealedbid.event.lot", locale, round=event["round"], value=value)
        if kind == "bid":
            return t("sealedbid.event.bid", locale, name=names[event["seat"]])
        if kind == "reveal":
            shown = ", ".join(
                t("sealedbid.event.one_bid", locale, name=names[s], value=CARD_VALUES[card])
                for s, card in enumerate(event["bids"])
            )
            if event["winner"] is None:
                return t("sealedbid.event.tie", locale, bids=shown)
            value = LOT_VALUES[event["lot"]]
            name = names[event["winner"]]
            return t("sealedbid.event.won", locale, bids=shown, name=name, value=value)
        return t("sealedbid.event.over", locale)

    def locations(self, state: State) -> dict[str, list[int]]:
        places: dict[str, list[int]] = {
            "card:deck": list(state["deck"]),
            "card:discard": list(state["discard"]),
            "lot:stack": list(state["lots"]),
            "lot:set_aside": list(state["set_aside"]),
            "lot:up": [] if state["lot"] is None else [state["lot"]],
        }
        for seat in range(state["players"]):
            bid = state["bids"][seat]
            places[f"card:hand.{seat}"] = list(state["hands"][seat])
            places[f"card:bid.{seat}"] = [] if bid is None else [bid]
            places[f"lot:won.{seat}"] = list(state["won"][seat])
        return places
