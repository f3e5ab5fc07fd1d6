"""A small seeded random generator whose whole state is one integer, so it lives in game state.

SplitMix64: fast, well distributed, and trivially serialisable. Functions take the state and
return `(value, new_state)`; game code keeps the state in `state["rng"]`.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

MASK64 = (1 << 64) - 1


def next_u64(rng: int) -> tuple[int, int]:
    """One 64-bit output and the next state."""
    rng = (rng + 0x9E3779B97F4A7C15) & MASK64
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31), rng


def below(rng: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) (rejection sampling, no modulo bias) and the next state."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, rng = next_u64(rng)
        if value < limit:
            return value % n, rng


def shuffle(rng: int, items: MutableSequence[Any]) -> int:
    """Shuffle `items` in place (Fisher-Yates); return the next state."""
    for i in range(len(items) - 1, 0, -1):
        j, rng = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    return rng


def seed_state(seed: int) -> int:
    """The generator state for a user-visible seed (any int)."""
    return seed & MASK64
