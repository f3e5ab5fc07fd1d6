"""The New York card game's pictures: the public table, a seat's money, the scoring rankings.

Pictures are drawn from views only; a table picture must not change when hidden information
(hands, decks) is shuffled, and a hand picture must change with its own hand."""

from __future__ import annotations

import random

import pytest
from PIL import ImageChops

from games import presentation
from render.nycards import final_picture, hand_picture, scoring_picture, table_picture
from render.nycards.hand import ROW
from rules.nycards.components import BUILDINGS
from tests.helpers.nycards import GAME, cash, money, scramble_hidden, set_hand
from tests.helpers.playout import play, random_action

NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"]


def states_of(players: int, seed: int) -> list[dict]:
    """Every state of one random game."""
    states = [GAME.new_game(players, {}, seed)]
    play(GAME, players, seed, random_action, check=lambda g, b, a, s, act: states.append(a))
    return states


def same(a, b) -> bool:
    return (
        a.size == b.size
        and ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None
    )


@pytest.mark.parametrize("players", [2, 3, 6])
def test_table_grows_with_players_and_shows_dirk_at_two(players: int) -> None:
    state = GAME.new_game(players, {}, 3)
    picture = table_picture(GAME.view(state, None), NAMES[:players], None)
    seats = players + (1 if players == 2 else 0)
    other = table_picture(GAME.view(GAME.new_game(4, {}, 3), None), NAMES[:4], None)
    assert (picture.height - other.height) == (seats - 4) * 52
    assert picture.width == 1100


def test_table_picture_ignores_hidden_information() -> None:
    rng = random.Random(1)
    for state in states_of(3, 11)[::15]:
        public = table_picture(GAME.view(state, None), NAMES[:3], None)
        scrambled = scramble_hidden(state, None, rng)
        assert same(public, table_picture(GAME.view(scrambled, None), NAMES[:3], None))


def test_hand_picture_groups_by_currency_and_changes_with_the_hand() -> None:
    state = GAME.new_game(3, {}, 2)
    set_hand(state, 0, [*cash("blue", 2, 3), *cash("yellow", 9)])
    one = hand_picture(GAME.view(state, 0), NAMES, None)
    assert one.height == 90 + 4 * ROW  # one row per currency, empty ones included
    set_hand(state, 0, [*cash("blue", 2, 4), *cash("yellow", 9)])
    assert not same(one, hand_picture(GAME.view(state, 0), NAMES, None))


def test_every_scoring_gets_a_ranking_picture_and_the_end_a_final_one() -> None:
    seen = []
    for state in states_of(2, 7):
        view = GAME.view(state, None)
        assert (final_picture(view, NAMES[:2], None) is not None) == (view["phase"] == "over")
        seen += [e["scoring"] for e in view["events"] if e["type"] == "scoring"]
    assert seen[-1] == "C" and set(seen) <= {"A", "B", "C"}
    final = GAME.view(states_of(2, 7)[-1], None)
    c = scoring_picture(final, final["scorings"][-1], NAMES[:2], None)
    assert c.height > 300


def test_a_scoring_picture_drawn_after_later_moves_is_the_one_of_its_own_moment() -> None:
    """A scoring's picture comes from its own public event (a step may go on with bot moves):
    drawn from the final view it shows that scoring's rankings and the totals after it."""
    states = states_of(3, 4)
    final = GAME.view(states[-1], None)
    checked = 0
    for state in states:
        view = GAME.view(state, None)
        for event in (e for e in view["events"] if e["type"] == "scoring" and e["scoring"] != "C"):
            then = scoring_picture(view, event, NAMES[:3], None)
            assert same(then, scoring_picture(final, event, NAMES[:3], None))
            checked += 1
    assert checked == 2, "scorings A and B came up during play"


def test_ui_images_and_labels_for_a_whole_game() -> None:
    ui = presentation("nycards")
    for state in states_of(4, 5)[::20]:
        public = GAME.view(state, None)
        ui.table_image(public, NAMES[:4], None)
        for seat in GAME.to_act(state):
            own = GAME.view(state, seat)
            ui.hand_image(own, NAMES[:4], None)
            choices = GAME.choices(state, seat)
            for move in choices.moves:
                label = ui.move_label(move, public, NAMES[:4], None)
                assert 0 < len(label) <= 80
            for pick in choices.picks:
                for items in pick.suggestions:
                    words = ui.view_pick_summary("buy", list(items), own, None)
                    assert "price" in words and "short" not in words


def test_pick_summary_shows_the_overpayment_before_confirming() -> None:
    ui = presentation("nycards")
    state = GAME.new_game(3, {}, 4)
    view = GAME.view(state, state["current"])
    building = view["yard"][0]
    price = BUILDINGS[building].price
    nines = [money("blue", 9, 1), money("blue", 9, 2)]  # 18: more than any price
    words = ui.view_pick_summary("buy", nines, view, None)
    assert f"{18 - price} overpaid" in words
    mixed = ui.view_pick_summary("buy", [nines[0], money("green", 1)], view, None)
    assert "mixed" in mixed
