"""The differential check of a fast simulator against its reference rules engine.

On seeded random games (moves drawn by the simulator), both must agree at every step on who
acts, on the legal moves the simulator lists (and, where it samples a move instead of listing
them, on that move's legality: the reference applies it or refuses it), on the whole state
(the simulator's `to_state()` against the reference state without `events` and `applied`) and
on the final scores. Used by `tests/rules/test_<game>_sim.py` and `bench.rules_speed --check`.
"""

from __future__ import annotations

import random
from typing import Any

from bench.common import GAME_OPTIONS
from games import RULES
from rules.contract import Choices, State
from rules.sims import SIMS, SimModule

IGNORED = ("events", "applied")


class Disagreement(AssertionError):
    """The simulator and the reference engine disagree."""


def reference_state(state: State) -> State:
    """The reference state without what only the engine keeps (events, applied count)."""
    return {k: v for k, v in state.items() if k not in IGNORED}


def listed_reference(choices: Choices) -> set[str]:
    """The complete moves the reference lists (picks are built by the UI, not listed)."""
    return set(choices.moves)


def check_game(game_id: str, players: int, seed: int, options: dict[str, str] | None = None) -> int:
    """Play one seeded random game through both; raise Disagreement at the first difference.
    Returns the number of actions played."""
    game = RULES[game_id]
    module: SimModule = SIMS[game_id]
    opts = dict(GAME_OPTIONS.get(game_id, {}) if options is None else options)
    state = game.new_game(players, opts, seed)
    sim = module.new(players, opts, seed)
    rng = random.Random(seed)
    steps = 0
    _same_state(state, sim, game_id, seed, steps)
    while True:
        to_act = game.to_act(state)
        if to_act != sim.to_act():
            raise Disagreement(f"{game_id} seed {seed} step {steps}: to_act {to_act} vs sim")
        if not to_act:
            break
        seat = to_act[rng.randrange(len(to_act))]
        listed = {module.move_text(m) for m in sim.legal(seat)}
        reference = module.reference_moves(state, seat, game.choices(state, seat))
        if listed != reference:
            raise Disagreement(
                f"{game_id} seed {seed} step {steps}: moves {sorted(reference)} vs sim "
                f"{sorted(listed)}"
            )
        move = sim.random_move(seat, rng)
        text = module.move_text(move)
        try:
            state = game.apply(state, seat, text)
        except Exception as error:  # the reference refuses the simulator's move
            raise Disagreement(f"{game_id} seed {seed} step {steps}: {text!r} refused") from error
        sim.apply(seat, move)
        steps += 1
        _same_state(state, sim, game_id, seed, steps)
    outcome = game.outcome(state)
    assert outcome is not None
    if list(outcome.scores) != list(sim.scores()):
        raise Disagreement(f"{game_id} seed {seed}: scores {outcome.scores} vs {sim.scores()}")
    return steps


def _same_state(state: State, sim: Any, game_id: str, seed: int, step: int) -> None:
    expected = reference_state(state)
    got = sim.to_state()
    if expected != got:
        keys = sorted(k for k in expected.keys() | got.keys() if expected.get(k) != got.get(k))
        detail = {k: (expected.get(k), got.get(k)) for k in keys[:3]}
        raise Disagreement(f"{game_id} seed {seed} step {step}: state differs in {keys}: {detail}")


def check_games(game_id: str, games: int, first_seed: int = 0) -> int:
    """`check_game` on `games` seeded games cycling through the player counts; the actions
    played in all."""
    info = RULES[game_id].info
    counts = range(info.min_players, info.max_players + 1)
    return sum(check_game(game_id, counts[n % len(counts)], first_seed + n) for n in range(games))
