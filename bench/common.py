"""Shared pieces of the benchmarks: a seeded random mover, percentiles, and table printing."""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator, Sequence
from typing import Any

from rules.contract import Game, Pick, State

# Options that make one "game" of each title for the speed figures (Money: one hand).
GAME_OPTIONS: dict[str, dict[str, str]] = {
    "money": {"hands": "1"},
    "newyork": {"length": "full"},
    "nycards": {},
    "palazzo": {},
}


def random_action(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """A uniformly chosen legal move of `seat`, or a random allowed subset for a pick."""
    choices = game.choices(state, seat)
    options: list[str | Pick] = [*choices.moves, *choices.picks]
    chosen = rng.choice(options)
    if isinstance(chosen, str):
        return chosen
    if chosen.suggestions:  # not every subset is legal (e.g. a payment): play a listed one
        return chosen.action(rng.choice(chosen.suggestions))
    size = rng.randint(chosen.min, min(chosen.max, chosen.min + 3))
    return chosen.action(rng.sample(chosen.items, size))


def playout(game: Game, players: int, seed: int, options: dict[str, str]) -> Iterator[State]:
    """Every state of one seeded random game, the first to the last."""
    yield game.new_game(players, options, seed)
    for _, _, state in playout_steps(game, players, seed, options):
        yield state


def playout_steps(
    game: Game, players: int, seed: int, options: dict[str, str]
) -> Iterator[tuple[int, str, State]]:
    """(seat, action, state after it) for every action of the seeded random game `playout`
    plays."""
    rng = random.Random(seed)
    state = game.new_game(players, options, seed)
    while to_act := game.to_act(state):
        seat = to_act[rng.randrange(len(to_act))]
        action = random_action(game, state, seat, rng)
        state = game.apply(state, seat, action)
        yield seat, action, state


def played_log(
    game: Game, players: int, seed: int, options: dict[str, str]
) -> list[tuple[int, str]]:
    """The (seat, action) log of the seeded random game that `playout` plays."""
    return [(seat, action) for seat, action, _ in playout_steps(game, players, seed, options)]


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """A Markdown table, so the figures can be pasted into the README."""
    print(f"\n### {title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")
