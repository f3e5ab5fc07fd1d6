"""Game-generic helpers for seeded playouts: movers, replay, and invariants every game keeps.

Everything here works through the shared contract (`rules.contract.Game`) only: moves come from
`game.choices(state, seat)`, so any game gets random playouts, bot legality checks, replay and
JSON round-trip checks, and the secrecy checks on views, without game-specific code.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.contract import Choices, Game, State
from rules.errors import RuleError

Mover = Callable[[Game, State, int, random.Random], str]
"""Chooses the action of `seat` in `state`, drawing any randomness from the given generator."""

Check = Callable[[Game, State, State, int, str], None]
"""Called after every applied action with (game, state before, state after, seat, action)."""

Log = list[tuple[int, str]]


class Stalled(AssertionError):
    """A playout did not end within its action budget."""


# ------------------------------------------------------------------ movers


def random_action(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """A uniformly chosen legal choice of `seat`: one of its complete moves, or, for a Pick, one
    of its `suggestions` when it lists any, else a random subset of the pick's items of an
    allowed size (min..max), in random order of size."""
    choices = game.choices(state, seat)
    options: list[Any] = [*choices.moves, *choices.picks]
    if not options:
        raise AssertionError(f"seat {seat} must act but is offered no choice")
    chosen = rng.choice(options)
    if isinstance(chosen, str):
        return chosen
    if chosen.suggestions:  # not every subset is legal: play one of the listed completions
        return chosen.action(rng.choice(chosen.suggestions))
    size = rng.randint(chosen.min, chosen.max)
    return chosen.action(sorted(rng.sample(chosen.items, size)))


def bot_action(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """The game's bot policy, fed only the seat's view, with a fresh seed for every move."""
    return game.bot_action(game.view(state, seat), rng.getrandbits(62))


def mixed(movers: Mapping[int, Mover], default: Mover) -> Mover:
    """A mover that plays `movers[seat]` for the listed seats and `default` for the others."""

    def move(game: Game, state: State, seat: int, rng: random.Random) -> str:
        return movers.get(seat, default)(game, state, seat, rng)

    return move


def is_offered(choices: Choices, action: str) -> bool:
    """Whether `action` is one of `choices`: a listed move, or a completion of a pick (what
    the pick makes of distinct items of it, between min and max of them, named last)."""
    if action in choices.moves:
        return True
    kind, _, rest = action.partition(" ")
    for pick in choices.picks:
        if kind != pick.kind:
            continue
        try:
            items = [int(part) for part in rest.rsplit(" ", 1)[-1].split(",")]
        except ValueError:
            continue
        if (
            pick.action(items) == action
            and len(set(items)) == len(items)
            and pick.min <= len(items) <= pick.max
            and set(items) <= set(pick.items)
        ):
            return True
    return False


# ------------------------------------------------------------------ playing and replaying


@dataclass
class Playout:
    """A finished playout: enough to replay it (`players`, `options`, `seed`, `log`)."""

    game: Game
    players: int
    options: dict[str, str]
    seed: int
    state: State
    log: Log = field(default_factory=list)


def play(
    game: Game,
    players: int,
    seed: int,
    mover: Mover,
    *,
    options: Mapping[str, str] | None = None,
    check: Check | None = None,
    rng_seed: int | None = None,
    max_actions: int = 5_000,
) -> Playout:
    """Play a game from `new_game(players, options, seed)` until it is over.

    Whenever several seats must act (simultaneous steps), a random one of them moves first, so
    every order gets exercised. Every action must be offered by `game.choices` and accepted by
    `game.apply`; `check` runs after each. After every action the replay of the log from the
    seed, each step applied to a state loaded from JSON as the store does, must equal the
    played state exactly. Raises Stalled after `max_actions` actions.
    """
    opts = dict(options or {})
    rng = random.Random(seed if rng_seed is None else rng_seed)
    state = game.new_game(players, opts, seed)
    replayed = game.new_game(players, dict(opts), seed)  # rebuilt from the seed and the log only
    result = Playout(game, players, opts, seed, state)
    for _ in range(max_actions):
        if game.outcome(state) is not None:
            return result
        seat = rng.choice(game.to_act(state))
        action = mover(game, state, seat, rng)
        choices = game.choices(state, seat)
        assert is_offered(choices, action), f"seat {seat} played {action!r}, not in {choices}"
        new = game.apply(state, seat, action)
        result.log.append((seat, action))
        replayed = game.apply(json.loads(json.dumps(replayed)), seat, action)
        assert replayed == new, f"replay from the seed differs after action {len(result.log)}"
        if check is not None:
            check(game, state, new, seat, action)
        state = result.state = new
    raise Stalled(f"{game.info.id}: {players} players, seed {seed}: over {max_actions} actions")


StateCheck = Callable[[State], None]
"""Called on the dealt state and on the state after every action (a game's own invariants)."""


def play_checked(
    game: Game,
    players: int,
    seed: int,
    mover: Mover,
    *,
    options: Mapping[str, str] | None = None,
    each_state: StateCheck | None = None,
    each_action: Check | None = None,
    max_actions: int = 5_000,
) -> Playout:
    """`play`, with the invariants every game keeps checked on the dealt state and after every
    action: the state survives a JSON round trip, exactly the seats that must act have choices
    (nobody once there is an outcome), and `each_state` holds; `each_action` sees every action.
    The game must end with an outcome, and its log replayed from the seed rebuilds it."""
    opts = dict(options or {})
    actions = 0

    def check_state(state: State) -> None:
        assert_json_round_trip(state)
        assert_turn_invariants(game, state, players)
        if each_state is not None:
            each_state(state)

    def check(game: Game, before: State, after: State, seat: int, action: str) -> None:
        nonlocal actions
        actions += 1
        check_state(after)
        if each_action is not None:
            each_action(game, before, after, seat, action)

    check_state(game.new_game(players, dict(opts), seed))
    result = play(game, players, seed, mover, options=opts, check=check, max_actions=max_actions)
    assert actions == len(result.log) > 0
    assert game.outcome(result.state) is not None
    assert replay(game, players, opts, seed, result.log) == result.state
    return result


def replay(
    game: Game, players: int, options: Mapping[str, str], seed: int, log: Iterable[tuple[int, str]]
) -> State:
    """The state rebuilt from the seed and the action log alone."""
    state = game.new_game(players, dict(options), seed)
    for seat, action in log:
        state = game.apply(state, seat, action)
    return state


# ------------------------------------------------------------------ invariants


def dump(state: Any) -> str:
    """A canonical JSON text of plain data (to compare a state before and after)."""
    return json.dumps(state, sort_keys=True)


def assert_json_round_trip(state: State) -> None:
    """The state is plain JSON data: dumping and loading it gives an equal value (a tuple, a
    set, a non-string key or a float NaN would make the two differ or the dump fail)."""
    assert json.loads(json.dumps(state, allow_nan=False)) == state


def viewers(players: int) -> list[int | None]:
    """Everybody who gets a view: the public (None), then every seat."""
    return [None, *range(players)]


def assert_turn_invariants(game: Game, state: State, players: int) -> None:
    """Exactly the seats that must act have choices; nobody acts once there is an outcome."""
    to_act = game.to_act(state)
    if game.outcome(state) is not None:
        assert to_act == [], f"game over but {to_act} must act"
    else:
        assert to_act, "game not over but nobody must act"
    for seat in range(players):
        assert bool(game.choices(state, seat)) == (seat in to_act), f"seat {seat}: choices"


def assert_refused(
    game: Game, state: State, seat: int, action: str, error: type[RuleError] = RuleError
) -> RuleError:
    """`apply` refuses the action with `error` and leaves `state` exactly as it was."""
    before = dump(state)
    try:
        game.apply(state, seat, action)
    except error as exc:
        assert dump(state) == before, f"{action!r} was refused but changed the state"
        return exc
    raise AssertionError(f"seat {seat}: {action!r} was accepted, expected {error.__name__}")


def walk(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) pair of nested JSON data, the root included."""
    yield path, data
    if isinstance(data, Mapping):
        for key, value in data.items():
            yield from walk(value, (*path, key))
    elif isinstance(data, list | tuple):
        for index, value in enumerate(data):
            yield from walk(value, (*path, index))


def key_paths(data: Any, names: Iterable[str]) -> list[tuple[Any, ...]]:
    """The paths of every mapping key in `names`, at any depth."""
    wanted = set(names)
    return [path for path, _ in walk(data) if path and path[-1] in wanted]


def ints_in_lists(data: Any) -> set[int]:
    """Every integer held in a list anywhere in `data` (card and tile ids live in lists)."""
    found: set[int] = set()
    for _, value in walk(data):
        if isinstance(value, list):
            found.update(v for v in value if isinstance(v, int) and not isinstance(v, bool))
    return found


def assert_private_keys_only_at_top(
    view: Mapping[str, Any], seat: int | None, private: Sequence[str] = ("hand", "bid")
) -> None:
    """The public view (seat None) has none of the `private` keys at any depth; a seat's view
    has them only at its top level (its own hand and bid), nowhere nested."""
    paths = key_paths(view, private)
    if seat is None:
        assert paths == [], f"public view holds private keys at {paths}"
    else:
        nested = [p for p in paths if len(p) > 1]
        assert nested == [], f"seat {seat}'s view holds private keys at {nested}"
