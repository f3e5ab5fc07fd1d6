"""The New York card game's rules: one test per clause and ruling of nycards.md and per seed
example. Positions are built by editing a fresh state (`tests.helpers.nycards`); everything else
goes through the game contract."""

from __future__ import annotations

import pytest

from rules.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn
from rules.nycards.bot import bot_action
from rules.nycards.components import SCORING_CARDS, VALUE
from rules.nycards.engine import first_player, stack_piles
from rules.nycards.scoring import rank, score
from tests.helpers.nycards import (
    GAME,
    assert_every_card_in_one_place,
    building,
    buildings_of,
    cash,
    current_turn,
    fresh,
    money,
    set_buildings,
    set_display,
    set_hand,
    set_yard,
)
from tests.helpers.playout import assert_refused


def ids(cards: list[int]) -> str:
    return ",".join(map(str, cards))


def standard_yard() -> list[int | None]:
    """Theater 2 (blue slot), Museum 3 (green), Station 4 (orange), Church 5 (yellow)."""
    return [
        building("theater", 2),
        building("museum", 3),
        building("station", 4),
        building("church", 5),
    ]


def position(players: int = 3, seed: int = 1, seat: int = 0) -> dict:
    """A fresh game, `seat` to act, the standard yard and a display of four low cards."""
    state = current_turn(fresh(players, seed), seat)
    set_yard(state, standard_yard())
    set_display(
        state, [money("blue", 1), money("green", 2), money("orange", 3), money("yellow", 9)]
    )
    return state


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_starting_money_is_dealt_until_20_or_more(players: int) -> None:
    for seed in range(20):
        state = fresh(players, seed)
        for hand in state["hands"]:
            total = sum(VALUE[c] for c in hand)
            assert 20 <= total <= 28
            # Dealing stopped once 20 was reached: without the last card (so surely without
            # the highest one) the hand was below 20.
            assert total - max(VALUE[c] for c in hand) < 20
        assert len(state["yard"]) == 4 and None not in state["yard"]
        assert len(state["display"]) == 4
        assert_every_card_in_one_place(state)
        keys = [(len(h), sum(VALUE[c] for c in h)) for h in state["hands"]]
        assert keys[state["current"]] == min(keys), "fewest cards, then the lowest total begins"


def test_first_player_has_fewest_cards_then_lowest_total() -> None:
    assert first_player([(4, 24), (3, 21), (3, 20), (5, 20)], 7)[:2] == (2, [2])
    assert first_player([(4, 24), (3, 22), (4, 20)], 7)[:2] == (1, [1])


def test_first_player_tie_is_drawn_at_random_from_the_seed_proposed() -> None:
    keys = [(3, 21), (4, 20), (3, 21), (3, 21)]
    drawn = {first_player(keys, seed)[0] for seed in range(40)}
    assert drawn == {0, 2, 3}
    assert first_player(keys, 5) == first_player(keys, 5)
    state = fresh(4, 3)
    setup = state["events"][0]
    assert setup["type"] == "setup" and setup["first"] == state["current"]
    assert setup["random_first"] == (len(setup["tied"]) > 1)


def test_money_deck_is_stacked_in_five_piles_with_a_in_pile_2_and_b_in_pile_4() -> None:
    money_cards = list(range(1, 81))  # 80 cards: piles of 16
    for seed in range(30):
        deck, _ = stack_piles(list(money_cards), seed)
        a, b = deck.index(301), deck.index(302)
        assert 16 <= a < 33, "A lies in pile 2 (after pile 1's 16 cards)"
        assert 49 <= b < 66, "B lies in pile 4"
        assert sorted(c for c in deck if c < 300) == money_cards
    # Nearly equal piles: 82 cards make piles of 17, 17, 16, 16, 16.
    deck, _ = stack_piles(list(range(1, 83)), 4)
    assert 17 <= deck.index(301) < 35 and 50 <= deck.index(302) < 67


def test_two_players_use_72_money_cards_and_dirk_gets_6_buildings() -> None:
    state = fresh(2, 5)
    assert state["dirk"]
    money_cards = state["money_deck"] + state["display"] + state["hands"][0] + state["hands"][1]
    assert len([c for c in money_cards if c not in SCORING_CARDS]) == 72
    assert len(state["dirk_buildings"]) == 6
    assert len(state["building_deck"]) == 54 - 4 - 6
    assert state["events"][0]["dirk"] == state["dirk_buildings"]


def test_player_count_limits_and_options_are_checked() -> None:
    for players in (1, 7):
        with pytest.raises(IllegalAction):
            GAME.new_game(players, {}, 1)
    with pytest.raises(IllegalAction):
        GAME.new_game(3, {"hands": "1"}, 1)


# ------------------------------------------------------------------ take money


def test_take_one_card_of_any_value() -> None:
    state = position()
    nine = money("yellow", 9)
    after = GAME.apply(state, 0, f"take {nine}")
    assert nine in after["hands"][0]
    assert after["current"] == 1, "taking money ends the turn"


def test_take_several_cards_totalling_at_most_5() -> None:
    state = position()
    cards = [money("blue", 1), money("green", 2)]
    after = GAME.apply(state, 0, f"take {ids(cards)}")
    assert set(cards) <= set(after["hands"][0])
    cards3 = [money("blue", 1), money("green", 2)]
    assert (
        "take " + ids(sorted([*cards3, money("orange", 3)])) not in GAME.choices(state, 0).moves
    )  # 1+2+3 = 6
    assert (
        "take " + ids(sorted([money("green", 2), money("orange", 3)]))
        in GAME.choices(state, 0).moves
    )


def test_several_cards_over_5_are_refused() -> None:
    state = position()
    too_much = [money("green", 2), money("orange", 3), money("blue", 1)]
    err = assert_refused(GAME, state, 0, f"take {ids(too_much)}", IllegalAction)
    assert err.key == "nycards.error.take_too_much" and "6" in err.message()


def test_take_a_card_not_on_display_is_refused() -> None:
    state = position()
    hidden = state["money_deck"][0]
    assert_refused(GAME, state, 0, f"take {hidden}", IllegalAction)


def test_the_display_is_refilled_to_4_at_the_end_of_the_turn() -> None:
    state = position()
    state["money_deck"] = [c for c in state["money_deck"] if c not in SCORING_CARDS]
    top = state["money_deck"][:2]
    after = GAME.apply(state, 0, f"take {money('blue', 1)},{money('green', 2)}")
    assert len(after["display"]) == 4
    assert after["display"][-2:] == top


def test_discards_are_reshuffled_when_the_money_deck_runs_out() -> None:
    state = position()
    discards = state["money_deck"][:-1]
    last = state["money_deck"][-1:]
    state["money_deck"] = [c for c in last if c not in SCORING_CARDS] or [money("yellow", 1, 2)]
    state["discard"] = [
        c for c in discards if c not in SCORING_CARDS and c != state["money_deck"][0]
    ]
    for card in SCORING_CARDS:  # take the scoring cards out of play for this test
        state["scorings"].append({"scoring": SCORING_CARDS[card], "awards": [], "points": []})
    assert_every_card_in_one_place(state)
    after = GAME.apply(state, 0, f"take {money('blue', 1)},{money('green', 2)}")
    assert len(after["display"]) == 4
    assert any(e["type"] == "reshuffled" for e in after["events"])
    assert not after["discard"]
    assert_every_card_in_one_place(after)


# ------------------------------------------------------------------ buy


def test_cards_seen_taken_are_known_held_until_paid_and_the_starting_cards_never() -> None:
    """`known` (every view): a take adds its cards to the taker's, a payment removes its cards;
    the starting money's cards are not known."""
    state = position(players=4)
    assert GAME.view(state, 1)["known"] == [[], [], [], []]
    green = money("green", 2)
    after = GAME.apply(state, 0, f"take {green}")
    assert GAME.view(after, 2)["known"][0] == [green]
    assert GAME.view(after, None)["known"][0] == [green]
    set_yard(after, [building("theater", 2), None, None, None])
    current_turn(after, 0)
    set_hand(after, 0, [*after["hands"][0], money("blue", 2)])
    after = GAME.apply(after, 0, "take " + str(money("blue", 1)))
    assert after["known"][0] == sorted([green, money("blue", 1)])
    current_turn(after, 0)
    after = GAME.apply(after, 0, f"buy 1 {money('blue', 1)},{money('blue', 2)}")
    assert after["known"][0] == [green]


def test_buy_with_the_slot_currency_moves_the_building_in_front_of_the_buyer() -> None:
    state = position()
    set_hand(state, 0, cash("green", 4))
    museum = state["yard"][1]
    after = GAME.apply(state, 0, f"buy 2 {money('green', 4)}")
    assert museum in after["buildings"][0]
    assert money("green", 4) in after["discard"]


def test_paying_with_another_currency_is_refused() -> None:
    state = position()
    set_hand(state, 0, cash("blue", 5))
    err = assert_refused(GAME, state, 0, f"buy 2 {money('blue', 5)}", IllegalAction)
    assert err.key == "nycards.error.wrong_currency"
    set_hand(state, 0, [*cash("blue", 2), *cash("green", 3)])
    err = assert_refused(GAME, state, 0, f"buy {ids(state['hands'][0])}", IllegalAction)
    assert err.key == "nycards.error.mixed_currency"


def test_paying_less_than_the_price_is_refused() -> None:
    state = position()
    set_hand(state, 0, cash("yellow", 1, 3))
    err = assert_refused(GAME, state, 0, f"buy 4 {ids(state['hands'][0])}", IllegalAction)
    assert err.key == "nycards.error.not_enough"
    assert "5" in err.message() and "4" in err.message()


def test_buying_from_an_empty_slot_is_refused() -> None:
    state = position()
    set_hand(state, 0, cash("blue", 2, 5))
    state = GAME.apply(state, 0, f"buy 1 {money('blue', 2)}")  # exact: another action
    assert state["current"] == 0 and state["yard"][0] is None
    err = assert_refused(GAME, state, 0, f"buy 1 {money('blue', 5)}", IllegalAction)
    assert err.key == "nycards.error.empty_slot"
    assert_refused(GAME, state, 0, f"buy 9 {money('blue', 5)}", IllegalAction)


def test_cards_not_in_hand_and_malformed_actions_are_refused() -> None:
    state = position()
    set_hand(state, 0, cash("blue", 2))
    assert_refused(GAME, state, 0, f"buy {money('blue', 3)}", IllegalAction)
    for text in ("buy", "take", "take 1,1", "buy x", "dance", "take ²", "keep now"):
        assert_refused(GAME, state, 0, text, MalformedAction)


def test_seed_example_overpaying_ends_the_turn_without_change() -> None:
    """A green building (Park) costing 10 in the blue slot, paid with two blue cards worth 11:
    the turn ends and no change is given."""
    state = position()
    park = building("park", 10)
    set_yard(state, [park, *standard_yard()[1:]])
    paid = [money("blue", 5), money("blue", 6)]
    set_hand(state, 0, paid)
    after = GAME.apply(state, 0, f"buy 1 {ids(paid)}")
    assert park in after["buildings"][0]
    assert after["hands"][0] == [], "no change"
    assert after["current"] == 1 and after["turn_no"] == state["turn_no"] + 1


def test_seed_example_exact_payment_gives_another_action() -> None:
    """The same Park paid with exactly 10: the player acts again, in the same turn."""
    state = position()
    park = building("park", 10)
    set_yard(state, [park, *standard_yard()[1:]])
    paid = [money("blue", 4), money("blue", 6)]
    set_hand(state, 0, paid)
    after = GAME.apply(state, 0, f"buy {ids(paid)}")
    assert park in after["buildings"][0]
    assert after["current"] == 0 and GAME.turn(after) == GAME.turn(state)
    assert any(e["type"] == "extra_action" for e in after["events"])
    assert after["yard"][0] is None, "no refill during the turn"


def test_at_most_5_actions_four_exact_buys_then_take_money() -> None:
    state = position()
    hand = [money("blue", 2), money("green", 3), money("orange", 4), money("yellow", 5)]
    set_hand(state, 0, hand)
    for card in hand:
        state = GAME.apply(state, 0, f"buy {card}")
        assert state["current"] == 0
    assert state["yard"] == [None, None, None, None] and state["actions"] == 4
    assert GAME.choices(state, 0).picks == ()
    after = GAME.apply(state, 0, f"take {money('yellow', 9)}")
    assert after["current"] == 1
    assert None not in after["yard"], "the yard is refilled at the end of the turn"


def test_the_yard_is_refilled_left_to_right_from_the_deck() -> None:
    state = position()
    set_hand(state, 0, [money("blue", 2), *cash("orange", 5)])
    state = GAME.apply(state, 0, f"buy {money('blue', 2)}")
    top = state["building_deck"][:2]
    after = GAME.apply(state, 0, f"buy {money('orange', 5)}")  # overpays: turn ends
    assert after["yard"][0] == top[0] and after["yard"][2] == top[1]


def test_exact_payment_offers_exact_combinations_first() -> None:
    state = position()
    set_hand(state, 0, cash("yellow", 2, 3, 4, 6))
    (pick,) = GAME.choices(state, 0).picks
    assert pick.kind == "buy"
    first = pick.suggestions[0]
    assert sum(VALUE[c] for c in first) == 5, "the Church costs 5: 2 + 3 exactly"
    assert all(sum(VALUE[c] for c in s) >= 5 for s in pick.suggestions)


def test_pass_is_offered_only_when_nothing_is_possible() -> None:
    state = position()
    assert "pass" not in GAME.choices(state, 0).moves
    assert_refused(GAME, state, 0, "pass", IllegalAction)
    state["money_deck"] += state["display"]
    state["display"] = []
    set_hand(state, 0, [money("blue", 1)])
    assert GAME.choices(state, 0).moves == ("pass",)
    after = GAME.apply(state, 0, "pass")
    assert after["current"] == 1


def test_after_an_exact_payment_the_player_may_act_again_or_end_the_turn() -> None:
    """Rulebooks: after an exact payment the player "può scegliere ancora una volta" (it.),
    "mag hij opnieuw … kiezen" (nl.): may act again, so `end` is offered beside the takes and
    the buy; before any purchase there is nothing to end."""
    state = position()
    set_hand(state, 0, [money("blue", 2), money("green", 4)])
    exc = assert_refused(GAME, state, 0, "end", IllegalAction)
    assert exc.key == "nycards.error.end_without_exact"
    after = GAME.apply(state, 0, f"buy {money('blue', 2)}")  # the Theater's exact price
    choices = GAME.choices(after, 0)
    assert "end" in choices.moves and any(m.startswith("take ") for m in choices.moves)
    assert choices.picks, "buying again is offered too"
    ended = GAME.apply(after, 0, "end")
    assert ended["current"] == 1 and ended["turn_no"] == state["turn_no"] + 1
    assert None not in ended["yard"], "the turn's end refills the yard"


def test_an_exact_payment_does_not_force_an_overpaying_purchase() -> None:
    """With the display empty, the only action left after an exact payment is a purchase that
    overpays: the player may decline it and end the turn."""
    state = position()
    state["money_deck"] += state["display"]
    state["display"] = []
    set_hand(state, 0, [money("blue", 2), money("green", 9)])  # the Museum costs 3
    after = GAME.apply(state, 0, f"buy {money('blue', 2)}")
    choices = GAME.choices(after, 0)
    assert choices.moves == ("end",) and choices.picks
    assert GAME.apply(after, 0, "end")["current"] == 1


def test_the_turn_ends_by_itself_when_an_exact_payment_leaves_nothing_possible() -> None:
    """The extra action is a choice only when some action is possible: when no take and no
    buy is left, the turn ends at once."""
    state = position()
    state["money_deck"] += state["display"]
    state["display"] = []
    set_hand(state, 0, [money("blue", 2), money("green", 1)])  # the Museum costs 3
    after = GAME.apply(state, 0, f"buy {money('blue', 2)}")  # the Theater's exact price
    assert not any(e["type"] == "extra_action" for e in after["events"])
    assert after["current"] == 1 and after["turn_no"] == state["turn_no"] + 1
    assert None not in after["yard"] and len(after["display"]) == 4, "the turn's end refills"


def test_only_the_current_player_acts() -> None:
    state = position()
    assert GAME.to_act(state) == [0]
    assert_refused(GAME, state, 1, f"take {money('yellow', 9)}", NotYourTurn)
    assert_refused(GAME, state, 9, f"take {money('yellow', 9)}", NotYourTurn)


# ------------------------------------------------------------------ scorings


def test_seed_example_scoring_a_most_white_buildings_gets_4() -> None:
    result = score("A", [buildings_of("church", 2), buildings_of("church", 1, skip=2), []])
    church = next(a for a in result["awards"] if a["type"] == "church")
    assert church["ranking"] == [{"seats": [0], "count": 2, "points": 4}]
    assert result["points"] == [4, 0, 0]


def test_seed_example_scoring_b_purple_13_and_6_and_a_tie_gets_9_each() -> None:
    result = score("B", [buildings_of("skyscraper", 3), buildings_of("skyscraper", 2, 3), []])
    assert result["points"] == [13, 6, 0]
    tied = score("B", [buildings_of("skyscraper", 4), buildings_of("skyscraper", 4, 4), []])
    assert tied["points"] == [9, 9, 0], "(13 + 6) / 2 rounded down"


def test_seed_example_scoring_c_green_ties_16_each_and_2_each() -> None:
    holdings = [
        buildings_of("park", 3),
        buildings_of("park", 3, 3),
        buildings_of("park", 2, 6),
        buildings_of("park", 2, 8),
    ]
    result = score("C", holdings)
    assert result["points"] == [16, 16, 2, 2]


def test_places_below_a_tie_move_down() -> None:
    # Two tied for 1st at B share 1st and 2nd; the next player is 3rd and gets nothing.
    assert rank([3, 3, 1], [13, 6]) == [{"seats": [0, 1], "count": 3, "points": 9}]
    # At C the third player then takes 3rd place.
    assert rank([3, 3, 1], [21, 13, 6])[-1] == {"seats": [2], "count": 1, "points": 6}


def test_a_player_without_a_building_of_a_type_does_not_rank() -> None:
    assert rank([0, 0, 2], [16, 8, 1]) == [{"seats": [2], "count": 2, "points": 16}]
    assert rank([0, 0, 0], [1]) == []


def test_scoring_card_turned_up_is_resolved_at_once_and_replaced() -> None:
    state = position()
    set_buildings(state, 1, buildings_of("church", 2))
    set_buildings(state, 2, buildings_of("church", 1, skip=2))
    deck = [c for c in state["money_deck"] if c not in SCORING_CARDS]
    state["money_deck"] = [301, *deck, 302]
    after = GAME.apply(state, 0, f"take {money('yellow', 9)}")
    assert after["scores"] == [0, 4, 0]
    assert [s["scoring"] for s in after["scorings"]] == ["A"]
    assert len(after["display"]) == 4 and 301 not in after["display"]
    assert any(e["type"] == "scoring" and e["scoring"] == "A" for e in after["events"])
    assert_every_card_in_one_place(after)


# ------------------------------------------------------------------ the end


def end_position(players: int = 3) -> dict:
    """Seat 0 to act, the building deck empty (its buildings parked with the last seat)."""
    state = position(players)
    state["buildings"][players - 1] += state["building_deck"]
    state["building_deck"] = []
    return state


def test_the_game_ends_when_the_yard_cannot_be_refilled() -> None:
    state = end_position()
    set_hand(state, 0, [money("blue", 2), *cash("green", 3)])
    state = GAME.apply(state, 0, f"buy {money('blue', 2)}")  # exact: act again
    after = GAME.apply(state, 0, f"buy {money('green', 3)}")  # exact again
    assert after["current"] == 0
    after = GAME.apply(after, 0, f"take {money('yellow', 9)}")
    assert after["phase"] == "over"
    assert [s["scoring"] for s in after["scorings"]][-1] == "C"
    assert GAME.outcome(after) is not None and GAME.to_act(after) == []
    assert_refused(GAME, after, 0, "pass", GameOver)
    assert_every_card_in_one_place(after)


def test_leftover_buildings_go_to_the_most_money_of_the_slot_currency() -> None:
    state = end_position()
    station = state["yard"][2]
    set_hand(state, 0, [money("blue", 2)])
    set_hand(state, 1, [*cash("orange", 1, 1)])
    set_hand(state, 2, [money("orange", 3), money("green", 9)])
    after = GAME.apply(state, 0, f"buy {money('blue', 2)}")
    after = GAME.apply(after, 0, f"take {money('yellow', 9)}")
    assert station in after["buildings"][2], "3 orange beats 1 + 1 (price does not matter)"
    museum = state["yard"][1]
    assert museum in after["buildings"][2], "the only green holder"


def test_leftover_tie_or_nobody_holding_the_currency_gives_nothing_proposed() -> None:
    state = end_position()
    church = state["yard"][3]
    station = state["yard"][2]
    set_hand(state, 0, [money("blue", 2)])
    set_hand(state, 1, [money("orange", 4)])
    set_hand(state, 2, [money("orange", 4, 2)])
    after = GAME.apply(state, 0, f"buy {money('blue', 2)}")
    after = GAME.apply(after, 0, f"take {money('yellow', 9)}")  # seat 0 now holds yellow 9
    assert station in after["unassigned"], "a tie: nobody"
    assert church in after["buildings"][0]
    leftovers = [e for e in after["events"] if e["type"] == "leftover"]
    assert [e["seat"] for e in leftovers if e["building"] == station] == [None]


def test_the_yard_is_refilled_left_to_right_as_far_as_possible_before_the_game_ends() -> None:
    """One building left for two empty slots: it goes to the leftmost, then the game ends and
    it is handed out with the other leftovers."""
    state = position()
    last = state["building_deck"][0]
    state["buildings"][2] += state["building_deck"][1:]
    state["building_deck"] = [last]
    set_hand(state, 0, [money("blue", 2), money("orange", 4)])
    state = GAME.apply(state, 0, f"buy {money('blue', 2)}")  # slot 1, exact
    state = GAME.apply(state, 0, f"buy {money('orange', 4)}")  # slot 3, exact
    after = GAME.apply(state, 0, f"take {money('yellow', 9)}")
    assert after["phase"] == "over" and not after["building_deck"]
    leftovers = [(e["slot"], e["building"]) for e in after["events"] if e["type"] == "leftover"]
    assert leftovers == [(0, last), (1, state["yard"][1]), (3, state["yard"][3])]
    assert_every_card_in_one_place(after)


def test_end_without_refill_a_scoring_card_still_in_the_deck_never_scores_proposed() -> None:
    """Ruling `end_without_refill`: the game ends before the money display is refilled, so A on
    top of the money deck is never turned up; only C is scored."""
    state = end_position()
    deck = [c for c in state["money_deck"] if c not in SCORING_CARDS]
    state["money_deck"] = [301, *deck, 302]
    set_hand(state, 0, [money("blue", 2)])
    state = GAME.apply(state, 0, f"buy {money('blue', 2)}")
    after = GAME.apply(state, 0, f"take {money('yellow', 9)}")
    assert after["phase"] == "over"
    assert [s["scoring"] for s in after["scorings"]] == ["C"]
    assert after["money_deck"][0] == 301 and 302 in after["money_deck"]
    assert len(after["display"]) == 3, "the display is not refilled at the end"
    assert_every_card_in_one_place(after)


def test_most_points_win_and_ties_share_the_victory() -> None:
    state = end_position()
    set_hand(state, 0, [money("blue", 2)])
    set_buildings(state, 1, [])
    state["scores"] = [10, 40, 40]
    after = GAME.apply(state, 0, f"buy {money('blue', 2)}")
    after = GAME.apply(after, 0, f"take {money('yellow', 9)}")
    outcome = GAME.outcome(after)
    assert outcome is not None
    best = max(outcome.scores)
    assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == best)


# ------------------------------------------------------------------ two players: Dirk


def dirk_position(seed: int = 1) -> dict:
    state = current_turn(fresh(2, seed), 0)
    set_yard(state, standard_yard())
    set_display(
        state, [money("blue", 1), money("green", 2), money("orange", 3), money("yellow", 9)]
    )
    return state


def test_two_players_choose_to_keep_or_gift_a_bought_building() -> None:
    state = dirk_position()
    set_hand(state, 0, [money("blue", 2), money("green", 4)])
    theater = state["yard"][0]
    state = GAME.apply(state, 0, f"buy {money('blue', 2)}")
    assert GAME.choices(state, 0).moves == ("keep", "gift")
    assert_refused(GAME, state, 0, f"take {money('yellow', 9)}", IllegalAction)
    gifted = GAME.apply(state, 0, "gift")
    assert theater in gifted["dirk_buildings"] and theater not in gifted["buildings"][0]
    assert gifted["current"] == 0, "the exact payment still gives another action"
    assert "end" in GAME.choices(gifted, 0).moves, "the keep/gift choice first, then may act"
    assert GAME.turn(gifted) == GAME.turn(state)
    kept = GAME.apply(gifted, 0, f"buy {money('green', 4)}")
    kept = GAME.apply(kept, 0, "keep")
    assert state["yard"][1] in kept["buildings"][0]
    assert kept["current"] == 1, "overpaid: the turn ends after the choice"


def test_keep_or_gift_without_a_purchase_is_refused() -> None:
    state = dirk_position()
    assert_refused(GAME, state, 0, "keep", IllegalAction)
    assert_refused(GAME, state, 0, "gift", IllegalAction)
    three = position(3)
    assert_refused(GAME, three, 0, "gift", IllegalAction)


def test_dirk_ranks_in_scorings_and_causes_ties() -> None:
    state = dirk_position()
    set_buildings(state, 0, buildings_of("skyscraper", 2))
    set_buildings(state, 2, buildings_of("skyscraper", 2, 2))  # Dirk is seat index 2
    set_buildings(state, 1, buildings_of("skyscraper", 1, 4))
    state["money_deck"] = [302, *[c for c in state["money_deck"] if c not in SCORING_CARDS], 301]
    after = GAME.apply(state, 0, f"take {money('yellow', 9)}")
    assert after["scores"][0] == 9 and after["dirk_score"] == 9, "(13 + 6) / 2 with Dirk"
    assert after["scores"][1] == 0


def test_dirk_gets_6_after_scoring_a_and_a_third_rounded_down_after_b() -> None:
    state = dirk_position()
    deck = [c for c in state["money_deck"] if c not in SCORING_CARDS]
    state["money_deck"] = [301, *deck, 302]
    before = len(state["dirk_buildings"])
    left = len(state["building_deck"])
    after = GAME.apply(state, 0, f"take {money('yellow', 9)}")
    # The end of turn refilled no slot (nothing was bought), then A gave Dirk 6.
    assert len(after["dirk_buildings"]) == before + 6
    assert len(after["building_deck"]) == left - 6
    state = current_turn(after, 0)
    state["money_deck"] = [302, *[c for c in state["money_deck"] if c not in SCORING_CARDS]]
    set_display(state, state["display"][:3])
    # Leave 10 buildings in the deck (the rest out of play with seat 1): Dirk gets 10 // 3 = 3.
    state["buildings"][1] += state["building_deck"][10:]
    state["building_deck"] = state["building_deck"][:10]
    assert_every_card_in_one_place(state)
    dirk_before = list(state["dirk_buildings"])
    final = GAME.apply(state, 0, f"take {state['display'][0]}")
    got = [e for e in final["events"] if e["type"] == "dirk_got"]
    assert [(e["after"], len(e["buildings"])) for e in got] == [("B", 3)]
    assert final["dirk_buildings"] == dirk_before + state["building_deck"][:3]


def test_dirk_short_deck_gives_dirk_what_is_left_proposed() -> None:
    """Ruling `dirk_short_deck`: after scoring A Dirk is due 6, but only 4 are left: he takes
    those 4 and the building deck is empty."""
    state = dirk_position()
    deck = [c for c in state["money_deck"] if c not in SCORING_CARDS]
    state["money_deck"] = [301, *deck, 302]
    left = state["building_deck"][:4]
    state["buildings"][1] += state["building_deck"][4:]
    state["building_deck"] = list(left)
    before = list(state["dirk_buildings"])
    after = GAME.apply(state, 0, f"take {money('yellow', 9)}")
    got = [e for e in after["events"] if e["type"] == "dirk_got"]
    assert [(e["after"], e["buildings"]) for e in got] == [("A", left)]
    assert after["dirk_buildings"] == before + left and after["building_deck"] == []
    assert_every_card_in_one_place(after)


def test_dirk_cannot_win_proposed() -> None:
    """Ruling `dirk_cannot_win`: Dirk's points are kept and reported, but only players win."""
    state = end_position(2)
    state["scores"], state["dirk_score"] = [10, 30], 500
    set_hand(state, 0, [money("blue", 2)])
    state = GAME.apply(state, 0, f"buy {money('blue', 2)}")
    state = GAME.apply(state, 0, "keep")
    after = GAME.apply(state, 0, f"take {money('yellow', 9)}")
    outcome = GAME.outcome(after)
    assert outcome is not None and after["dirk_score"] > max(outcome.scores)
    assert outcome.detail == {"dirk_score": after["dirk_score"]}
    assert outcome.winners == (1,) and len(outcome.scores) == 2


def test_a_game_saved_before_the_public_memory_plays_to_its_end_knowing_nothing() -> None:
    """States saved before `known` existed have none: they play on to the end (the engine
    does not start remembering midway), and every view shows nothing known."""
    state = fresh(3, 7)
    del state["known"]
    for step in range(2_000):
        to_act = GAME.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        view = GAME.view(state, seat)
        assert view["known"] == [[], [], []]
        state = GAME.apply(state, seat, bot_action(view, step))
        assert "known" not in state
    assert GAME.outcome(state) is not None
