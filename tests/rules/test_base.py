"""`rules.base`: the plumbing every game shares (checks of `new_game` and `apply`, the state
copy, the count of applied actions) and its helpers."""

from __future__ import annotations

import json
import random

import pytest

from bench.common import GAME_OPTIONS, random_action
from games import RULES
from rules.base import APPLIED_KEY, copy_levels, top_seats
from rules.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn
from rules.parsing import small_int, small_ints, verb_and_rest

GAME_IDS = sorted(RULES)


def test_copy_levels_makes_new_containers_down_to_the_depth_and_shares_the_rest() -> None:
    data = {"a": [[1], [2]], "b": None, "c": 3}
    one, two, three = (copy_levels(data, depth) for depth in (1, 2, 3))
    assert one == two == three == data
    assert one is not data and one["a"] is data["a"]
    assert two["a"] is not data["a"] and two["a"][0] is data["a"][0]
    assert three["a"][0] is not data["a"][0]
    assert copy_levels(None, 2) is None and copy_levels(data, 0) is data


def test_top_seats_are_every_seat_sharing_the_best_key() -> None:
    assert top_seats([3, 7, 7, 1]) == [1, 2]
    assert top_seats([(2, 5), (2, 9), (1, 9)]) == [1]


def test_parsing_helpers_read_small_ints_and_refuse_the_rest() -> None:
    assert verb_and_rest("  bid  1, 2 ") == ("bid", "1, 2")
    assert small_ints(" 1, 22 ,333") == (1, 22, 333)
    for bad in ("²", "12345", "-1", "", "1.0"):
        with pytest.raises(MalformedAction):
            small_int(bad)
    with pytest.raises(MalformedAction) as refused:
        small_ints(" ", "money.error.empty_bid")
    assert refused.value.key == "money.error.empty_bid"
    with pytest.raises(MalformedAction):
        verb_and_rest(["bid"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_game_refuses_player_counts_outside_the_games_range(game_id: str) -> None:
    game = RULES[game_id]
    low, high = game.info.min_players, game.info.max_players
    for count in (low - 1, high + 1, "3", None, 2.0):
        with pytest.raises(IllegalAction) as refused:
            game.new_game(count, GAME_OPTIONS.get(game_id, {}), seed=1)
        assert refused.value.key == "error.player_count"
        assert refused.value.params == {"min": low, "max": high, "count": count}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_game_refuses_bad_option_values_and_names_money_ignores_unknown_names(
    game_id: str,
) -> None:
    game = RULES[game_id]
    players = game.info.min_players
    for option in game.info.options:
        with pytest.raises(IllegalAction) as refused:
            game.new_game(players, {option.name: "nonsense"}, seed=1)
        assert refused.value.key == "error.bad_option"
    if game_id == "money":
        assert game.new_game(players, {"colour": "red"}, seed=1) == game.new_game(players, {}, 1)
        return
    with pytest.raises(IllegalAction) as refused:
        game.new_game(players, {"colour": "red"}, seed=1)
    assert refused.value.key == "error.bad_option"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_guard_refuses_seats_not_of_the_game_then_unreadable_actions(game_id: str) -> None:
    game = RULES[game_id]
    state = game.new_game(game.info.min_players, GAME_OPTIONS.get(game_id, {}), seed=4)
    seat = game.to_act(state)[0]
    for stranger in (-1, game.info.min_players, True, "0", None):
        with pytest.raises(NotYourTurn) as refused:
            game.apply(state, stranger, "pass")
        assert refused.value.key == "error.not_seated"
    with pytest.raises(MalformedAction):
        game.apply(state, seat, "fly to the moon")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_counts_actions_never_changes_the_state_given_and_ends_in_game_over(
    game_id: str,
) -> None:
    game = RULES[game_id]
    rng = random.Random(11)
    state = game.new_game(game.info.max_players, GAME_OPTIONS.get(game_id, {}), seed=11)
    assert state[APPLIED_KEY] == 0
    while to_act := game.to_act(state):
        seat = rng.choice(to_act)
        before = json.dumps(state, sort_keys=True)
        after = game.apply(state, seat, random_action(game, state, seat, rng))
        assert json.dumps(state, sort_keys=True) == before
        assert after[APPLIED_KEY] == state[APPLIED_KEY] + 1
        state = after
    with pytest.raises(GameOver):
        game.apply(state, 0, "pass")
