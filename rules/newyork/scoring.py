"""Majority points (rules/README.md scoring table) and one whole scoring (A, B or C).

Places are ranked by the number of buildings of a type in the city (not the reserve); a
participant needs at least one to rank. Tied participants add up the points of the places they
occupy together and each gets the sum divided by their number, rounded down; places below a tie
move down. Dirk ranks like a player but never scores street points; the players always do
(with Dirk too).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from rules.newyork.building import Grid
from rules.newyork.components import SCORING, TILES, TYPES
from rules.newyork.streets import street_points


def type_counts(tiles: Iterable[int]) -> dict[str, int]:
    """How many buildings of each type among `tiles` (Times Square counts for none)."""
    counts = Counter(TILES[t].type for t in tiles if t in TILES)
    return {ty: counts.get(ty, 0) for ty in TYPES}


def place_points(counts: Sequence[int], table: Sequence[int]) -> list[int]:
    """Each participant's points for one type: `counts` per participant, `table` the points of
    1st, 2nd, ... place."""
    result = [0] * len(counts)
    ranked = sorted({c for c in counts if c > 0}, reverse=True)
    place = 0
    for count in ranked:
        tied = [i for i, c in enumerate(counts) if c == count]
        pool = sum(table[place : place + len(tied)])
        for i in tied:
            result[i] = pool // len(tied)
        place += len(tied)
    return result


def majority_points(name: str, counts: Sequence[dict[str, int]]) -> list[dict[str, int]]:
    """Scoring `name` ("A", "B" or "C"): per participant, points per type."""
    table = SCORING[name]
    per_type = {ty: place_points([c[ty] for c in counts], table[ty]) for ty in TYPES}
    return [{ty: per_type[ty][i] for ty in TYPES} for i in range(len(counts))]


def scoring(name: str, cities: Sequence[Grid], dirk: Sequence[int] | None) -> dict[str, Any]:
    """A whole scoring: street and majority points of every seat (Dirk or not), and Dirk's
    majority points (None when there is no Dirk). Plain data, ready to be stored as an event."""
    counts = [type_counts(city.values()) for city in cities]
    if dirk is not None:
        counts.append(type_counts(dirk))
    majority = majority_points(name, counts)
    streets = [street_points(city) for city in cities]
    seats = len(cities)
    return {
        "name": name,
        "streets": streets,
        "majority": [sum(m.values()) for m in majority[:seats]],
        "by_type": majority[:seats],
        "dirk": sum(majority[seats].values()) if dirk is not None else None,
    }
