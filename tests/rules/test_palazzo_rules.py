"""Palazzo's rules, one test per rule, ruling and seed example of palazzo.md."""

from __future__ import annotations

import pytest

from i18n import t
from rules.contract import State
from rules.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn
from rules.palazzo.components import KNIGHTS, MONEY, TILES
from rules.palazzo.engine import price
from rules.palazzo.scoring import palazzo_points
from tests.helpers.palazzo import (
    GAME,
    assert_everything_in_one_place,
    card,
    cards,
    certs,
    fresh,
    group,
    move_cards,
    stack_top,
    take_tiles,
    tile,
)
from tests.helpers.playout import assert_refused


def ids(*items: int) -> str:
    return ",".join(str(i) for i in items)


def at_acquire(state: State, warehouse: list[int]) -> int:
    """Put `warehouse` on the warehouse and the active seat at its buy-or-auction choice."""
    state["out"] += state["warehouse"]
    take_tiles(state, warehouse)
    state["warehouse"] = list(warehouse)
    state["phase"] = "acquire"
    return state["active"]


def with_quarries(state: State, quarries: list[list[int]], master: int = 0) -> None:
    """Lay out the quarries (tiles taken from wherever they were; removed ones go out)."""
    for q in state["quarries"]:
        state["out"] += q
        q.clear()
    for k, tiles in enumerate(quarries):
        take_tiles(state, tiles)
        state["quarries"][k] = list(tiles)
    state["master"] = master


def error_key(state: State, seat: int, action: str, error=IllegalAction) -> str:
    return assert_refused(GAME, state, seat, action, error).key


# ------------------------------------------------------------------ setup


def test_setup_lays_five_stack_one_tiles_and_deals_four_cards() -> None:
    state = fresh(4, seed=3)
    assert [len(q) for q in state["quarries"]] == [1, 1, 1, 1] and len(state["warehouse"]) == 1
    laid = [*state["warehouse"], *(q[0] for q in state["quarries"])]
    assert all(TILES[x].floor in (1, 2) for x in laid)
    assert [len(p) for p in state["stacks"]] == [13, 12, 23]
    assert all(len(h) == 4 for h in state["hands"]) and len(state["deck"]) == 55 - 16
    assert_everything_in_one_place(state)


def test_the_first_player_is_drawn_at_random() -> None:
    firsts = {fresh(4, seed)["first"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    with pytest.raises(IllegalAction):
        GAME.new_game(players, {}, 1)


# ------------------------------------------------------------------ take money


def test_take_money_shows_players_plus_one_the_active_takes_two_the_others_one() -> None:
    state = fresh(3, seed=5)
    a = state["active"]
    b, c = (a + 1) % 3, (a + 2) % 3
    top = state["deck"][:4]
    state = GAME.apply(state, a, "money")
    assert state["display"] == top and GAME.to_act(state) == [a]
    assert error_key(state, a, f"pick {top[0]}") == "palazzo.error.pick_count"
    state = GAME.apply(state, a, f"pick {ids(top[0], top[2])}")
    assert GAME.to_act(state) == [b]
    assert error_key(state, b, f"pick {top[0]}") == "palazzo.error.not_shown"
    state = GAME.apply(state, b, f"pick {top[3]}")
    # the last card goes to the last player without a choice; the turn passes on
    assert top[1] in state["hands"][c] and state["display"] == []
    assert state["phase"] == "turn" and GAME.to_act(state) == [b]
    assert top[0] in state["hands"][a] and top[2] in state["hands"][a]
    assert_everything_in_one_place(state)


def test_take_money_is_impossible_when_deck_and_discards_cannot_supply_it() -> None:
    state = fresh(3, seed=5)
    a = state["active"]
    extra = state["deck"][3:]
    state["hands"][a] += extra
    state["deck"] = state["deck"][:3]
    assert "money" not in GAME.choices(state, a).moves
    assert error_key(state, a, "money") == "palazzo.error.no_money_left"
    state["discard"].append(state["hands"][a].pop())
    assert "money" in GAME.choices(state, a).moves


def test_an_empty_deck_is_refilled_from_the_shuffled_discards() -> None:
    state = fresh(2, seed=8)
    a = state["active"]
    state["discard"] = state["deck"][1:]
    state["deck"] = state["deck"][:1]
    state = GAME.apply(state, a, "money")
    assert any(e["type"] == "reshuffled" for e in state["events"])
    assert len(state["display"]) == 3 and state["discard"] == []
    assert_everything_in_one_place(state)


# ------------------------------------------------------------------ drawing tiles


def test_the_first_tile_goes_to_the_warehouse_the_second_to_the_quarry_of_its_windows() -> None:
    state = fresh(3, seed=2)
    a = state["active"]
    first, second = tile("marble", 1, 1), tile("brick", 2, 2)
    stack_top(state, [first, second])
    state["master"] = 1
    state = GAME.apply(state, a, "tiles")
    assert state["warehouse"][-1] == first
    assert state["quarries"][(1 + 2) % 4][-1] == second  # quarry number 2 from the master
    assert state["phase"] == "acquire" and GAME.to_act(state) == [a]


def test_a_knight_is_set_aside_and_not_replaced() -> None:
    state = fresh(3, seed=2)
    a = state["active"]
    other = tile("sandstone", 1, 3)
    stack_top(state, [KNIGHTS[0], other])
    warehouse = list(state["warehouse"])
    state = GAME.apply(state, a, "tiles")
    assert state["knights"] == [KNIGHTS[0]] and state["warehouse"] == warehouse
    assert state["quarries"][3][-1] == other


def test_the_fifth_knight_ends_the_game_at_once() -> None:
    state = fresh(3, seed=2)
    a = state["active"]
    take_tiles(state, KNIGHTS[:4])
    state["knights"] = list(KNIGHTS[:4])
    after = tile("marble", 2, 3)
    stack_top(state, [KNIGHTS[4], after])
    state = GAME.apply(state, a, "tiles")
    assert state["phase"] == "over" and GAME.to_act(state) == []
    assert after in next(p for p in state["stacks"] if p)  # nothing else happens
    assert GAME.outcome(state) is not None
    assert error_key(state, a, "money", GameOver) == "error.game_over"


def test_stacks_are_drawn_in_order_one_two_three() -> None:
    state = fresh(2, seed=4)
    a = state["active"]
    state["stacks"][2] += state["stacks"][0][:-1]
    state["stacks"][0] = state["stacks"][0][-1:]
    last_of_one, first_of_two = state["stacks"][0][0], state["stacks"][1][0]
    state = GAME.apply(state, a, "tiles")
    drawn = [e["tile"] for e in state["events"] if e["type"] == "drawn"]
    assert drawn == [last_of_one, first_of_two]


# ------------------------------------------------------------------ buying


def test_seed_price_of_6_with_4_tiles_on_the_warehouse_and_paying_15_for_12() -> None:
    state = fresh(3, seed=1)
    warehouse = [
        tile("brick", 1, 1),
        tile("brick", 2, 2),
        tile("marble", 1, 2),
        tile("marble", 2, 3),
    ]
    a = at_acquire(state, warehouse)
    assert price(state) == 6
    pay = cards("red", 7, 5, 3)  # 15: no change is given
    keep = card("grey", 4)
    move_cards(state, [*pay, keep], a)
    state = GAME.apply(state, a, f"buy {ids(warehouse[0], warehouse[1], *pay)}")
    bought = state["events"][-1]
    assert bought["type"] == "bought" and bought["cost"] == 12 and bought["paid"] == 15
    assert state["hands"][a] == [keep] and state["discard"][-3:] == pay
    assert state["warehouse"] == warehouse[2:]
    assert state["phase"] == "build" and state["pending"]["tiles"] == warehouse[:2]
    assert_everything_in_one_place(state)


def test_buying_one_tile_for_less_than_its_price_is_refused() -> None:
    state = fresh(3, seed=1)
    a = at_acquire(state, [tile("brick", 1, 1)] * 1 + [tile("brick", 2, 1)])
    move_cards(state, cards("red", 3, 4), a)
    assert price(state) == 8
    action = f"buy {ids(state['warehouse'][0], *cards('red', 3, 4))}"
    assert error_key(state, a, action) == "palazzo.error.too_little"


def test_a_purchase_in_two_currencies_is_refused() -> None:
    state = fresh(3, seed=1)
    a = at_acquire(state, [tile("brick", 1, 1)])
    pay = [card("red", 7), card("grey", 7)]
    move_cards(state, pay, a)
    assert error_key(state, a, f"buy {ids(state['warehouse'][0], *pay)}") == (
        "palazzo.error.bad_payment"
    )


def test_only_one_or_two_warehouse_tiles_can_be_bought() -> None:
    state = fresh(3, seed=1)
    w = [tile("brick", 1, 1), tile("brick", 2, 1), tile("brick", 1, 2)]
    a = at_acquire(state, w)
    move_cards(state, [*group(7), *group(6)], a)
    hand = state["hands"][a]
    assert error_key(state, a, f"buy {ids(*w, *hand)}") == "palazzo.error.buy_count"
    quarry_tile = state["quarries"][0][0]
    assert error_key(state, a, f"buy {ids(quarry_tile, *hand)}") == (
        "palazzo.error.not_in_warehouse"
    )


def test_buying_is_offered_only_when_the_player_can_pay_for_one_tile() -> None:
    state = fresh(3, seed=1)
    a = at_acquire(state, [tile("brick", 1, 1)])  # price 9
    move_cards(state, cards("red", 3, 5), a)
    assert [p.kind for p in GAME.choices(state, a).picks] == []
    assert GAME.choices(state, a).moves == ("auction",)
    move_cards(state, cards("red", 3, 6), a)
    (pick,) = GAME.choices(state, a).picks
    assert pick.kind == "buy" and pick.suggestions
    for suggestion in pick.suggestions:
        GAME.apply(state, a, pick.action(suggestion))


# ------------------------------------------------------------------ auctions


def auction_table(seed: int = 1) -> tuple[State, int, int, int, list[int]]:
    """Three players; the quarry after the master builder holds two tiles."""
    state = fresh(3, seed)
    lot = [tile("marble", 1, 3), tile("marble", 2, 3)]
    with_quarries(state, [[], lot, [], []])
    a = at_acquire(state, [])
    return state, a, (a + 1) % 3, (a + 2) % 3, lot


def test_seed_auction_group_of_three_4s_grey_6_with_a_certificate_and_the_pass_at_31() -> None:
    state, a, b, c, lot = auction_table()
    fours = group(4, nth=1)
    a_cards = [*fours, card("grey", 6), *certs(3)]
    b_cards = [*cards("red", 7, 5, 3, 6, 4), card("red", 6, 1)]
    move_cards(state, a_cards, a)
    move_cards(state, b_cards, b)
    state = GAME.apply(state, a, "auction")
    state = GAME.apply(state, b, f"bid {ids(*cards('red', 7, 5, 3))}")
    state = GAME.apply(state, c, "pass")
    # a group of three 4s (15) added to the earlier bid of 3 makes 18
    state = GAME.apply(state, a, f"bid {ids(*fours)}")
    assert state["auction"]["offers"][a]["total"] == 18
    state = GAME.apply(state, b, f"bid {ids(*cards('red', 6, 4))}")
    assert state["auction"]["offers"][b]["total"] == 25
    state = GAME.apply(state, a, f"bid {ids(card('grey', 6), certs(1)[0])}")
    assert state["auction"]["offers"][a]["total"] == 26
    state = GAME.apply(state, b, f"bid {card('red', 6, 1)}")
    assert state["auction"]["offers"][b]["total"] == 31
    # two certificates do not make a group with the one already bid: 26 + 4 = 30, not enough
    two = certs(2, 1)
    assert error_key(state, a, f"bid {ids(*two)}") == "palazzo.error.bid_too_low"
    state = GAME.apply(state, a, "pass")
    assert sorted(state["hands"][a]) == sorted(a_cards)  # all cards back
    # b is the last one left: b pays 31 and builds both tiles
    assert state["phase"] == "build" and state["pending"] == {
        "seat": b,
        "tiles": lot,
        "order": [],
        "distribute": False,
    }
    assert state["hands"][b] == [] and state["auction"] is None
    assert_everything_in_one_place(state)


def test_a_raise_must_keep_the_currency_of_the_bid() -> None:
    state, a, b, c, _lot = auction_table()
    move_cards(state, [card("red", 5), card("grey", 7)], b)
    state = GAME.apply(state, a, "auction")
    state = GAME.apply(state, b, f"bid {card('red', 5)}")
    state = GAME.apply(state, c, "pass")
    move_cards(state, [card("grey", 6)], a)
    state = GAME.apply(state, a, f"bid {card('grey', 6)}")
    refused = assert_refused(GAME, state, b, f"bid {card('grey', 7)}", IllegalAction)
    assert refused.key == "palazzo.error.bid_currency"
    assert "red cards" in refused.message("en"), "the bid's currency, in the reader's words"
    assert t("palazzo.currency.red", "it") in refused.message("it")


def test_a_bid_must_beat_the_highest_bid() -> None:
    state, a, b, _c, _lot = auction_table()
    move_cards(state, [card("red", 3)], b)
    state = GAME.apply(state, a, "auction")
    assert error_key(state, b, f"bid {card('red', 3)}") == "palazzo.error.bid_too_low"
    assert [p.kind for p in GAME.choices(state, b).picks] == []  # no raise is possible
    assert GAME.choices(state, b).moves == ("pass",)


def test_if_everyone_else_passes_the_opener_wins_for_the_certificate_alone() -> None:
    state, a, b, c, lot = auction_table()
    hand = list(state["hands"][a])
    state = GAME.apply(state, a, "auction")
    state = GAME.apply(state, b, "pass")
    state = GAME.apply(state, c, "pass")
    won = state["events"][-1]
    assert won["type"] == "won" and won["seat"] == a and won["cards"] == []
    assert state["hands"][a] == hand and state["pending"]["tiles"] == lot


def test_the_winner_builds_every_tile_of_the_lot_in_one_decision() -> None:
    state, a, b, c, lot = auction_table()
    state = GAME.apply(state, a, "auction")
    state = GAME.apply(state, b, "pass")
    state = GAME.apply(state, c, "pass")
    label = GAME.turn(state)
    state = GAME.apply(state, a, f"new {lot[0]}")
    assert GAME.to_act(state) == [a] and GAME.turn(state) == label  # no second ping
    state = GAME.apply(state, a, f"build 1 {lot[1]}")
    assert state["palazzi"][a] == [lot] and state["phase"] == "turn"
    assert GAME.to_act(state) == [b]


def test_the_master_builder_moves_to_the_next_quarry_holding_a_tile() -> None:
    state = fresh(3, seed=1)
    x = tile("brick", 3, 1)
    with_quarries(state, [[], [], [x], []], master=3)  # quarries 0 and 1... skipped: 3→0→1→2
    a = at_acquire(state, [])
    state = GAME.apply(state, a, "auction")
    assert state["master"] == 2 and state["auction"]["tiles"] == [x]


def test_the_master_builder_comes_back_to_its_own_quarry_only_after_a_full_circle() -> None:
    state = fresh(3, seed=1)
    x = tile("brick", 3, 1)
    with_quarries(state, [[], [x], [], []], master=1)
    a = at_acquire(state, [])
    state = GAME.apply(state, a, "auction")
    assert state["master"] == 1 and state["auction"]["tiles"] == [x]


def test_with_no_tile_in_any_quarry_nothing_is_auctioned_and_the_turn_ends() -> None:
    state = fresh(3, seed=1)
    with_quarries(state, [[], [], [], []])
    a = at_acquire(state, [])
    state = GAME.apply(state, a, "auction")
    assert state["events"][-1]["type"] == "nothing_to_auction"
    assert GAME.to_act(state) == [(a + 1) % 3] and state["phase"] == "turn"


def test_four_tiles_or_more_are_distributed_not_auctioned() -> None:
    state = fresh(2, seed=1)
    lot = [tile("brick", 1, 1), tile("brick", 2, 1), tile("brick", 3, 1), tile("brick", 4, 1)]
    with_quarries(state, [[], lot, [], []])
    a = at_acquire(state, [])
    b = 1 - a
    state = GAME.apply(state, a, "auction")
    assert state["auction"] is None and GAME.to_act(state) == [a]
    moves = GAME.choices(state, a).moves
    assert {f"new {x}" for x in lot} <= set(moves)
    state = GAME.apply(state, a, f"new {lot[2]}")
    assert GAME.to_act(state) == [b]
    assert f"new {lot[2]}" not in GAME.choices(state, b).moves
    state = GAME.apply(state, b, f"new {lot[0]}")
    assert set(state["out"]) >= {lot[1], lot[3]}  # the rest leave the game
    assert state["phase"] == "turn" and GAME.to_act(state) == [b]
    assert_everything_in_one_place(state)


# ------------------------------------------------------------------ building


def builder(palazzi: list[list[int]], pending: list[int]) -> tuple[State, int]:
    state = fresh(3, seed=1)
    a = state["active"]
    take_tiles(state, [x for p in palazzi for x in p] + pending)
    state["palazzi"][a] = [list(p) for p in palazzi]
    state["pending"] = {"seat": a, "tiles": list(pending), "order": [], "distribute": False}
    state["phase"] = "build"
    return state, a


def test_seed_floors_1_3_then_2_start_a_new_palazzo_and_insert_by_rebuild() -> None:
    f1, f3, f2 = tile("brick", 1, 1), tile("marble", 3, 2), tile("sandstone", 2, 1)
    state, a = builder([[f1, f3]], [f2])
    assert f"build 1 {f2}" not in GAME.choices(state, a).moves
    exc = assert_refused(GAME, state, a, f"build 1 {f2}", IllegalAction)
    assert exc.key == "palazzo.error.not_on_top" and exc.params == {"floor": 2, "top": 3}
    state = GAME.apply(state, a, f"new {f2}")
    assert state["palazzi"][a] == [[f1, f3], [f2]]
    # a later rebuild slides it in
    while GAME.to_act(state) != [a]:
        state["active"] = state["actor"] = a
        state["phase"] = "turn"
    pay = state["hands"][a][0]
    state = GAME.apply(state, a, f"rebuild {pay}")
    assert f"insert {f2} 1" in GAME.choices(state, a).moves
    state = GAME.apply(state, a, f"insert {f2} 1")
    assert state["palazzi"][a] == [[f1, f2, f3]]
    assert pay in state["discard"]


def test_seed_floor_2_cannot_go_on_a_palazzo_that_already_has_floor_2() -> None:
    f1, f2, f4, other2 = (
        tile("brick", 1, 1),
        tile("brick", 2, 1),
        tile("brick", 4, 1),
        tile("marble", 2, 2),
    )
    state, a = builder([[f1, f2]], [other2])
    assert error_key(state, a, f"build 1 {other2}") == "palazzo.error.not_on_top"
    state, a = builder([[f1, f2, f4], [other2]], [])
    state["phase"] = "rebuild"
    assert f"insert {other2} 1" not in GAME.choices(state, a).moves
    assert error_key(state, a, f"insert {other2} 1") == "palazzo.error.floor_taken"


def test_floors_may_be_skipped_and_materials_mixed() -> None:
    f2, f4, f5 = tile("brick", 2, 1), tile("marble", 4, 3), tile("sandstone", 5, 2)
    state, a = builder([[f2]], [f4, f5])
    state = GAME.apply(state, a, f"build 1 {f4}")
    state = GAME.apply(state, a, f"build 1 {f5}")
    assert state["palazzi"][a] == [[f2, f4, f5]]


def test_an_acquired_tile_may_be_discarded_instead() -> None:
    x = tile("brick", 5, 1)
    state, a = builder([], [x])
    state = GAME.apply(state, a, f"discard {x}")
    assert x in state["out"] and state["palazzi"][a] == []


def test_only_a_tile_waiting_to_be_built_can_be_built() -> None:
    x, y = tile("brick", 5, 1), tile("brick", 4, 1)
    state, a = builder([], [x])
    take_tiles(state, [y])
    state["warehouse"].append(y)
    assert error_key(state, a, f"new {y}") == "palazzo.error.not_yours_to_build"
    assert error_key(state, a, f"build 3 {x}") == "palazzo.error.no_such_palazzo"


# ------------------------------------------------------------------ rebuild


def rebuilder(palazzi: list[list[int]]) -> tuple[State, int]:
    state = fresh(3, seed=1)
    a = state["active"]
    take_tiles(state, [x for p in palazzi for x in p])
    state["palazzi"][a] = [list(p) for p in palazzi]
    return state, a


def test_seed_rebuild_of_a_lone_tile_into_a_2_floor_palazzo_is_13_points_better() -> None:
    f1, f2, f3 = tile("brick", 1, 3), tile("marble", 2, 3), tile("sandstone", 3, 2)
    state, a = rebuilder([[f1, f2], [f3]])
    before = GAME.view(state, None)["seats"][a]["score"]
    assert before == -5
    pay = state["hands"][a][0]
    state = GAME.apply(state, a, f"rebuild {pay}")
    state = GAME.apply(state, a, f"insert {f3} 1")
    after = GAME.view(state, None)["seats"][a]["score"]
    assert after == 8 and after - before == 13


def test_rebuild_takes_a_tile_out_into_a_palazzo_of_its_own() -> None:
    f1, f2, f3 = tile("brick", 1, 3), tile("marble", 2, 3), tile("sandstone", 3, 2)
    state, a = rebuilder([[f1, f2, f3]])
    state = GAME.apply(state, a, f"rebuild {state['hands'][a][0]}")
    assert f"out {f2}" in GAME.choices(state, a).moves
    state = GAME.apply(state, a, f"out {f2}")
    assert state["palazzi"][a] == [[f1, f3], [f2]]
    assert GAME.to_act(state) == [(a + 1) % 3]


def test_rebuild_removes_a_lone_tile_from_the_game() -> None:
    f1, f5 = tile("brick", 1, 3), tile("marble", 5, 3)
    state, a = rebuilder([[f1], [f5]])
    state = GAME.apply(state, a, f"rebuild {state['hands'][a][0]}")
    assert error_key(state, a, f"remove {tile('brick', 2, 1)}") == "palazzo.error.not_your_tile"
    state = GAME.apply(state, a, f"remove {f5}")
    assert state["palazzi"][a] == [[f1]] and f5 in state["out"]


def test_rebuild_costs_exactly_one_money_card_and_needs_a_card_and_a_palazzo() -> None:
    f1 = tile("brick", 1, 3)
    state, a = rebuilder([[f1]])
    two = state["hands"][a][:2]
    assert error_key(state, a, f"rebuild {ids(*two)}") == "palazzo.error.rebuild_one_card"
    state["hands"][(a + 1) % 3] += state["hands"][a]
    state["hands"][a] = []
    assert [p.kind for p in GAME.choices(state, a).picks] == []
    state, a = rebuilder([])
    assert [p.kind for p in GAME.choices(state, a).picks] == []
    assert error_key(state, a, f"rebuild {state['hands'][a][0]}") == (
        "palazzo.error.nothing_to_rebuild"
    )


def test_a_lone_tile_cannot_be_taken_out_and_a_tall_one_cannot_be_removed() -> None:
    f1, f2, f3 = tile("brick", 1, 3), tile("marble", 2, 3), tile("sandstone", 3, 2)
    state, a = rebuilder([[f1, f2], [f3]])
    state = GAME.apply(state, a, f"rebuild {state['hands'][a][0]}")
    assert error_key(state, a, f"out {f3}") == "palazzo.error.already_alone"
    assert error_key(state, a, f"remove {f1}") == "palazzo.error.not_alone"


def test_rebuild_inserts_a_lone_tile_at_the_base_of_a_palazzo() -> None:
    """A one-tile palazzo may be inserted into another anywhere, even at the base."""
    f1, f2, f3 = tile("brick", 1, 3), tile("marble", 2, 3), tile("sandstone", 3, 2)
    state, a = rebuilder([[f2, f3], [f1]])
    state = GAME.apply(state, a, f"rebuild {state['hands'][a][0]}")
    assert f"insert {f1} 1" in GAME.choices(state, a).moves
    state = GAME.apply(state, a, f"insert {f1} 1")
    assert state["palazzi"][a] == [[f1, f2, f3]], "the lone floor 1 goes under floor 2"


def test_a_tile_of_a_tall_palazzo_cannot_be_inserted_directly() -> None:
    """Only a one-tile palazzo is inserted: moving a tile from one palazzo into another takes
    two rebuilds (take it out, then insert it)."""
    f1, f2, f3, f4 = (
        tile("brick", 1, 3),
        tile("marble", 2, 3),
        tile("sandstone", 3, 2),
        tile("brick", 4, 1),
    )
    state, a = rebuilder([[f1, f3], [f2, f4]])
    state = GAME.apply(state, a, f"rebuild {state['hands'][a][0]}")
    assert f"insert {f2} 1" not in GAME.choices(state, a).moves
    assert error_key(state, a, f"insert {f2} 1") == "palazzo.error.not_alone"
    state = GAME.apply(state, a, f"out {f2}")  # the first rebuild: a palazzo of its own
    state["active"] = state["actor"] = a  # a's next turn
    state = GAME.apply(state, a, f"rebuild {state['hands'][a][0]}")
    state = GAME.apply(state, a, f"insert {f2} 1")  # the second rebuild
    assert state["palazzi"][a] == [[f1, f2, f3], [f4]]


# ------------------------------------------------------------------ scoring and the end


@pytest.mark.parametrize(
    ("tiles", "points"),
    [
        ([("brick", 1, 3)], -5),
        ([("brick", 1, 3), ("marble", 2, 3)], 0),
        ([("brick", 1, 3), ("marble", 2, 3), ("marble", 3, 1)], 7),
        ([("brick", 1, 1), ("marble", 2, 1), ("marble", 3, 1), ("brick", 4, 1)], 4 + 3),
        (
            [("brick", 1, 1), ("marble", 2, 1), ("brick", 3, 2), ("brick", 4, 1), ("brick", 5, 1)],
            6 + 6,
        ),
        ([("marble", 1, 1), ("marble", 2, 1), ("marble", 3, 1)], 3 + 3),
        ([("marble", 1, 1), ("marble", 2, 1), ("marble", 3, 1), ("marble", 5, 1)], 4 + 3 + 3),
        (
            [
                ("marble", 1, 1),
                ("marble", 2, 2),
                ("marble", 3, 1),
                ("marble", 4, 1),
                ("marble", 5, 3),
            ],
            8 + 6 + 6,
        ),
        ([("marble", 1, 1), ("marble", 2, 2)], 0),
    ],
)
def test_palazzo_points_by_floors_windows_and_one_material(tiles, points: int) -> None:
    palazzo = [tile(*spec) for spec in tiles]
    assert palazzo_points(palazzo)["total"] == points


def over_with(palazzi: list[list[list[int]]], hands: list[list[int]]) -> State:
    state = fresh(len(palazzi), seed=1)
    for s, ps in enumerate(palazzi):
        take_tiles(state, [x for p in ps for x in p])
        state["palazzi"][s] = ps
    for s, hand in enumerate(hands):
        move_cards(state, hand, s)
    take_tiles(state, KNIGHTS[:4])
    state["knights"] = list(KNIGHTS[:4])
    stack_top(state, [KNIGHTS[4]])
    a = state["active"]
    return GAME.apply(state, a, "tiles")


def test_most_points_wins() -> None:
    p = [[tile("brick", 1, 3), tile("brick", 2, 3), tile("brick", 3, 3)]]
    q = [[tile("marble", 1, 3), tile("marble", 2, 3)]]
    result = GAME.outcome(over_with([p, q], [[], cards("red", 7, 7, 7)]))
    assert result is not None and result.winners == (0,) and result.scores == (12, 0)


def test_a_tie_goes_to_the_most_money_as_one_legal_payment() -> None:
    p = [[tile("brick", 1, 3), tile("brick", 2, 3)]]
    q = [[tile("marble", 1, 3), tile("marble", 2, 3)]]
    # seat 0: red 7 + grey 7 + grey 6 is worth 13 as one payment; seat 1: a group of 3s is 15
    result = GAME.outcome(over_with([p, q], [[card("red", 7), *cards("grey", 7, 6)], group(3)]))
    assert result is not None and result.winners == (1,) and result.reason == "money_tiebreak"
    assert result.detail["money"] == [13, 15]


def test_still_tied_players_share_the_win() -> None:
    result = GAME.outcome(over_with([[], []], [cards("red", 5), cards("grey", 5)]))
    assert result is not None and result.winners == (0, 1)


# ------------------------------------------------------------------ who acts, and bad input


def test_every_decision_by_another_seat_gets_a_new_turn_label() -> None:
    state, a, b, c, _lot = auction_table()
    move_cards(state, cards("red", 7), b)
    labels = [GAME.turn(state)]
    state = GAME.apply(state, a, "auction")
    labels.append(GAME.turn(state))
    state = GAME.apply(state, b, f"bid {card('red', 7)}")
    labels.append(GAME.turn(state))
    state = GAME.apply(state, c, "pass")
    labels.append(GAME.turn(state))
    assert len(set(labels)) == 4 and GAME.to_act(state) == [a]


def test_acting_out_of_turn_or_nonsense_is_refused_without_change() -> None:
    state = fresh(3, seed=1)
    a = state["active"]
    other = (a + 1) % 3
    assert assert_refused(GAME, state, other, "money", NotYourTurn).key == "error.not_your_turn"
    assert_refused(GAME, state, a, "fly away", MalformedAction)
    assert_refused(GAME, state, a, "pick ²", MalformedAction)
    assert_refused(GAME, state, 7, "money", NotYourTurn)
    assert error_key(state, a, "pass") == "palazzo.error.phase_turn"


def test_money_and_tiles_are_the_components_of_the_rulebook() -> None:
    currency = [m for m in MONEY.values() if m.currency]
    assert len(currency) == 45 and len(MONEY) == 55
    assert sorted({m.value for m in currency}) == [3, 4, 5, 6, 7]
    assert len(TILES) == 48 and len(KNIGHTS) == 5
