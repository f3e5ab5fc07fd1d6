"""Baseline Money players to measure the bot against, and a seeded tournament to compare them.

The greedy baseline plays from its own seat's view, as the bot does: it bids its single highest
card (ties by lowest id), and in the exchange takes whichever row or bid raises its exact hand
score the most over passing (taking its own bid back); at an equal score, the one with the most
face value; else it passes (ties between options: row left, row right, then the bids in
exchange order). It is deterministic and ignores its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from statistics import mean

from rules.contract import Game, State, View
from rules.money.components import CARDS, bluff_id
from rules.money.scoring import score_cards
from tests.helpers.money import GAME
from tests.helpers.playout import Mover, bot_action, mixed, play

Policy = Callable[[View, int], str]
"""A player from a seat's view: (view, seed) -> action, like `bot_action` of the contract."""


def _greedy_key(hand: list[int], cards: list[int]) -> tuple[int, int]:
    """How the greedy baseline ranks taking `cards`: exact score of the hand with them, then
    their face value."""
    return score_cards(hand + cards)["total"], sum(CARDS[c].value for c in cards)


def greedy_policy(view: View, seed: int) -> str:
    """The greedy baseline's action for the seat whose view this is (the seed is unused)."""
    seat = view["seat"]
    hand = view["hand"]
    if view["phase"] == "bid":
        cards = [c for c in hand if c != bluff_id(seat)]
        if not cards:
            return f"bid {bluff_id(seat)}"
        best = max(cards, key=lambda c: (CARDS[c].value, -c))
        return f"bid {best}"
    mine = view["seats"][seat]["table"] or []
    best_action, best_key = "pass", _greedy_key(hand, mine)
    options: list[tuple[str, list[int]]] = [
        (f"row {row}", view["rows"][row]) for row in ("left", "right") if view["rows"][row]
    ]
    options += [(f"take {s}", view["seats"][s]["table"]) for s in view["order"] if s != seat]
    for action, cards in options:
        key = _greedy_key(hand, cards)
        if key > best_key:
            best_action, best_key = action, key
    return best_action


def policy_mover(policy: Policy) -> Mover:
    """A playout mover that feeds `policy` only the seat's view, with a fresh seed per move."""

    def move(game: Game, state: State, seat: int, rng: random.Random) -> str:
        return policy(game.view(state, seat), rng.getrandbits(62))

    return move


greedy_action: Mover = policy_mover(greedy_policy)


@dataclass
class Tally:
    """Scores of the measured seats and of the others over a series of one-hand games."""

    players: int
    hands: int = 0
    mine: list[int] = field(default_factory=list)
    others: list[int] = field(default_factory=list)
    wins: float = 0.0  # hands won by a measured seat; a shared top score counts its share

    @property
    def mine_mean(self) -> float:
        """Average score of a measured seat."""
        return mean(self.mine)

    @property
    def others_mean(self) -> float:
        """Average score of an opponent seat."""
        return mean(self.others)

    @property
    def win_share(self) -> float:
        """Fraction of hands won by the measured seats (shared wins split evenly)."""
        return self.wins / self.hands

    def __str__(self) -> str:
        return (
            f"{self.players}p: bot {self.mine_mean:.0f} vs others {self.others_mean:.0f}, "
            f"wins {self.win_share:.0%} over {self.hands} hands"
        )


def tournament(
    players: int,
    seeds: Iterable[int],
    *,
    measured: Mover = bot_action,
    opponent: Mover = greedy_action,
    count: int = 1,
) -> Tally:
    """One-hand games, `count` measured seats (rotating with the seed) against `opponent`."""
    tally = Tally(players)
    for seed in seeds:
        seats = {(seed + k) % players for k in range(count)}
        mover = mixed(dict.fromkeys(seats, measured), opponent)
        result = play(GAME, players, seed, mover, options={"hands": "1"})
        scores = result.state["results"][0]["scores"]
        tally.hands += 1
        tally.mine += [scores[s] for s in seats]
        tally.others += [scores[s] for s in range(players) if s not in seats]
        top = [s for s in range(players) if scores[s] == max(scores)]
        tally.wins += len(seats.intersection(top)) / len(top)
    return tally
