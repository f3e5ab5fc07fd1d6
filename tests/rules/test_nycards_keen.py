"""The card game's keen policy (`rules.nycards.keen`): exact payments until the endgame, takes
of many cards, its moves legal in the reference engine over seeded games, decided from the
seat's view only; and the strong bot's root moves start with it."""

from __future__ import annotations

import random

from rules.contract import State
from rules.nycards import bot as standard
from rules.nycards import strong
from rules.nycards.keen import ENDGAME_DECK, keen_move, majority_gains
from rules.nycards.sim import NycardsSim, move_text
from tests.helpers.nycards import (
    GAME,
    building,
    buildings_of,
    current_turn,
    fresh,
    money,
    scramble_hidden,
    set_buildings,
    set_display,
    set_hand,
    set_yard,
)

YARD: list[int | None] = [
    building("theater", 2),
    building("museum", 3),
    building("station", 4),
    building("church", 5),
]


def _position(hand: list[int], display: list[int]) -> State:
    state = current_turn(fresh(4, seed=2), 0)
    set_yard(state, YARD)
    set_display(state, display)
    return set_hand(state, 0, hand)


def _keen(state: State, seat: int = 0) -> str:
    return move_text(keen_move(NycardsSim.from_state(state), seat))


def test_keen_does_not_overpay_where_the_standard_bot_would() -> None:
    """A blue 3 pays the theater (2) only with 1 too many: the standard bot buys, keen takes."""
    display = [money("green", 1), money("orange", 1), money("yellow", 1), money("yellow", 2)]
    state = _position([money("blue", 3)], display)
    assert standard.bot_action(GAME.view(state, 0), 1).startswith("buy")
    assert _keen(state).startswith("take")


def test_keen_overpays_for_a_building_when_few_are_left_in_the_deck() -> None:
    """The same position with `ENDGAME_DECK` buildings left: money is worth little now, keen
    buys the theater with its blue 3."""
    display = [money("green", 1), money("orange", 1), money("yellow", 1), money("yellow", 2)]
    state = _position([money("blue", 3)], display)
    del state["building_deck"][ENDGAME_DECK + 1 :]
    assert _keen(state).startswith("take")
    del state["building_deck"][ENDGAME_DECK:]
    assert _keen(state) == f"buy {money('blue', 3)}"


def test_keen_buys_with_an_exact_payment() -> None:
    display = [money("green", 9), money("orange", 1), money("yellow", 1), money("yellow", 2)]
    state = _position([money("blue", 2), money("blue", 7)], display)
    assert _keen(state) == f"buy {money('blue', 2)}"


def test_keen_prefers_several_small_cards_to_one_large_one() -> None:
    """Three cards worth 5 together beat one 6 (the standard bot takes the 6)."""
    small = [money("green", 1), money("orange", 2), money("yellow", 2)]
    state = _position([money("blue", 9)], [money("green", 6), *small])
    assert standard.bot_action(GAME.view(state, 0), 1) == f"take {money('green', 6)}"
    assert _keen(state) == "take " + ",".join(map(str, sorted(small)))


def test_a_majority_gain_counts_every_scoring_to_come() -> None:
    """With 2 parks against a rival's 2, one more park wins first place alone at A, B and C
    (5, 12 + 5 shared before: 8, 20 + 12 shared before: 16)."""
    state = fresh(4, seed=2)
    set_buildings(state, 0, buildings_of("park", 2))
    set_buildings(state, 1, buildings_of("park", 2, skip=2))
    sim = NycardsSim.from_state(state)
    park = 4  # park's index in TYPE_IDS
    assert majority_gains(sim, 0)[park] == (5 - 2) + (12 - 8) + (20 - 16)


def test_keen_moves_are_legal_and_depend_only_on_the_seats_view() -> None:
    """Over seeded games with a keen seat among standard bots: each keen move is legal in the
    reference engine and the same on the true state, on worlds drawn from the seat's view and
    on states with the other seats' hidden cards scrambled."""
    rng = random.Random(3)
    checked = 0
    for seed in (21, 22, 23):
        players = 2 + seed % 3
        state = GAME.new_game(players, {}, seed)
        lone = seed % players
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            if seat != lone:
                state = GAME.apply(state, seat, standard.bot_action(view, rng.getrandbits(32)))
                continue
            move = _keen(state, seat)
            drawn = strong.determinize(view, random.Random(rng.getrandbits(32)))
            assert move_text(keen_move(drawn, seat)) == move
            assert _keen(scramble_hidden(state, seat, rng), seat) == move
            state = GAME.apply(state, seat, move)  # raises on an illegal move
            checked += 1
    assert checked > 60


def test_the_strong_bots_root_moves_start_with_the_keen_then_the_standard_move() -> None:
    state = GAME.new_game(4, {}, 5)
    for _ in range(12):
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        sim = strong.determinize(view, random.Random(1))
        moves = [move_text(m) for m in strong.candidates(view, sim, 9)]
        assert moves[0] == move_text(keen_move(sim, seat))
        assert standard.bot_action(view, 9) in moves[:2]
        assert len(set(moves)) == len(moves) <= strong.CANDIDATES
        for move in moves:
            GAME.apply(state, seat, move)  # raises on an illegal move
        state = GAME.apply(state, seat, moves[0])
