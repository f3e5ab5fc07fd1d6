"""The newyork simulator (`rules/newyork/sim.py`: the engine run in place, `rules.inplace`) plays
exactly the reference rules: on seeded random games both agree on who acts, the listed moves
(and the legality of every sampled move), every state and the final scores; running the engine in
place must change nothing. `TAVOLO_DIFF_GAMES=1000` or `python -m bench.rules_speed --check`
runs the issue's 1,000 games."""

from __future__ import annotations

import os

from bench.sim_check import check_games

DIFF_GAMES = int(os.environ.get("TAVOLO_DIFF_GAMES", "10"))


def test_simulator_agrees_with_the_reference_on_seeded_random_games() -> None:
    assert check_games("newyork", DIFF_GAMES) > DIFF_GAMES
