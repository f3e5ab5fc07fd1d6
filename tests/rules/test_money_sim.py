"""The fast money simulator (`rules/money/sim.py`) plays exactly the reference engine's rules: on
seeded random games both agree on who acts, the listed moves (or the sampled move's legality),
every state and the final scores. `DIFF_GAMES` is sized for a short run here; the issue's
1,000 games run with `TAVOLO_DIFF_GAMES=1000` or `python -m bench.rules_speed --check`."""

from __future__ import annotations

import os

from bench.sim_check import check_game, check_games

DIFF_GAMES = int(os.environ.get("TAVOLO_DIFF_GAMES", "1000"))


def test_simulator_agrees_with_the_reference_on_seeded_random_games() -> None:
    assert check_games("money", DIFF_GAMES) > DIFF_GAMES


def test_simulator_agrees_on_three_hand_matches_of_both_kinds() -> None:
    for seed in range(DIFF_GAMES // 20):
        match = "total" if seed % 2 else "most_hands"
        assert check_game("money", 3 + seed % 3, seed, {"hands": "3", "match": match}) > 0
