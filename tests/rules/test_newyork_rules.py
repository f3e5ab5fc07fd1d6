"""New York's rules (newyork.md): setup, the three actions, placing, refills, scorings, the end,
and the two-player game with Dirk. Each test arranges the position its rule talks about."""

from __future__ import annotations

import pytest

from rules import rng as rngmod
from rules.errors import IllegalAction, MalformedAction, NotYourTurn
from rules.newyork import engine
from rules.newyork.components import MONEY, SCORING_CARDS, TILES, TIMES_SQUARE_BASE
from rules.newyork.scoring import majority_points, place_points, type_counts
from tests.helpers.newyork import (
    GAME,
    assert_everything_in_one_place,
    city,
    fresh,
    money,
    set_city,
    set_hand,
    set_market,
    set_reserve,
    tile_with,
)
from tests.helpers.playout import assert_refused

PLAIN = tile_with("....")


def ready(players: int = 3, seed: int = 1) -> dict:
    """A fresh game whose current seat is 0, with a known market: blue 2 (#1 Theater XX.X),
    green Theater 8 (#7 ....), orange Museum 9 (#14 ....), yellow Station 9 (#22 ....)."""
    state = fresh(players, seed)
    state["current"] = 0
    set_market(state, [1, 7, 14, 22])
    return state


def money_total(cards: list[int]) -> int:
    return sum(MONEY[c].value for c in cards)


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_each_player_gets_20_to_28_and_times_square(players: int) -> None:
    state = fresh(players, seed=players)
    for seat, hand in enumerate(state["hands"]):
        assert 20 <= money_total(hand) <= 28
        assert state["cities"][seat] == [[0, 0, TIMES_SQUARE_BASE + seat]]
    assert len(state["market"]) == 4 and None not in state["market"]
    assert len(state["display"]) == 4
    assert_everything_in_one_place(state)


def test_setup_the_first_player_has_the_fewest_cards_then_the_lowest_total() -> None:
    for seed in range(20):
        state = fresh(4, seed)
        keys = [(len(h), money_total(h)) for h in state["hands"]]
        assert keys[state["current"]] == min(keys)
        assert state["events"][0]["type"] == "setup"


def test_setup_the_event_names_the_criterion_that_chose_the_first_player() -> None:
    seen = set()
    for seed in range(60):
        event = fresh(4, seed)["events"][0]
        counts, totals, first = event["counts"], event["totals"], event["first"]
        fewest = [s for s, n in enumerate(counts) if n == min(counts)]
        lowest = [s for s in fewest if totals[s] == min(totals[x] for x in fewest)]
        expected = "count" if len(fewest) == 1 else "total" if len(lowest) == 1 else "random"
        assert event["by"] == expected and first in lowest and event["tied"] == lowest
        seen.add(expected)
    assert seen == {"count", "total", "random"}


def test_setup_proposed_a_seeded_random_seat_begins_among_players_still_tied() -> None:
    # Seats 0, 2 and 3 tie on 4 cards totalling 22; seat 1 has more cards.
    hands = [
        money("blue", 9, 9, 2, 2),
        money("green", 5, 5, 5, 4, 3),
        money("orange", 9, 9, 2, 2),
        money("yellow", 9, 9, 2, 2),
    ]
    chosen = {}
    for seed in range(40):
        first, by, rng = engine.first_player(hands, rngmod.seed_state(seed))
        assert by == "random" and first in (0, 2, 3)
        assert engine.first_player(hands, rngmod.seed_state(seed))[::2] == (first, rng)
        chosen[seed] = first
    assert set(chosen.values()) == {0, 2, 3}  # every tied seat begins for some seed
    richer = [money("blue", 9, 9, 9, 2), *hands[1:]]  # seat 0: 4 cards too, but 29
    assert {engine.first_player(richer, rngmod.seed_state(seed))[0] for seed in range(20)} == {2, 3}
    alone = [money("blue", 9, 9, 3), *hands[1:]]  # seat 0: the only one with 3 cards
    assert engine.first_player(alone, rngmod.seed_state(1))[:2] == (0, "count")
    lowest = [money("blue", 9, 9, 2, 1), *hands[1:]]  # seat 0: 4 cards like 2 and 3, but 21
    assert engine.first_player(lowest, rngmod.seed_state(1))[:2] == (0, "total")


def test_setup_scoring_a_lies_in_pile_2_and_b_in_pile_4() -> None:
    state = fresh(3, 5)
    deck = state["deck"]
    rest = len(deck) - 2  # the money cards left after dealing and the display
    size = rest / 5
    a, b = deck.index(SCORING_CARDS["A"]), deck.index(SCORING_CARDS["B"])
    assert size * 1 - 1 <= a <= size * 2 + 1
    assert size * 3 <= b <= size * 4 + 2


def test_two_players_use_72_cards_and_dirk_gets_6_tiles_at_the_start() -> None:
    state = fresh(2, 3)
    assert state["dirk"] and len(state["dirk_tiles"]) == 6
    assert_everything_in_one_place(state)


def test_bad_player_counts_and_options_are_refused() -> None:
    for count in (1, 7):
        with pytest.raises(IllegalAction):
            GAME.new_game(count, {}, 1)
    with pytest.raises(IllegalAction):
        GAME.new_game(3, {"x": "y"}, 1)


# ------------------------------------------------------------------ take money


def test_take_one_card_of_any_value_ends_the_turn() -> None:
    state = ready()
    nine = money("blue", 9)[0]
    set_hand(state, 1, state["hands"][1])
    state["display"] = [nine, *state["display"][1:]]
    state["deck"] = [c for c in state["deck"] if c != nine]
    new = GAME.apply(state, 0, f"take {nine}")
    assert nine in new["hands"][0] and new["current"] == 1
    assert len(new["display"]) == 4  # refilled at the end of the turn


def test_take_several_cards_only_up_to_a_total_of_5() -> None:
    state = ready()
    two, three, four = money("green", 2, 3, 4)
    for card in (two, three, four):
        state["deck"].remove(card) if card in state["deck"] else None
    state["display"] = [two, three, four, *state["display"][3:]]
    for s in range(3):
        state["hands"][s] = [c for c in state["hands"][s] if c not in (two, three, four)]
    ok = GAME.apply(state, 0, f"take {two},{three}")
    assert {two, three} <= set(ok["hands"][0])
    exc = assert_refused(GAME, state, 0, f"take {two},{four}", IllegalAction)
    assert exc.key == "newyork.error.take_limit"
    assert f"take {two},{four}" not in GAME.choices(state, 0).moves
    assert f"take {two},{three}" in GAME.choices(state, 0).moves


def test_taking_a_card_not_in_the_display_is_refused() -> None:
    state = ready()
    card = state["hands"][1][0]
    assert_refused(GAME, state, 0, f"take {card}", IllegalAction)


# ------------------------------------------------------------------ buying


def test_exact_payment_gives_another_action_and_the_market_is_not_refilled() -> None:
    state = ready()
    set_hand(state, 0, money("green", 8) + money("blue", 2))
    state = GAME.apply(state, 0, "buy 2 " + str(money("green", 8)[0]))
    assert state["current"] == 0 and state["phase"] == "act" and state["actions"] == 1
    assert state["market"][1] is None  # refilled only at the end of the turn
    moves = GAME.choices(state, 0).moves
    assert "end" not in moves and any(m.startswith("take ") for m in moves)
    assert state["to_place"][0] == [7]


def test_overpaying_ends_the_turn_and_the_tile_is_placed_at_its_end() -> None:
    state = ready()
    nine = money("orange", 9, 1)
    set_hand(state, 0, nine)
    state = GAME.apply(state, 0, f"buy 3 {nine[0]},{nine[1]}")
    assert state["phase"] == "place" and state["to_place"][0] == [14]
    assert state["discard"][-2:] == sorted(nine) or set(nine) <= set(state["discard"])
    moves = GAME.choices(state, 0).moves
    assert "place 14 reserve" in moves and "place 14 c2" in moves
    state = GAME.apply(state, 0, "place 14 c2")
    assert [1, 0, 14] in state["cities"][0]
    assert state["current"] == 1 and None not in state["market"]


def test_paying_with_another_bank_or_too_little_is_refused() -> None:
    state = ready()
    blue, green = money("blue", 9)[0], money("green", 3)[0]
    set_hand(state, 0, [blue, green])
    exc = assert_refused(GAME, state, 0, f"buy 2 {blue}", IllegalAction)
    assert exc.key == "newyork.error.wrong_bank"
    exc = assert_refused(GAME, state, 0, f"buy 2 {green}", IllegalAction)
    assert exc.key == "newyork.error.not_enough"
    assert_refused(GAME, state, 0, f"buy 2 {blue},{blue}", MalformedAction)


def test_buying_is_offered_only_for_tiles_the_hand_can_pay_in_their_bank() -> None:
    # Market: blue 2, green 8, orange 9, yellow 9. The hand pays blue and green (8 in two
    # cards), not orange (8 < 9) and not yellow (no yellow money; plenty of another bank).
    state = ready()
    set_hand(state, 0, money("blue", 2, 9, 9) + money("green", 5, 3) + money("orange", 8))
    choices = GAME.choices(state, 0)
    assert not [m for m in choices.moves if m.startswith("buy")]  # a purchase is the pick
    (pick,) = choices.picks
    assert pick.kind == "buy"
    assert set(pick.items) == set(money("blue", 2, 9, 9) + money("green", 5, 3))
    blue_two, green_five, green_three = money("blue", 2)[0], *money("green", 5, 3)
    assert pick.suggestions[0] == (blue_two,)  # exact first: blue 2 pays space 1's price 2
    assert tuple(sorted((green_five, green_three))) in pick.suggestions  # 5 + 3 pays 8
    assert pick.action([green_three, green_five]) == f"buy 2 {green_three},{green_five}"
    bought = GAME.apply(state, 0, pick.action([green_three, green_five]))
    assert bought["to_place"][0] == [state["market"][1]] and bought["paying"] is None
    exc = assert_refused(GAME, state, 0, "buy 3", IllegalAction)
    assert exc.key == "newyork.error.cannot_afford"
    assert_refused(GAME, state, 0, "buy 4", IllegalAction)
    paying = GAME.apply(state, 0, "buy 2")  # affordable: paying it step by step can finish
    assert paying["paying"] == {"slot": 1, "paid": []}


def test_with_no_money_of_any_market_bank_only_taking_money_is_offered() -> None:
    state = ready()
    set_hand(state, 0, [])
    moves = GAME.choices(state, 0).moves
    assert moves and all(m.startswith("take ") for m in moves)


def test_paying_step_by_step_then_taking_the_cards_back() -> None:
    state = ready()
    fives = money("green", 5, 5)
    set_hand(state, 0, fives)
    state = GAME.apply(state, 0, "buy 2")
    pick = GAME.choices(state, 0).picks[0]
    assert pick.kind == "pay" and set(pick.items) == set(fives)
    assert GAME.choices(state, 0).moves == ("back",)
    part = GAME.apply(state, 0, f"pay {fives[0]}")
    assert part["paying"]["paid"] == [fives[0]] and part["market"][1] == 7
    assert_refused(GAME, part, 0, "take 1", IllegalAction)
    back = GAME.apply(part, 0, "back")
    assert sorted(back["hands"][0]) == sorted(fives) and back["paying"] is None
    done = GAME.apply(part, 0, f"pay {fives[1]}")
    assert done["to_place"][0] == [7] and done["phase"] == "place"  # 10 for 8: overpaid


def test_at_most_five_actions_a_turn() -> None:
    state = ready()
    set_market(state, [1, 7, 14, 22])
    state["bag"] = [1, 2, 3]  # irrelevant: nothing is refilled during the turn
    cards = money("blue", 2) + money("green", 8) + money("orange", 9) + money("yellow", 9)
    set_hand(state, 0, cards)
    state["actions"] = 1  # one exact purchase already made this turn
    for slot, card in enumerate(cards, start=1):
        state = GAME.apply(state, 0, f"buy {slot} {card}")
    assert state["phase"] == "place"  # the fifth action ended the turn although it was exact


def no_display(state: dict) -> dict:
    """Put the money display back on top of the deck (the turn's end deals it again): with
    nothing to take, an exact purchase that leaves nothing affordable ends the actions."""
    state["deck"] = state["display"] + state["deck"]
    state["display"] = []
    return state


def nothing_to_draw(state: dict) -> dict:
    """Empty the money display, the deck and the discard pile (their money goes to seat 1's
    hand, the scoring cards out of the game): seat 0 can take no money, now or later."""
    money_left = [c for p in ("display", "deck", "discard") for c in state[p] if c in MONEY]
    state["hands"][1] = sorted(state["hands"][1] + money_left)
    state["display"], state["deck"], state["discard"] = [], [], []
    return state


def test_after_an_exact_payment_the_player_must_take_another_action() -> None:
    """Italian rulebook: after an exact payment the player "deve ancora una volta scegliere"
    (must choose again): no `end` is offered or accepted while an action is possible."""
    state = ready()
    set_hand(state, 0, money("blue", 2))
    state = GAME.apply(state, 0, f"buy 1 {money('blue', 2)[0]}")
    assert state["current"] == 0 and state["phase"] == "act"
    moves = GAME.choices(state, 0).moves
    assert "end" not in moves and any(m.startswith("take ") for m in moves)
    exc = assert_refused(GAME, state, 0, "end", IllegalAction)
    assert exc.key == "newyork.error.must_act"
    assert GAME.bot_action(GAME.view(state, 0), 1) in moves
    took = GAME.apply(state, 0, f"take {state['display'][0]}")
    assert took["phase"] == "place" and took["to_place"][0] == [1]


def test_an_exact_payment_that_leaves_no_action_possible_ends_the_actions() -> None:
    """The extra action is a must only when some action is possible: else the actions end."""
    state = ready()
    set_hand(state, 0, money("blue", 2))
    nothing_to_draw(state)
    after = GAME.apply(state, 0, f"buy 1 {money('blue', 2)[0]}")
    assert after["phase"] == "place" and after["to_place"][0] == [1]


def test_a_player_with_no_legal_action_ends_the_turn() -> None:
    """Nothing to take, nothing the hand can pay, nothing to redesign: `end` is the only
    choice, the rules accept it before any action, the turn passes, and the bot plays it."""
    state = ready()
    set_hand(state, 0, money("green", 1))  # the green tile costs 8; no other bank in hand
    nothing_to_draw(state)
    assert GAME.choices(state, 0).moves == ("end",)
    assert GAME.bot_action(GAME.view(state, 0), 1) == "end"
    after = GAME.apply(state, 0, "end")
    assert after["current"] == 1 and after["phase"] == "act"
    assert after["turn_no"] == state["turn_no"] + 1


def test_a_player_who_can_only_redesign_must_redesign_and_the_bot_does() -> None:
    """A city tile can go to the reserve: that is an action, so `end` is neither offered nor
    accepted, and the bot redesigns instead of ending."""
    state = ready()
    set_hand(state, 0, money("green", 1))
    nothing_to_draw(state)
    set_city(state, 0, city("TS ...."))
    moves = GAME.choices(state, 0).moves
    assert moves and "end" not in moves
    assert all(m.split()[0] in ("move", "swap") for m in moves)
    assert_refused(GAME, state, 0, "end", IllegalAction)
    action = GAME.bot_action(GAME.view(state, 0), 1)
    assert action in moves
    GAME.apply(state, 0, action)


def test_only_the_current_player_acts() -> None:
    state = ready()
    assert_refused(GAME, state, 1, f"take {state['display'][0]}", NotYourTurn)


# ------------------------------------------------------------------ placing and redesign


def test_bought_tiles_are_placed_in_any_order_into_city_or_reserve() -> None:
    state = ready()
    set_hand(state, 0, money("green", 8) + money("orange", 9))
    no_display(state)
    state = GAME.apply(state, 0, f"buy 2 {money('green', 8)[0]}")
    state = GAME.apply(state, 0, f"buy 3 {money('orange', 9)[0]}")  # nothing left: place
    assert sorted(state["to_place"][0]) == [7, 14]
    state = GAME.apply(state, 0, "place 14 c2")  # the second one first
    state = GAME.apply(state, 0, "place 7 reserve")
    assert state["reserves"][0] == [7] and state["current"] == 1


def test_an_illegal_placement_is_refused_naming_the_rule() -> None:
    state = ready()
    set_hand(state, 0, money("blue", 2))
    no_display(state)
    state = GAME.apply(state, 0, f"buy 1 {money('blue', 2)[0]}")  # Theater XX.X
    exc = assert_refused(GAME, state, 0, "place 1 c2", IllegalAction)  # its left street at TS
    assert exc.key == "newyork.rule.match_street"
    assert "this side has a street but its neighbour has none" in exc.message()
    exc = assert_refused(GAME, state, 0, "place 1 c3", IllegalAction)  # corner only
    assert exc.key == "newyork.rule.touch"
    assert_refused(GAME, state, 0, "place 1 zz99x", MalformedAction)


def test_gifting_to_dirk_only_with_two_players() -> None:
    three = ready(3)
    set_hand(three, 0, money("blue", 2))
    no_display(three)
    three = GAME.apply(three, 0, f"buy 1 {money('blue', 2)[0]}")
    assert "gift 1" not in GAME.choices(three, 0).moves
    assert_refused(GAME, three, 0, "gift 1", IllegalAction)
    two = ready(2)
    set_hand(two, 0, money("blue", 2))
    no_display(two)
    two = GAME.apply(two, 0, f"buy 1 {money('blue', 2)[0]}")
    two = GAME.apply(two, 0, "gift 1")
    assert 1 in two["dirk_tiles"]


def test_redesign_reserve_to_city_city_to_reserve_and_swap_each_end_the_turn() -> None:
    state = ready()
    set_city(state, 0, city("TS ...."))
    plain = state["cities"][0][1][2]
    other = tile_with("....", exclude=(plain,))
    set_market(state, [1, 6, 15, 24])
    set_reserve(state, 0, [other])
    moves = GAME.choices(state, 0).moves
    assert f"move {plain} reserve" in moves and f"swap {other} {plain}" in moves
    assert f"move {TIMES_SQUARE_BASE} reserve" not in moves
    built = GAME.apply(state, 0, f"move {other} d2")
    assert [2, 0, other] in built["cities"][0] and built["current"] == 1
    swapped = GAME.apply(state, 0, f"swap {other} {plain}")
    assert [1, 0, other] in swapped["cities"][0] and swapped["reserves"][0] == [plain]
    removed = GAME.apply(state, 0, f"move {plain} reserve")
    assert removed["cities"][0] == [[0, 0, TIMES_SQUARE_BASE]]
    exc = assert_refused(GAME, state, 0, f"move {TIMES_SQUARE_BASE} reserve", IllegalAction)
    assert exc.key == "newyork.rule.times_square"


def test_a_redesign_that_breaks_a_rule_is_refused() -> None:
    state = ready()
    set_city(state, 0, city("TS .... ...."))
    middle = next(t for x, _y, t in state["cities"][0] if x == 1)
    exc = assert_refused(GAME, state, 0, f"move {middle} reserve", IllegalAction)
    assert exc.key == "newyork.rule.reach"


# ------------------------------------------------------------------ scorings


def test_seed_majorities_four_skyscrapers_each_at_b_score_9_each() -> None:
    assert place_points([4, 4, 1], [13, 6]) == [9, 9, 0]


def test_seed_majorities_at_c_3_parks_each_16_and_2_parks_each_2() -> None:
    assert place_points([3, 3, 2, 2], [20, 12, 5]) == [16, 16, 2, 2]


def test_scoring_a_pays_the_first_place_only_and_a_player_needs_one_building() -> None:
    counts = [{**type_counts([]), "church": 2}, {**type_counts([]), "church": 1}, type_counts([])]
    points = majority_points("A", counts)
    assert [p["church"] for p in points] == [4, 0, 0]


def test_the_reserve_does_not_count_for_majorities() -> None:
    state = ready()
    set_city(state, 0, city("TS ....:church"))
    set_reserve(state, 0, [25, 26])  # two more churches, in the reserve
    state["deck"].insert(0, state["deck"].pop(state["deck"].index(SCORING_CARDS["A"])))
    state = GAME.apply(state, 0, f"take {state['display'][0]}")
    scored = next(e for e in state["events"] if e["type"] == "scored")
    assert scored["name"] == "A" and scored["by_type"][0]["church"] == 4
    assert TILES[25].type == TILES[26].type == "church"


def test_scoring_a_comes_when_its_card_is_drawn_and_is_replaced_by_money() -> None:
    state = ready()
    set_city(state, 0, city("TS .... XX..:park"))
    state["deck"].insert(0, state["deck"].pop(state["deck"].index(SCORING_CARDS["A"])))
    state = GAME.apply(state, 0, f"take {state['display'][0]}")
    assert [s["name"] for s in state["scorings"]] == ["A"]
    assert len(state["display"]) == 4 and SCORING_CARDS["A"] not in state["display"]
    first = state["scorings"][0]
    assert first["streets"][0] == 2 and first["majority"][0] == 5 + 1  # park and theater
    assert state["scores"][0] == 8
    assert_everything_in_one_place(state)


def test_with_dirk_the_players_still_score_street_points_and_dirk_only_majorities() -> None:
    # newyork.md "Two players": Dirk scores majority points like a player but never street
    # points; the two players score their streets as in every game.
    state = ready(2)
    set_city(state, 0, city("TS .... XX..:park"))
    set_city(state, 1, city("TS ..X.", seat=1))
    deck = state["deck"]
    deck.insert(0, deck.pop(deck.index(SCORING_CARDS["A"])))
    state = GAME.apply(state, 0, f"take {state['display'][0]}")
    (scored,) = state["scorings"]
    assert scored["streets"] == [2, 1]
    assert state["scores"] == [scored["streets"][s] + scored["majority"][s] for s in (0, 1)]
    assert scored["dirk"] == state["dirk_score"]  # majorities only: no street entry for Dirk
    assert len(scored["streets"]) == 2


def test_dirk_gets_6_tiles_after_scoring_a_and_a_third_of_the_bag_after_b() -> None:
    state = ready(2)
    set_city(state, 0, city("TS .... XX..:park"))
    deck = state["deck"]
    for name in ("B", "A"):
        deck.insert(0, deck.pop(deck.index(SCORING_CARDS[name])))
    before = len(state["dirk_tiles"])
    state = GAME.apply(state, 0, f"take {state['display'][0]}")
    assert [s["name"] for s in state["scorings"]] == ["A", "B"]
    assert [s["streets"][0] for s in state["scorings"]] == [2, 2]
    gained = len(state["dirk_tiles"]) - before
    bag_after_a = 54 - 4 - before - 6
    assert gained == 6 + bag_after_a // 3
    assert state["dirk_score"] > 0  # Dirk holds buildings and ranks
    assert_everything_in_one_place(state)


# ------------------------------------------------------------------ the end


def test_money_deck_is_reshuffled_from_the_discards_when_it_runs_out() -> None:
    state = ready()
    state["discard"] = state["deck"][2:]
    state["discard"] = [c for c in state["discard"] if c in MONEY]
    specials = [c for c in state["deck"] if c not in MONEY]
    state["deck"] = state["deck"][:0]
    for card in specials:  # the scoring cards were already used
        state["scorings"].append({"name": "A" if card == SCORING_CARDS["A"] else "B"})
    state = GAME.apply(state, 0, f"take {state['display'][0]}")
    assert len(state["display"]) == 4 and state["discard"] == []
    assert any(e["type"] == "reshuffled" for e in state["events"])


def test_the_game_ends_when_the_market_cannot_be_refilled_leftovers_go_to_the_most_money() -> None:
    state = ready()
    state["bag"] = []
    market_tiles = [1, 7, 14, 22]
    set_market(state, market_tiles)
    state["bag"] = []
    state["dirk_tiles"] = []
    for seat in range(3):  # nothing else: give the bag's tiles to nobody (out of the count)
        state["hands"][seat] = []
    set_hand(state, 0, money("blue", 2))
    set_hand(state, 1, money("orange", 5))
    set_hand(state, 2, money("orange", 5, skip=tuple(state["hands"][1])))
    no_display(state)
    state = GAME.apply(state, 0, "buy 1 " + str(state["hands"][0][0]))
    state = GAME.apply(state, 0, "place 1 reserve")
    # Green: nobody holds any (unsold); orange: tied 5 and 5 (unsold); yellow: nobody.
    assert state["phase"] == "over"
    unsold = {e["tile"]: e["reason"] for e in state["events"] if e["type"] == "unsold"}
    assert unsold == {7: "nobody", 14: "tie", 22: "nobody"}
    assert [s["name"] for s in state["scorings"]][-1] == "C"
    assert GAME.outcome(state) is not None


def test_a_leftover_tile_goes_to_the_single_richest_in_its_bank_who_places_it() -> None:
    state = ready()
    set_market(state, [1, 7, 14, 22])
    state["bag"] = []
    for seat in range(3):
        state["hands"][seat] = []
    set_hand(state, 0, money("blue", 2))
    set_hand(state, 2, money("green", 1))
    no_display(state)
    state = GAME.apply(state, 0, "buy 1 " + str(state["hands"][0][0]))
    state = GAME.apply(state, 0, "place 1 reserve")
    assert state["final"] and GAME.to_act(state) == [2]
    assert state["to_place"][2] == [7]
    assert "gift 7" not in GAME.choices(state, 2).moves
    state = GAME.apply(state, 2, "place 7 c2")
    assert state["phase"] == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == tuple(state["scores"])
    assert list(outcome.winners) == [
        s for s, v in enumerate(state["scores"]) if v == max(state["scores"])
    ]


def test_turn_label_stays_the_same_across_the_actions_of_one_turn() -> None:
    state = ready()
    set_hand(state, 0, money("blue", 2))
    label = GAME.turn(state)
    state = GAME.apply(state, 0, "buy 1 " + str(money("blue", 2)[0]))
    assert GAME.turn(state) == label and state["phase"] == "act"
    state = GAME.apply(state, 0, f"take {state['display'][0]}")
    assert GAME.turn(state) == label and state["phase"] == "place"
    state = GAME.apply(state, 0, "place 1 reserve")
    assert GAME.turn(state) != label


def test_engine_constants_follow_the_data_file() -> None:
    assert (engine.MARKET, engine.DISPLAY, engine.TAKE_LIMIT, engine.MAX_ACTIONS) == (4, 4, 5, 5)


def test_at_the_end_of_a_turn_the_display_is_refilled_before_the_market() -> None:
    # Scoring A turns up while refilling the display; the market space bought this turn is
    # still empty then, so the tile just bought and placed counts, and the market is full after.
    state = ready()
    set_hand(state, 0, money("blue", 2))
    deck = state["deck"]
    deck.insert(0, deck.pop(deck.index(SCORING_CARDS["A"])))
    state = GAME.apply(state, 0, "buy 1 " + str(state["hands"][0][0]))
    state = GAME.apply(state, 0, f"take {state['display'][0]}")  # the second action
    state = GAME.apply(state, 0, "place 1 b1")  # above Times Square: its bottom has no street
    scored = next(e for e in state["events"] if e["type"] == "scored")
    assert scored["by_type"][0]["theater"] == 1  # the Theater just built counted at A
    assert None not in state["market"] and len(state["display"]) == 4
