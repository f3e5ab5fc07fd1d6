"""Street points (newyork.md "Scoring" 1): the longest continuous street along the outside of a
city, 1 point per tile side; inner double streets are worth nothing and connect nothing; a
branching street counts its longest path using each side once (PROPOSED)."""

from __future__ import annotations

from itertools import pairwise

from rules.newyork.building import city_error
from rules.newyork.streets import longest_street, outer_streets, street_points
from tests.helpers.newyork import city


def test_seed_a_run_along_8_tile_sides_scores_8_and_a_shorter_separate_run_does_not_count() -> None:
    grid = city(
        "X..X X... X... X... X... XX..",
        "TS",
        "..X.",
    )
    assert city_error(grid) is None
    assert street_points(grid) == 8
    assert len(outer_streets(grid)) == 9  # the separate run of 1 below is not added


def test_seed_inner_double_streets_score_nothing() -> None:
    grid = city(
        "TS .X.. ...X",
        ".  .... ....",
    )
    assert city_error(grid) is None
    assert outer_streets(grid) == []
    assert street_points(grid) == 0


def test_an_inner_street_does_not_connect_two_outside_runs() -> None:
    # The bottom street of the upper tile and the top street of the lower one face each other:
    # the left street above and the right street below meet only through that inner street.
    grid = city(
        "..XX TS",
        "XX..",
    )
    assert street_points(grid) == 1


def test_a_branching_street_counts_its_longest_path_using_each_side_once() -> None:
    grid = city(
        "XX.. .",
        ".    XX.X",
    )
    # 5 outside sides meet at one corner three ways; the best path uses 4 of them.
    assert len(outer_streets(grid)) == 5
    assert street_points(grid) == 4
    path = longest_street(grid)
    for first, second in pairwise(path):
        assert set(first) & set(second), "consecutive sides share a corner"


def test_a_closed_ring_scores_every_side_even_beside_an_odd_run() -> None:
    grid = city(
        "X..X XX.. . .",
        "..XX .XX. . .",
        ".    .    . X...",
    )
    assert street_points(grid) == 8


def test_a_city_without_streets_scores_nothing() -> None:
    assert street_points(city("TS .... ....")) == 0
