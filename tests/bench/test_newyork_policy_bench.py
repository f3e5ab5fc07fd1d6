"""`bench.newyork_policy`: its games on the in-place simulator are the games the rules engine
plays with the same seeds (as `bench.bots` deals them), and it prints its summary line."""

from __future__ import annotations

import random

from bench.common import GAME_OPTIONS
from bench.newyork_policy import main, play
from rules.newyork import bot as standard
from rules.newyork.keen import keen_action
from tests.helpers.newyork import GAME


def _reference(seat: int, seed: int) -> list[int]:
    state = GAME.new_game(4, GAME_OPTIONS["newyork"], seed)
    rng = random.Random(seed)
    while GAME.to_act(state):
        mover = GAME.to_act(state)[0]
        bot = keen_action if mover == seat else standard.bot_action
        state = GAME.apply(state, mover, bot(GAME.view(state, mover), rng.getrandbits(62)))
    outcome = GAME.outcome(state)
    assert outcome is not None
    return list(outcome.scores)


def test_a_policy_game_is_the_reference_engines_game_for_the_same_seed() -> None:
    for seat, seed in ((0, 1000), (3, 1003)):
        assert play(keen_action, seat, seed)[1] == _reference(seat, seed)


def test_the_policy_benchmark_prints_its_summary_line(capsys) -> None:
    main(["--games", "2", "--seed", "1000", "--policy", "standard"])
    out = capsys.readouterr().out
    assert out.startswith("newyork standard among standard: wins ")
    assert out.rstrip().endswith("2 games from seed 1000")
