"""The fast card-game simulator (`rules/nycards/sim.py`) plays exactly the reference rules: on
seeded random games both agree on who acts, the listed moves (or the sampled move's legality),
every state and the final scores. `DIFF_GAMES` is sized for a short run here; the issue's
1,000 games run with `TAVOLO_DIFF_GAMES=1000` or `python -m bench.rules_speed --check`."""

from __future__ import annotations

import os

from bench.sim_check import check_games

DIFF_GAMES = int(os.environ.get("TAVOLO_DIFF_GAMES", "150"))


def test_simulator_agrees_with_the_reference_on_seeded_random_games() -> None:
    assert check_games("nycards", DIFF_GAMES) > DIFF_GAMES
