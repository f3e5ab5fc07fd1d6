"""Money's actions and their stable text form.

bid 12,35,70     place a secret bid (card ids; the bluff card alone bids nothing)
row left         take the left row (or `row right`)
take 2           take the bid of seat 2
pass             take the own bid back
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import MalformedAction
from rules.parsing import small_int, small_ints, verb_and_rest

ROWS = ("left", "right")


@dataclass(frozen=True)
class Bid:
    """A secret bid of these cards."""

    cards: tuple[int, ...]

    def text(self) -> str:
        return "bid " + ",".join(str(c) for c in self.cards)


@dataclass(frozen=True)
class TakeRow:
    """Take a whole row, leaving the own bid in its place."""

    row: str

    def text(self) -> str:
        return f"row {self.row}"


@dataclass(frozen=True)
class TakeBid:
    """Take the whole bid of a seat that has not acted yet, leaving the own bid there."""

    seat: int

    def text(self) -> str:
        return f"take {self.seat}"


@dataclass(frozen=True)
class Pass:
    """Take the own bid back."""

    def text(self) -> str:
        return "pass"


Action = Bid | TakeRow | TakeBid | Pass


def parse(text: str) -> Action:
    """Read an action's text form; raise MalformedAction if it is not one."""
    verb, rest = verb_and_rest(text)
    if verb == "bid":
        return Bid(small_ints(rest, "money.error.empty_bid"))
    if verb == "row" and rest in ROWS:
        return TakeRow(rest)
    if verb == "take" and rest:
        return TakeBid(small_int(rest))
    if verb == "pass" and not rest:
        return Pass()
    raise MalformedAction("error.malformed")
