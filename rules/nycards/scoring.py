"""Scorings A, B and C (nycards.md "Scoring"; the table and tie rule in rules/README.md)."""

from __future__ import annotations

from typing import Any

from rules.nycards.components import BUILDINGS, SCORING_TABLE, TYPE_IDS


def rank(counts: list[int], places: list[int]) -> list[dict[str, Any]]:
    """The paid places of one building type: groups of tied holders, most buildings first.

    `counts[i]` is participant i's number of buildings (0: does not rank). A group of k tied
    holders occupies k places and shares the sum of their points, each getting sum // k; the
    next group starts below them. Only groups that start on a paid place are returned, as
    {"seats", "count", "points"} (points each)."""
    groups: list[dict[str, Any]] = []
    place = 0
    for count in sorted({c for c in counts if c > 0}, reverse=True):
        if place >= len(places):
            break
        seats = [i for i, c in enumerate(counts) if c == count]
        share = sum(places[place : place + len(seats)]) // len(seats)
        groups.append({"seats": seats, "count": count, "points": share})
        place += len(seats)
    return groups


def type_counts(buildings: list[int]) -> dict[str, int]:
    """How many buildings of each type a participant holds."""
    counts = dict.fromkeys(TYPE_IDS, 0)
    for b in buildings:
        counts[BUILDINGS[b].type] += 1
    return counts


def score(which: str, holdings: list[list[int]]) -> dict[str, Any]:
    """Scoring `which` ("A", "B" or "C") of the participants' buildings.

    Returns {"awards": [{"type", "ranking": [...rank groups]}], "points": [per participant]}."""
    counted = [type_counts(h) for h in holdings]
    points = [0] * len(holdings)
    awards = []
    for type_id in TYPE_IDS:
        ranking = rank([c[type_id] for c in counted], SCORING_TABLE[which][type_id])
        for group in ranking:
            for seat in group["seats"]:
                points[seat] += group["points"]
        awards.append({"type": type_id, "ranking": ranking})
    return {"awards": awards, "points": points}
