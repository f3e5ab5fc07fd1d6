"""The five building rules (newyork.md "Building rules"), each with legal and illegal placements,
the seed's four illegal examples, the redesign checks, and the spot labels."""

from __future__ import annotations

import random
import time

import pytest

from rules.newyork import building, engine
from rules.newyork.building import (
    RULE_HOLE,
    RULE_MATCH,
    RULE_MATCH_PLAIN,
    RULE_MATCH_STREET,
    RULE_OCCUPIED,
    RULE_REACH,
    RULE_TIMES_SQUARE,
    RULE_TOUCH,
    city_error,
    legal_spots,
    parse_spot,
    placement_error,
    removal_error,
    spot_label,
    swap_error,
)
from rules.newyork.components import BUILDING_IDS, STREETS, TILES, TIMES_SQUARE_BASE, TIMES_SQUARES
from tests.helpers.newyork import city, tile_with

PLAIN = tile_with("....")
STREET_LEFT = tile_with("...X")
STREET_RIGHT = tile_with(".X..")


# ------------------------------------------------------------------ the seed's examples


def test_seed_a_street_side_touching_a_side_without_street_is_illegal() -> None:
    grid = city("TS")
    assert placement_error(grid, STREET_LEFT, (1, 0)) == RULE_MATCH_STREET
    assert placement_error(grid, STREET_LEFT, (-1, 0)) is None  # the street faces outwards


def test_seed_a_skyscraper_reachable_only_across_a_street_is_illegal() -> None:
    grid = city("TS .X..")  # a street on the right side of the tile next to Times Square
    skyscraper = tile_with("...X", "skyscraper")
    assert TILES[skyscraper].type == "skyscraper"
    assert placement_error(grid, skyscraper, (2, 0)) == RULE_REACH


def test_seed_a_tile_touching_the_city_only_at_a_corner_is_illegal() -> None:
    grid = city("TS")
    assert placement_error(grid, PLAIN, (1, 1)) == RULE_TOUCH
    assert placement_error(grid, PLAIN, (1, 0)) is None


def test_seed_a_station_closing_an_empty_space_on_four_sides_is_illegal() -> None:
    grid = city(
        "TS   .... ....",
        ".... .    ....",
        "....",
    )
    station = tile_with("....", "station")
    assert placement_error(grid, station, (1, 2)) == RULE_HOLE
    assert placement_error(grid, station, (1, 1)) is None  # filling the gap itself is fine


# ------------------------------------------------------------------ each rule


def test_rule_1_tiles_keep_their_orientation_so_a_right_street_cannot_face_times_square() -> None:
    grid = city("TS")
    assert placement_error(grid, STREET_RIGHT, (-1, 0)) == RULE_MATCH_STREET
    assert placement_error(grid, STREET_RIGHT, (1, 0)) is None


def test_rule_2_street_against_street_is_legal_and_plain_against_street_is_not() -> None:
    grid = city("TS .X..")
    both = tile_with("...X")  # its left street meets the neighbour's right street
    grid_plus = dict(grid)
    # reachable through another plain neighbour below it
    grid_plus[(1, 1)] = PLAIN
    grid_plus[(2, 1)] = tile_with("....", exclude=(PLAIN,))
    assert placement_error(grid_plus, both, (2, 0)) is None
    assert placement_error(grid, PLAIN, (2, 0)) == RULE_MATCH_PLAIN


def test_rule_3_a_tile_joined_only_by_street_sides_is_not_reachable() -> None:
    grid = city("TS ..X.")
    below = tile_with("X...")
    assert placement_error(grid, below, (1, 1)) == RULE_REACH


def test_rule_4_a_tile_must_share_a_full_side() -> None:
    grid = city("TS ....")
    assert placement_error(grid, PLAIN, (3, 0)) == RULE_TOUCH
    assert placement_error(grid, PLAIN, (2, 0)) is None


def test_rule_5_no_holes_when_the_new_tile_closes_a_gap_from_above() -> None:
    grid = city(
        "....  .     ....",
        "....  .     TS",
        "....  ....  ....",
    )
    assert placement_error(grid, PLAIN, (1, 0)) == RULE_HOLE
    assert placement_error(grid, PLAIN, (-1, 0)) is None


def test_an_occupied_spot_is_refused() -> None:
    assert placement_error(city("TS ...."), PLAIN, (1, 0)) == RULE_OCCUPIED


def test_legal_spots_are_exactly_the_frontier_cells_without_a_broken_rule() -> None:
    grid = city("TS .X..")
    spots = legal_spots(grid, PLAIN)
    assert (2, 0) not in spots and (0, -1) in spots and (-1, 0) in spots
    assert spots[0] in ((0, -1), (0, 1), (-1, 0))  # closest to Times Square first
    for cell in building.frontier(grid):
        assert (cell in spots) == (placement_error(grid, PLAIN, cell) is None)


# ------------------------------------------------------------------ redesign: whole cities


def test_removing_a_tile_that_carries_the_path_from_times_square_is_illegal() -> None:
    grid = city("TS .... ....")
    assert removal_error(grid, (1, 0)) == RULE_REACH
    assert removal_error(grid, (2, 0)) is None


def test_removing_a_tile_that_would_leave_a_hole_is_illegal() -> None:
    grid = city(
        "....  ....  ....",
        "....  ....  ....",
        "TS    ....  ....",
    )
    assert removal_error(grid, (1, 1)) == RULE_HOLE


def test_times_square_never_moves_and_is_never_replaced() -> None:
    grid = city("TS ....")
    assert removal_error(grid, (0, 0)) == RULE_TIMES_SQUARE
    assert swap_error(grid, (0, 0), PLAIN) == RULE_TIMES_SQUARE


def test_a_swap_must_leave_the_city_legal() -> None:
    grid = city("TS ....")
    assert swap_error(grid, (1, 0), tile_with("...X")) == RULE_MATCH
    assert swap_error(grid, (1, 0), tile_with(".X..")) is None


def test_city_error_accepts_a_legal_city_and_names_each_broken_rule() -> None:
    assert city_error(city("TS .... .X..")) is None
    assert city_error({**city("TS"), (2, 0): PLAIN}) == RULE_REACH
    assert city_error({**city("TS"), (1, 0): STREET_LEFT}) == RULE_MATCH


# ------------------------------------------------------------------ labels and speed


def test_spot_labels_start_at_a1_one_beyond_the_city_and_read_back() -> None:
    grid = city("TS ....")
    assert spot_label(grid, (-1, -1)) == "a1"
    assert spot_label(grid, (2, 0)) == "d2"
    for cell in [(-1, -1), (2, 0), (0, 1)]:
        assert parse_spot(grid, spot_label(grid, cell).upper()) == cell
    wide = {(x, 0): PLAIN for x in range(1, 30)} | city("TS")
    assert spot_label(wide, (30, 0)) == "af2" and parse_spot(wide, "af2") == (30, 0)
    assert parse_spot(grid, "3b") is None and parse_spot(grid, "reserve") is None


def test_the_bot_can_try_every_spot_for_every_tile_quickly() -> None:
    grid = city("TS")
    for x in range(1, 7):  # a 7 x 5 block of plain tiles around Times Square
        for y in range(-2, 3):
            grid[(x, y)] = PLAIN
    for y in (-2, -1, 1, 2):
        grid[(0, y)] = PLAIN
    start = time.perf_counter()
    spots = sum(len(legal_spots(grid, tile)) for tile in BUILDING_IDS for _ in range(10))
    elapsed = time.perf_counter() - start
    assert spots > 0
    assert elapsed < 1.0, f"540 legal-spot searches took {elapsed:.2f} s"


@pytest.mark.parametrize("tile", [1, 15, 33, 41])
def test_every_offered_spot_is_accepted_by_the_whole_city_check(tile: int) -> None:
    grid = city("TS .... ..X.", ".... .... X...")
    for cell in legal_spots(grid, tile):
        assert city_error({**grid, cell: tile}) is None


# ------------------------------------------------------------------ fast listings vs whole city


def random_city(rng: random.Random, size: int) -> tuple[building.Grid, list[int]]:
    """A legal city of up to `size` tiles grown at random, each step checked by the whole-city
    check alone (`city_error`), and the tiles left over."""
    grid: building.Grid = {(0, 0): TIMES_SQUARE_BASE}
    pool = list(BUILDING_IDS)
    for _ in range(8 * size):
        if len(grid) >= size:
            break
        cell = rng.choice(sorted(building.frontier(grid)))
        tile = rng.choice(pool)
        if city_error({**grid, cell: tile}) is None:
            grid[cell] = tile
            pool.remove(tile)
    return grid, pool


def whole_city_ok(grid: building.Grid, cell: building.Cell, tile: int | None) -> bool:
    """Whether the city with `cell` holding `tile` (None: emptied) obeys every building rule,
    checked on the whole city; Times Square stays where it is."""
    if grid.get(cell) in TIMES_SQUARES:
        return False
    changed = dict(grid)
    if tile is None:
        del changed[cell]
    else:
        changed[cell] = tile
    return city_error(changed) is None


def near(grid: building.Grid) -> list[building.Cell]:
    """The empty cells within two steps of the city's extent (all candidates, legal or not)."""
    xs, ys = [x for x, _ in grid], [y for _, y in grid]
    return [
        (x, y)
        for x in range(min(xs) - 2, max(xs) + 3)
        for y in range(min(ys) - 2, max(ys) + 3)
        if (x, y) not in grid
    ]


@pytest.mark.parametrize("batch", range(4))
def test_the_fast_listings_agree_with_the_whole_city_check_on_random_cities(batch: int) -> None:
    rng = random.Random(batch)
    for _ in range(75):
        grid, pool = random_city(rng, rng.randint(1, 28))
        reserve = rng.sample(pool, 4)
        spots = building.open_spots(grid)
        for tile in reserve:
            legal = {c for c in near(grid) if whole_city_ok(grid, c, tile)}
            assert set(legal_spots(grid, tile, spots)) == legal, (grid, tile)
            assert {c for c in near(grid) if placement_error(grid, tile, c) is None} == legal
        removable = {c for c in grid if whole_city_ok(grid, c, None)}
        assert set(building.removable_cells(grid)) == removable, grid
        assert all(building.removal_ok(grid, c) == (c in removable) for c in grid)
        swaps = building.swap_cells(grid)
        assert {cell for cell, _m, _n in swaps} == {c for c in grid if grid[c] not in TIMES_SQUARES}
        for tile in reserve:
            for cell, mask, need in swaps:
                full = whole_city_ok(grid, cell, tile)
                assert (STREETS[tile] & mask == need) == full, (grid, cell, tile)
                assert building.swap_ok(grid, cell, tile) == full
                assert (swap_error(grid, cell, tile) is None) == full
        state = {"cities": [building.cells_of(grid)], "reserves": [reserve]}
        label = building.spot_labeller(grid)
        expected = {
            f"move {tile} {label(c)}"
            for tile in reserve
            for c in near(grid)
            if whole_city_ok(grid, c, tile)
        }
        expected |= {f"move {grid[c]} reserve" for c in removable}
        expected |= {
            f"swap {tile} {grid[c]}"
            for tile in reserve
            for c in grid
            if whole_city_ok(grid, c, tile)
        }
        moves = engine.redesign_moves(state, 0)
        assert len(moves) == len(set(moves)) and set(moves) == expected
