"""The fast card-game simulator (`rules/nycards/sim.py`) plays exactly the reference rules: on
seeded random games both agree on who acts, the listed moves (or the sampled move's legality),
every state and the final scores. `DIFF_GAMES` is sized for a short run here; the issue's
1,000 games run with `TAVOLO_DIFF_GAMES=1000` or `python -m bench.rules_speed --check`."""

from __future__ import annotations

import os

from bench.sim_check import check_games, reference_state
from rules import rng as rngmod
from rules.nycards.engine import setup
from rules.nycards.sim import NycardsSim, _shuffle

DIFF_GAMES = int(os.environ.get("TAVOLO_DIFF_GAMES", "150"))


def test_simulator_agrees_with_the_reference_on_seeded_random_games() -> None:
    assert check_games("nycards", DIFF_GAMES) > DIFF_GAMES


def test_the_simulator_deals_what_the_reference_setup_deals() -> None:
    for seed in range(300):
        players = 2 + seed % 5
        expected = reference_state(setup(players, {}, seed))
        assert NycardsSim.new(players, {}, seed).to_state() == expected, (players, seed)


def test_the_inlined_shuffle_is_the_reference_generator() -> None:
    for seed in range(200):
        ours, theirs = list(range(seed % 110)), list(range(seed % 110))
        state = seed * 0x9E3779B97F4A7C15
        assert _shuffle(state, ours) == rngmod.shuffle(state, theirs)
        assert ours == theirs
