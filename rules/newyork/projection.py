"""A tile game's scores projected to its end from any state: the points so far plus every
scoring still to come (A, B, C) as if it happened now, on the cities as they stand. A playout
cut short is judged by them (`rules.newyork.strong`)."""

from __future__ import annotations

from rules.contract import State
from rules.newyork import building
from rules.newyork.scoring import scoring

NAMES = ("A", "B", "C")


def projected_scores(state: State) -> list[float]:
    """Each seat's points so far plus the scorings not yet made, on today's cities."""
    done = {result["name"] for result in state["scorings"]}
    scores = [float(s) for s in state["scores"]]
    grids = [building.grid_of(city) for city in state["cities"]]
    dirk = state["dirk_tiles"] if state["dirk"] else None
    for name in NAMES:
        if name in done:
            continue
        result = scoring(name, grids, dirk)
        for seat in range(len(scores)):
            scores[seat] += result["streets"][seat] + result["majority"][seat]
    return scores
