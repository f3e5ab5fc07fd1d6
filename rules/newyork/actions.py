"""New York's actions and their stable text form (lower case; spots as labelled on the city).

take 3,17          take money from the display (one card, or several totalling at most 5)
buy 2 3,17         buy space 2 (1–4) paying with these cards, in one action (what is offered)
buy 2              start buying the tile of market space 2 step by step; then pay (no longer
                   offered; accepted so that games begun this way go on)
pay 3,17           pay for the tile being bought step by step with these cards (more may follow)
back               give up the purchase being paid for (the paid cards go back to the hand)
end                end the turn when no action is possible
place 41 b3        build a bought tile at spot b3 (end of turn)
place 41 reserve   put a bought tile into the reserve
gift 41            give a bought tile to Dirk (2 players)
move 41 b3         redesign: build a reserve tile at spot b3
move 41 reserve    redesign: move a city tile to the reserve
swap 41 12         redesign: reserve tile 41 takes the place of city tile 12
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import MalformedAction
from rules.parsing import action_text, small_int, small_ints

MAX_ACTION_LENGTH = 200
RESERVE = "reserve"


@dataclass(frozen=True)
class Take:
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Buy:
    slot: int  # 0-based
    cards: tuple[int, ...]  # empty: start paying step by step


@dataclass(frozen=True)
class Pay:
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Back:
    pass


@dataclass(frozen=True)
class End:
    pass


@dataclass(frozen=True)
class Place:
    tile: int
    spot: str  # a label, or RESERVE


@dataclass(frozen=True)
class Gift:
    tile: int


@dataclass(frozen=True)
class Move:
    tile: int
    spot: str  # a label, or RESERVE


@dataclass(frozen=True)
class Swap:
    tile: int  # from the reserve
    replaced: int  # in the city


Action = Take | Buy | Pay | Back | End | Place | Gift | Move | Swap


def _spot(text: str) -> str:
    text = text.strip().lower()
    if not text or len(text) > 8 or not text.isascii() or not text.isalnum():
        raise MalformedAction("error.malformed")
    return text


def parse(text: str) -> Action:
    """Read an action's text form; raise MalformedAction if it is not one."""
    words = action_text(text, MAX_ACTION_LENGTH).strip().lower().split()
    if not words:
        raise MalformedAction("error.malformed")
    verb, args = words[0], words[1:]
    if verb == "take" and len(args) == 1:
        return Take(small_ints(args[0]))
    if verb == "buy" and len(args) in (1, 2):
        slot = small_int(args[0])
        if not 1 <= slot <= 4:
            raise MalformedAction("newyork.error.bad_slot")
        return Buy(slot - 1, small_ints(args[1]) if len(args) == 2 else ())
    if verb == "pay" and len(args) == 1:
        return Pay(small_ints(args[0]))
    if verb == "back" and not args:
        return Back()
    if verb == "end" and not args:
        return End()
    if verb == "place" and len(args) == 2:
        return Place(small_int(args[0]), _spot(args[1]))
    if verb == "gift" and len(args) == 1:
        return Gift(small_int(args[0]))
    if verb == "move" and len(args) == 2:
        return Move(small_int(args[0]), _spot(args[1]))
    if verb == "swap" and len(args) == 2:
        return Swap(small_int(args[0]), small_int(args[1]))
    raise MalformedAction("error.malformed")
