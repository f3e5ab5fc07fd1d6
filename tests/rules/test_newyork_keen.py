"""The tile game's keen policy (`rules.newyork.keen`) and the strong bot's root moves
(`rules.newyork.candidates`): exact payments only, takes that make a payment exact, and root
moves that are legal and start with the keen move."""

from __future__ import annotations

import random

from rules.contract import State, View
from rules.newyork import bot as standard
from rules.newyork.candidates import root_moves
from rules.newyork.keen import ENDGAME_BAG, keen_action
from tests.helpers.newyork import GAME, fresh, money, set_hand, set_market

THEATER_8 = 7  # a theater costing 8 (tile 7)
EXPENSIVE = [22, 23, 32]  # a station 9, a station 10, a church 11: none costs 5


def _turn_view(state: State) -> View:
    seat = GAME.to_act(state)[0]
    return GAME.view(state, seat)


def _with_hand(cards: list[int]) -> State:
    state = fresh(4, seed=3)
    set_market(state, [THEATER_8, *EXPENSIVE])
    return set_hand(state, GAME.to_act(state)[0], cards)


def test_keen_does_not_overpay_where_the_standard_bot_would() -> None:
    view = _turn_view(_with_hand(money("blue", 9)))
    assert standard.bot_action(view, 1).startswith("buy 1 ")
    assert not keen_action(view, 1).startswith("buy")


def test_keen_overpays_when_the_bag_is_almost_empty() -> None:
    state = _with_hand(money("blue", 9))
    state["bag"] = state["bag"][:ENDGAME_BAG]
    view = _turn_view(state)
    assert keen_action(view, 1).startswith("buy 1 ")
    GAME.apply(state, view["seat"], keen_action(view, 1))  # raises on an illegal move


def test_keen_buys_with_an_exact_payment() -> None:
    blue = money("blue", 5, 3)
    view = _turn_view(_with_hand(blue))
    assert keen_action(view, 1) == "buy 1 " + ",".join(map(str, sorted(blue)))


def test_keen_takes_the_card_that_lets_its_hand_pay_a_building_exactly() -> None:
    view = _turn_view(_with_hand(money("blue", 5)))
    blue_three = money("blue", 3, skip=tuple(view["hand"]))[0]
    fives = money("orange", 5) + money("green", 5) + money("yellow", 5)
    view["display"] = [blue_three, *fives]
    assert standard.bot_action(view, 1) in {f"take {c}" for c in fives}
    assert keen_action(view, 1) == f"take {blue_three}"


def test_root_moves_are_legal_distinct_and_start_with_the_keen_then_the_standard_move() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in (11, 12):
        state = GAME.new_game(4, {}, seed)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            bot_seed = rng.getrandbits(32)
            if rng.random() < 0.2:
                moves = root_moves(view, bot_seed)
                assert moves[0] == keen_action(view, bot_seed)
                assert standard.bot_action(view, bot_seed) in moves[:2]
                assert len(set(moves)) == len(moves)
                for move in moves:
                    GAME.apply(state, seat, move)  # raises on an illegal move
                checked += 1
            state = GAME.apply(state, seat, standard.bot_action(view, bot_seed))
    assert checked > 40
