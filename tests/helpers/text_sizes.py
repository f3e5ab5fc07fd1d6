"""Phone-first text sizes (issue 15): every picture is read at PHONE (400) px display width,
where no text may be under MIN_PX (9) and the values a player looks for (card values, prices,
scores, whose turn) not under KEY_PX (14). Checks over `render.draw.recording_text()` records."""

from __future__ import annotations

import re
from collections.abc import Iterable

from render.draw import DrawnText

PHONE = 400
MIN_PX = 9.0
KEY_PX = 14.0

NUMBER = re.compile(r"^[★+\-–\s]*\d+[\s★]*$")
"""A bare number (a card value, a price, a count, a score), maybe starred or signed."""


def below(drawn: Iterable[DrawnText], floor: float) -> list[tuple[float, str]]:
    """The texts shown under `floor` px at phone width, as (size there, words)."""
    return [
        (round(d.size_at(PHONE), 1), d.words)
        for d in drawn
        if d.words.strip() and d.size_at(PHONE) < floor
    ]


def numbers_below_key(drawn: Iterable[DrawnText]) -> list[tuple[float, str]]:
    """The bare numbers (values, prices, scores) shown under KEY_PX at phone width."""
    return below((d for d in drawn if NUMBER.match(d.words)), KEY_PX)


def sizes_of(drawn: Iterable[DrawnText], words: str) -> list[float]:
    """The phone-width sizes at which exactly `words` was drawn."""
    return [d.size_at(PHONE) for d in drawn if d.words == words]
