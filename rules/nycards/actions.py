"""The New York card game's actions and their stable text form.

take 12,35       take these face-up money cards (one of any value, or several totalling ≤ 5)
buy 12,35        buy the building of the slot whose currency these cards are, paying with them
buy 2 12,35      the same with the slot (1–4) named; the cards must be of its currency
keep | gift      two players: keep the building just bought, or give it to Dirk
pass             only when no action at all is possible (PROPOSED)
end              end the turn instead of the extra action an exact payment gives
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import MalformedAction
from rules.parsing import small_int, small_ints, verb_and_rest


@dataclass(frozen=True)
class Take:
    """Take face-up money cards."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Buy:
    """Buy a yard building; `slot` (0-based) is None when the payment's currency names it."""

    slot: int | None
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Keep:
    """Two players: keep the building just bought."""


@dataclass(frozen=True)
class Gift:
    """Two players: give the building just bought to Dirk."""


@dataclass(frozen=True)
class Pass:
    """End the turn when nothing can be done."""


@dataclass(frozen=True)
class End:
    """Decline the extra action after an exact payment: the turn ends."""


Action = Take | Buy | Keep | Gift | Pass | End


def _cards(text: str) -> tuple[int, ...]:
    cards = small_ints(text, "nycards.error.no_cards")
    if len(set(cards)) != len(cards):
        raise MalformedAction("nycards.error.duplicate_card")
    return cards


def parse(text: str) -> Action:
    """Read an action's text form; raise MalformedAction if it is not one."""
    verb, rest = verb_and_rest(text)
    if verb == "take":
        return Take(_cards(rest))
    if verb == "buy":
        first, _, more = rest.partition(" ")
        if more.strip():
            slot = small_int(first)
            return Buy(slot - 1, _cards(more))
        return Buy(None, _cards(rest))
    if not rest and verb == "keep":
        return Keep()
    if not rest and verb == "gift":
        return Gift()
    if not rest and verb == "pass":
        return Pass()
    if not rest and verb == "end":
        return End()
    raise MalformedAction("error.malformed")
