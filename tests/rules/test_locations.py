"""`locations(state)` of every game is a partition of the game's components: within each kind
(`kind:place`), every id of that kind is in exactly one place, at the start and all through a
seeded random game (every player count)."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from bench.common import GAME_OPTIONS, playout
from games import RULES
from rules.contract import Game, State
from rules.money import components as money_parts
from rules.newyork import components as newyork_parts
from rules.nycards import components as nycards_parts
from rules.palazzo import components as palazzo_parts

# Each game's whole set of components, by kind, from its component tables (the contract test
# checks, for every registered game, that the dealt components are conserved; this checks the
# dealt ones are all of them).
ALL_IDS: dict[str, dict[str, set[int]]] = {
    "money": {"card": set(money_parts.CARDS)},
    "palazzo": {
        "money": set(palazzo_parts.MONEY),
        "tile": set(palazzo_parts.TILES) | set(palazzo_parts.KNIGHTS),
    },
    "nycards": {
        "money": set(nycards_parts.MONEY) | set(nycards_parts.SCORING_CARDS),
        "building": set(nycards_parts.BUILDINGS),
    },
    "newyork": {
        "money": set(newyork_parts.MONEY) | set(newyork_parts.SCORING_CARDS.values()),
        "tile": set(newyork_parts.TILES) | set(newyork_parts.TIMES_SQUARES),
    },
}


def by_kind(places: dict[str, list[int]]) -> dict[str, dict[str, list[int]]]:
    """The places of each kind (`kind:place` names split)."""
    kinds: dict[str, dict[str, list[int]]] = defaultdict(dict)
    for name, items in places.items():
        kind, _, place = name.partition(":")
        assert place, f"place {name!r} names no kind"
        kinds[kind][place] = items
    return kinds


def assert_partition(game: Game, state: State) -> None:
    """Every id of each kind of the game's components is in exactly one place of that kind."""
    kinds = by_kind(game.locations(state))
    assert set(kinds) == set(ALL_IDS[game.info.id])
    for kind, places in kinds.items():
        counts = Counter(item for items in places.values() for item in items)
        twice = {item: [p for p, items in places.items() if item in items] for item in counts}
        assert {item: where for item, where in twice.items() if len(where) > 1} == {}, kind
        assert set(counts) == ALL_IDS[game.info.id][kind], kind


def player_counts(game_id: str) -> range:
    info = RULES[game_id].info
    return range(info.min_players, info.max_players + 1)


@pytest.mark.parametrize("game_id", sorted(ALL_IDS))
def test_locations_partition_the_components_at_the_start(game_id: str) -> None:
    game = RULES[game_id]
    for players in player_counts(game_id):
        assert_partition(game, game.new_game(players, GAME_OPTIONS[game_id], seed=players))


@pytest.mark.parametrize("game_id", sorted(ALL_IDS))
def test_locations_partition_the_components_through_a_random_game(game_id: str) -> None:
    game = RULES[game_id]
    for players in player_counts(game_id):
        last = None
        for state in playout(game, players, 700 + players, GAME_OPTIONS[game_id]):
            assert_partition(game, state)
            last = state
        assert last is not None and game.outcome(last) is not None


def test_newyork_short_game_locations_put_the_unused_tiles_in_the_box() -> None:
    game = RULES["newyork"]
    state = game.new_game(3, {"length": "short"}, seed=3)
    assert_partition(game, state)
    box = game.locations(state)["tile:box"]
    assert set(state["box"]) < set(box) and set(newyork_parts.TIMES_SQUARES[3:]) < set(box)


def test_money_locations_put_the_currencies_out_of_the_hand_in_the_box() -> None:
    game = RULES["money"]
    state = game.new_game(3, {"hands": "1"}, seed=5)
    out = {c.code for c in money_parts.CURRENCIES} - set(state["currencies"])
    notes_out = {cid for cid, c in money_parts.CARDS.items() if c.currency in out}
    assert out and set(game.locations(state)["card:box"]) == notes_out | set(
        money_parts.BLUFF_IDS[3:]
    )
