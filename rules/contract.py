"""The game contract that every game module implements, and the small data types it uses.

A game is a `Game` object registered in `games.py` (its rules by id: `games.RULES`). State is
plain JSON data (dicts, lists, ints, strings, None) holding its own seeded RNG; actions are
short text strings (their stable form, like a chess move's UCI), so the action log replays a
game exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

State = dict[str, Any]
View = dict[str, Any]


@dataclass(frozen=True)
class OptionInfo:
    """A game option offered when a game is created: `name` takes one of `choices`."""

    name: str
    choices: tuple[str, ...]
    default: str
    help_key: str


@dataclass(frozen=True)
class GameInfo:
    """The static description of a game."""

    id: str
    name_key: str
    summary_key: str
    min_players: int
    max_players: int
    options: tuple[OptionInfo, ...] = ()

    def default_options(self) -> dict[str, str]:
        """Each option's default value."""
        return {opt.name: opt.default for opt in self.options}


@dataclass(frozen=True)
class Pick:
    """A choice a UI builds in steps: between `min` and `max` of `items` (card ids).

    The finished action is `action(chosen)`: `f"{kind} {','.join(map(str, chosen))}"`, or in a
    game's subclass the kind, more words it derives from the chosen items (e.g. the market
    space their bank pays), and the items last, as the same comma list. Some subsets may still be
    refused by the rules (e.g. a payment below the price); `suggestions` then lists complete,
    legal selections a UI offers first (e.g. exact payments), best first.
    """

    kind: str
    items: tuple[int, ...]
    min: int
    max: int
    suggestions: tuple[tuple[int, ...], ...] = ()

    def action(self, chosen: list[int] | tuple[int, ...]) -> str:
        """The action text for the chosen items (not validated here)."""
        return f"{self.kind} {','.join(str(c) for c in chosen)}"


@dataclass(frozen=True)
class Choices:
    """What one seat may do now: complete moves, and picks to build step by step."""

    moves: tuple[str, ...] = ()
    picks: tuple[Pick, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.moves or self.picks)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: final scores, winners (seats; several share a win) and why."""

    reason: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    detail: Mapping[str, Any] = field(default_factory=dict)


class Game(Protocol):
    """The interface every game offers (see DESIGN.md, "The game contract").

    A game may also offer `hand(state, seat)`: what the seat's private hand panel shows that
    can change while it waits, without building the whole view (the table compares every
    seat's hand before and after each action to know whose panel to send again). It changes
    whenever `view(state, seat)["hand"]` does, and may hold more (Money: the own bid and the
    cards in front of the seat); `rules.base.BaseGame` has it, as the view's `hand`. Without
    it the table takes the hand from the whole view."""

    info: GameInfo

    def new_game(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """A fresh game for `players` seats (0..players-1); raises IllegalAction on bad input."""

    def to_act(self, state: State) -> list[int]:
        """The seats that must act now (several at once for simultaneous steps); [] when over."""

    def turn(self, state: State) -> str:
        """A label of the current turn: it changes whenever a new turn or decision round begins
        and stays the same across the extra actions of one turn.

        The table pings a seat when it must act and either was not waiting before, or the label
        changed meanwhile; a seat that acts and must act again under the same label (several
        actions in one turn) is not pinged again. Examples: Money `"{hand}.{round}.{phase}"`
        (all bids of a round are one turn, the exchange after them another); a game of single
        turns of up to five actions: the turn number; an auction: the lot and bidding round.
        """

    def choices(self, state: State, seat: int) -> Choices:
        """The legal choices of `seat` now (empty when it has nothing to do)."""

    def apply(self, state: State, seat: int, action: str) -> State:
        """The state after `seat` plays `action`; `state` itself is never changed.

        Raises a `RuleError` subclass with a player-facing message when the action is refused.
        The new state's `events` list describes, publicly, what happened.
        """

    def view(self, state: State, seat: int | None) -> View:
        """What `seat` may see (None: the public view). The only input of pictures and texts."""

    def outcome(self, state: State) -> Outcome | None:
        """The result once the game is over, else None."""

    def bot_action(self, view: View, seed: int) -> str:
        """A legal, sensible action for the seat whose view this is (deterministic per seed)."""

    def describe(self, event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
        """One public event (from a view's `events`) in words."""

    def undoable(self, before: State, after: State, seat: int, action: str) -> bool:
        """Whether `seat`'s `action`, which led from `before` to `after`, may be taken back: it
        revealed nothing (no random draw, nothing turned up, no secret shown; see
        `rules.undo`). The table restores `before` by replaying the log without it."""

    def locations(self, state: State) -> dict[str, list[int]]:
        """Every component of the game by where it is now: place names are `kind:place`
        (e.g. `card:deck`, `card:row.left`, `money:hand.0`, `tile:city.1`), since two kinds of
        component may share ids (New York's money cards and tiles). Within one kind every id is
        in exactly one place, and the ids of a kind stay the same all game; components not in
        play this game are in `kind:box`. Empty places may be listed or left out."""
