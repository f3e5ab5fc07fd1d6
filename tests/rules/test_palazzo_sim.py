"""The palazzo simulator (`rules/palazzo/sim.py`: the engine run in place, `rules.inplace`) plays
exactly the reference rules: on seeded random games both agree on who acts, the listed moves
(and the legality of sampled picks), every state and the final scores; running the engine in
place must change nothing. `TAVOLO_DIFF_GAMES=1000` or `python -m bench.rules_speed --check`
runs the issue's 1,000 games."""

from __future__ import annotations

import os
import random

from bench.sim_check import check_games
from rules.palazzo.components import CURRENCIES, MONEY
from rules.palazzo.payment import best_value, read
from rules.palazzo.sim import sampled_payment

DIFF_GAMES = int(os.environ.get("TAVOLO_DIFF_GAMES", "30"))


def test_simulator_agrees_with_the_reference_on_seeded_random_games() -> None:
    assert check_games("palazzo", DIFF_GAMES) > DIFF_GAMES


def test_a_sampled_payment_is_legal_worth_the_price_and_found_whenever_the_hand_can_pay() -> None:
    rng = random.Random(5)
    cards = sorted(MONEY)
    for _ in range(2_000):
        hand = rng.sample(cards, rng.randint(1, 12))
        currency = rng.choice([None, *CURRENCIES])
        need = rng.randint(1, 40)
        paid = sampled_payment(hand, need, currency, rng)
        assert (paid is not None) == (best_value(hand, currency) >= need)
        if paid is not None:
            assert set(paid) <= set(hand)
            reading = read(paid, currency)
            assert reading is not None and reading.value >= need
