"""Seeded whole games of New York for 2–6 players, random and by bots, with the game's own
invariants checked on every state: every tile and money card in one place, every city obeying
the five building rules, views hiding the hands, the bag and the deck (those every game keeps,
JSON round trip, replay from the seed, choices exactly for the seats that must act: in
`tests.helpers.playout.play_checked` and `tests/test_game_contract.py`). And the bots' play."""

from __future__ import annotations

import random

import pytest

from rules.contract import State
from rules.newyork import building
from tests.helpers.newyork import (
    GAME,
    assert_everything_in_one_place,
    city,
    fresh,
    hidden_from,
    scramble_hidden,
    set_city,
    set_market,
)
from tests.helpers.playout import (
    StateCheck,
    assert_private_keys_only_at_top,
    bot_action,
    ints_in_lists,
    key_paths,
    mixed,
    play,
    play_checked,
    random_action,
    viewers,
)

PLAYERS = [2, 3, 4, 5, 6]


def check_views(state: State, rng: random.Random) -> None:
    """Each view shows only public things and the seat's own hand, and does not change when
    everything hidden from that seat is shuffled."""
    for seat in viewers(state["players"]):
        view = GAME.view(state, seat)
        assert_private_keys_only_at_top(view, seat, ("hand",))
        assert not key_paths(view, ("deck", "bag", "rng", "hands")), "secret fields in the view"
        hidden = hidden_from(state, seat)
        shown = ints_in_lists(view["display"])
        if state["paying"]:
            shown |= set(view["paying"]["paid"])
        assert not shown & hidden, f"seat {seat} sees hidden cards {shown & hidden}"
        # Events name only cards that were face up (display, payments), never one in the deck.
        named = {c for e in view["events"] for key in ("cards", "paid") for c in e.get(key, [])}
        assert not named & set(state["deck"]), "an event names a card in the deck"
        assert GAME.view(scramble_hidden(state, seat, rng), seat) == view


def newyork_invariants(rng: random.Random) -> StateCheck:
    """Every tile and money card in one place and every city built by the rules; on about one
    state in ten (drawn from `rng`), every view's secrets."""

    def check(state: State) -> None:
        assert_everything_in_one_place(state)
        for cells in state["cities"]:
            assert building.city_error(building.grid_of(cells)) is None
        if rng.random() < 0.1:
            check_views(state, rng)

    return check


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_keep_every_invariant(players: int) -> None:
    for seed in range(2):
        check = newyork_invariants(random.Random(seed))
        play_checked(GAME, players, seed, random_action, each_state=check, max_actions=20_000)


@pytest.mark.parametrize("players", PLAYERS)
def test_bot_games_end_and_bots_build_their_cities(players: int) -> None:
    """Over four games the bots build most of what they buy (one crowded game may reserve a
    third of it)."""
    built = reserved = 0
    for seed in range(4):
        check = newyork_invariants(random.Random(seed))
        state = play_checked(GAME, players, seed, bot_action, each_state=check).state
        outcome = GAME.outcome(state)
        assert outcome is not None and len(outcome.scores) == players
        assert [s["name"] for s in state["scorings"]] == ["A", "B", "C"]
        built += sum(len(c) - 1 for c in state["cities"])
        reserved += sum(len(r) for r in state["reserves"])
        assert max(s for s in state["scores"]) > 20
    assert built > 4 * reserved, f"bots built {built} tiles but reserved {reserved}"


@pytest.mark.parametrize("players", [2, 4])
def test_bots_score_street_points_and_majorities(players: int) -> None:
    # At two players too: only Dirk scores no streets, so the bots build them as ever.
    result = play(GAME, players, 11, bot_action)
    for final in result.state["scorings"][1:]:
        assert all(v > 0 for v in final["streets"]) and sum(final["majority"]) > 0


def test_a_bot_beats_two_random_players_almost_always() -> None:
    wins = 0
    for seed in range(10):
        result = play(GAME, 3, seed, mixed({0: bot_action}, random_action))
        outcome = GAME.outcome(result.state)
        assert outcome is not None
        wins += 0 in outcome.winners
    assert wins >= 9, f"the bot won only {wins} of 10 games against random players"


@pytest.mark.parametrize("players", [2, 3])
def test_the_bot_builds_where_its_outside_street_grows_with_dirk_too(players: int) -> None:
    # Theater .XX. (#3) below Times Square adds nothing; below the XX.. tile it joins the
    # street: 2 more sides. Street points count at two players as well (only Dirk has none).
    state = fresh(players, 4)
    grid = city("TS XX..")
    set_city(state, 0, grid)
    set_market(state, [t for t in state["bag"] if t != 3][:4])
    state["to_place"][0] = [3]
    state["bag"] = [t for t in state["bag"] if t != 3]
    state["current"], state["phase"] = 0, "place"
    assert_everything_in_one_place(state)
    assert GAME.bot_action(GAME.view(state, 0), 1) == f"place 3 {building.spot_label(grid, (1, 1))}"
