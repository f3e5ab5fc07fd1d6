"""`BaseGame`: the plumbing every game shares behind the contract (`rules.contract.Game`).

A game is one subclass whose methods are its rules (`MoneyGame(BaseGame[Action])`); the base
owns what is the same in all of them:
- `new_game`: the player count checked against `info`, the options read against `info.options`,
  then the game's `setup`; its count of applied actions starts at 0;
- `apply`: the guard (game over, a seat of the game, the action parsed, the seat among those to
  act), the copy of the state (only the parts described by `copied`), a fresh `events` list,
  the game's `play` on that copy, and the count of applied actions raised by one.

State is plain JSON data; every game's state holds `game`, `players`, `phase` (`"over"` once the
game has ended), `rng`, `events` and `APPLIED_KEY`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from rules.contract import Choices, GameInfo, Outcome, State, View
from rules.errors import GameOver, IllegalAction, NotYourTurn, RuleError

# The number of actions applied to the game: the state's own version. (Not the store's row
# version, which also counts lobby and seat changes.)
APPLIED_KEY = "applied"

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

Action = TypeVar("Action")
Key = TypeVar("Key", bound="SupportsRichComparison")  # what `max` compares: ints, int tuples


def copy_levels(value: Any, depth: int) -> Any:
    """A copy of JSON data whose first `depth` levels of lists and dicts are new containers
    (`depth` 1: a shallow copy; deeper values are shared). None and scalars are returned as is."""
    if depth <= 0:
        return value
    deeper = depth - 1
    if type(value) is list:
        if not deeper:
            return value.copy()
        return [copy_levels(x, deeper) if type(x) is list or type(x) is dict else x for x in value]
    if type(value) is dict:
        if not deeper:
            return value.copy()
        return {
            k: copy_levels(x, deeper) if type(x) is list or type(x) is dict else x
            for k, x in value.items()
        }
    return value


def _copy_three(value: Any) -> Any:
    """`copy_levels(value, 3)`, faster for lists of lists (cities, palazzi)."""
    if type(value) is not list:
        return copy_levels(value, 3)
    return [
        [y.copy() if type(y) is list or type(y) is dict else y for y in x]
        if type(x) is list
        else copy_levels(x, 2)
        for x in value
    ]


def top_seats(keys: Sequence[Key]) -> list[int]:
    """The seats whose key (a score, or a tuple of tie-breaks) is the highest; ties share."""
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]


def is_seat(seat: object, players: int) -> bool:
    """Whether `seat` is the index of a seat of a game of `players` (an int, not a bool)."""
    return type(seat) is int and 0 <= seat < players


class BaseGame(ABC, Generic[Action]):
    """A game behind the contract. Subclasses set `info` and `copied` and write the rules:
    `setup`, `parse`, `play`, `to_act`, `turn`, `choices`, `view`, `outcome`, `bot_action`,
    `describe` and `locations`."""

    info: GameInfo
    # The state parts `play` may change, each with how many levels of nested lists and dicts
    # under it it may change (`"deck": 1`, `"hands": 2` for a list of lists); `copy_state`
    # copies exactly these, and every other part is shared with the previous state.
    copied: ClassVar[Mapping[str, int]]
    # Whether `new_game` refuses option names `info` does not declare (else they are ignored).
    refuses_unknown_options: ClassVar[bool] = True

    def __init__(self) -> None:
        levels = self.copied
        self._one_level = tuple(key for key, depth in levels.items() if depth == 1)
        self._two_levels = tuple(key for key, depth in levels.items() if depth == 2)
        self._three_levels = tuple(key for key, depth in levels.items() if depth == 3)
        self._more_levels = tuple((key, d) for key, d in levels.items() if d > 3)

    def __repr__(self) -> str:
        return f"<game {self.info.id}>"

    # ------------------------------------------------------------ shared plumbing

    def new_game(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """A fresh game (see the contract): raises IllegalAction for a player count outside
        `info`'s range (`error.player_count`) or a bad option (`error.bad_option`)."""
        self.check_players(players)
        state = self.setup(players, self.read_options(options), seed)
        state[APPLIED_KEY] = 0
        return state

    def hand(self, state: State, seat: int) -> Any:
        """The seat's `hand` (see `rules.contract.Game`); by default from its whole view."""
        return self.view(state, seat).get("hand")

    def check_players(self, players: object) -> None:
        """Refuse a player count the game is not for."""
        low, high = self.info.min_players, self.info.max_players
        if type(players) is not int or not low <= players <= high:
            raise IllegalAction("error.player_count", min=low, max=high, count=players)

    def read_options(self, options: Mapping[str, str]) -> dict[str, str]:
        """Each declared option's value (its default when not given), checked against its
        choices; names not declared are refused when `refuses_unknown_options`."""
        if self.refuses_unknown_options and set(options) - {o.name for o in self.info.options}:
            raise IllegalAction("error.bad_option")
        values = {}
        for option in self.info.options:
            value = str(options.get(option.name, option.default))
            if value not in option.choices:
                raise IllegalAction("error.bad_option")
            values[option.name] = value
        return values

    def apply(self, state: State, seat: int, action: str) -> State:
        """The state after `seat` plays `action` (see the contract); `state` is left unchanged.

        Refusals, in this order: `GameOver` (`error.game_over`), `NotYourTurn`
        (`error.not_seated`) for a seat not of this game, the `parse` errors, `refusal` for a
        seat that need not act now, then the errors of `play`."""
        if self.is_over(state):
            raise GameOver("error.game_over")
        if not is_seat(seat, state["players"]):
            raise NotYourTurn("error.not_seated")
        act = self.parse(action)
        if seat not in self.to_act(state):
            raise self.refusal(state, seat)
        new = self.copy_state(state)
        self.play(new, seat, act)
        new[APPLIED_KEY] = state[APPLIED_KEY] + 1
        return new

    def copy_state(self, state: State) -> State:
        """A copy deep enough that `play` never touches `state` (see `copied`), with an empty
        `events` list for the events of the action about to be played."""
        new = state.copy()
        for key in self._one_level:  # the loops of `copy_levels`, unrolled: apply's hot path
            if (value := state[key]) is not None:
                new[key] = value.copy()
        for key in self._two_levels:
            value = state[key]
            if type(value) is list:
                new[key] = [x.copy() if type(x) is list or type(x) is dict else x for x in value]
            elif type(value) is dict:
                new[key] = {
                    k: x.copy() if type(x) is list or type(x) is dict else x
                    for k, x in value.items()
                }
        for key in self._three_levels:
            new[key] = _copy_three(state[key])
        for key, depth in self._more_levels:
            new[key] = copy_levels(state[key], depth)
        new["events"] = []
        return new

    def is_over(self, state: State) -> bool:
        """Whether the game has ended."""
        return bool(state["phase"] == "over")

    def undoable(self, before: State, after: State, seat: int, action: str) -> bool:
        """Whether the action may be taken back (see the contract); by default nothing may."""
        return False

    def refusal(self, state: State, seat: int) -> RuleError:
        """The error for a seat of the game that has nothing to do now."""
        return NotYourTurn("error.not_your_turn")

    # ------------------------------------------------------------ the rules of each game

    @abstractmethod
    def setup(self, players: int, options: dict[str, str], seed: int) -> State:
        """A new game for a valid player count and the read options (`new_game` adds the count
        of applied actions)."""

    @abstractmethod
    def parse(self, action: str) -> Action:
        """The action of a text; raises MalformedAction when it cannot be read."""

    @abstractmethod
    def play(self, state: State, seat: int, act: Action) -> None:
        """Play `act` of `seat` (who must act now) on `state`, a copy: change it in place and
        append the public events; raise a `RuleError` when the rules refuse it."""

    @abstractmethod
    def to_act(self, state: State) -> list[int]:
        """The seats that must act now; [] once the game is over."""

    @abstractmethod
    def turn(self, state: State) -> str:
        """The label of the current turn (see the contract)."""

    @abstractmethod
    def choices(self, state: State, seat: int) -> Choices:
        """The legal choices of `seat` now."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> View:
        """What `seat` (None: the public) may see."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def bot_action(self, view: View, seed: int) -> str:
        """A legal, sensible action for the seat of `view`."""

    @abstractmethod
    def describe(self, event: Mapping[str, Any], names: list[str], locale: str | None) -> str:
        """One public event in words."""

    @abstractmethod
    def locations(self, state: State) -> dict[str, list[int]]:
        """Every component id of the game by `kind:place` (see the contract)."""
