"""`bench.money_worlds` on a few seeded games: the strong bot's drawn worlds are more like the
real game with the views' public memory than without it."""

from __future__ import annotations

from bench.money_worlds import likeness, sampled


def test_the_public_memory_makes_the_drawn_rivals_hands_more_like_the_real_ones() -> None:
    samples = sampled(2)
    cards, currencies, error = likeness(samples, 2, memory=True)
    cards_before, currencies_before, error_before = likeness(samples, 2, memory=False)
    assert cards > cards_before + 0.2
    assert currencies > currencies_before
    assert error < error_before
