"""Money's rules, one test per clause of money.md and per worked example of the rulebook.

Positions are built by editing a fresh `new_game` state (plain data, see `tests.helpers.money`);
everything else goes through the game contract: `to_act`, `choices`, `apply`, `view`, `outcome`.
Regressions found while writing these tests end in `_bug`.
"""

from __future__ import annotations

import copy
import json

import pytest

from rules import rng as rngmod
from rules.contract import Pick
from rules.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn, RuleError
from rules.money.bot import bot_action as money_bot
from rules.money.components import BLUFF_IDS, CARDS, CURRENCIES, VALUE_CARD_IDS, bluff_id
from rules.money.scoring import score_cards
from tests.helpers.money import (
    COINS,
    GAME,
    all_notes,
    arrange,
    bid_all,
    fresh,
    note,
    notes,
)
from tests.helpers.playout import assert_refused, dump


def score(cards: list[int]) -> int:
    return score_cards(cards)["total"]


def value_cards(state: dict) -> list[int]:
    """Every value card of the current hand, wherever it is."""
    cards = list(state["deck"]) + state["rows"]["left"] + state["rows"]["right"]
    for hand in state["hands"]:
        cards += [c for c in hand if c not in BLUFF_IDS]
    return cards


def exchange(state: dict, *moves: str) -> dict:
    """Play exchange moves, each by the seat whose turn it is."""
    for move in moves:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, move)
    return state


def end_hand_with(state: dict, hands: list[list[int]]) -> dict:
    """Give each seat these cards in the final round of the hand, then let everyone bid the
    bluff card alone: nobody exchanges, so the hand is scored on exactly these cards."""
    arrange(state, hands=hands, deck=[], final_round=True)
    return bid_all(state, [None] * state["players"])


# ------------------------------------------------------------------ the seed example


def test_seed_example_scores_470() -> None:
    hand = [
        *notes("USD", 30, 30, 30),
        *COINS[:3],
        *notes("EUR", 60, 40, 30),
        *notes("JPY", 60, 40, 30, 30, 30, 20),
    ]
    detail = score_cards(hand)
    assert detail["currencies"] == {
        "EUR": {"total": 130, "points": 30},
        "JPY": {"total": 210, "points": 210},
        "USD": {"total": 90, "points": 0},
    }
    assert detail["coin_points"] == 30
    assert detail["trios"] == [["JPY", 30], ["USD", 30]]
    assert detail["trio_points"] == 200
    assert detail["total"] == 470

    # The same hand scored by the engine at the end of a hand.
    state = fresh(5, seed=3)
    state = end_hand_with(state, [hand, [], [], [], []])
    assert state["results"][0]["scores"] == [470, 0, 0, 0, 0]
    assert state["results"][0]["winners"] == [0]


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("seed", range(5))
def test_three_players_remove_two_whole_currencies(seed: int) -> None:
    state = fresh(3, seed)
    assert len(state["currencies"]) == 5
    expected = [c for code in state["currencies"] for c in all_notes(code)] + list(COINS)
    assert sorted(value_cards(state)) == sorted(expected)


def test_removed_currencies_are_chosen_with_the_seed() -> None:
    removed = {
        frozenset({c.code for c in CURRENCIES} - set(fresh(3, seed)["currencies"]))
        for seed in range(20)
    }
    assert len(removed) > 3
    assert fresh(3, 11)["currencies"] == fresh(3, 11)["currencies"]


@pytest.mark.parametrize("seed", range(5))
def test_four_players_remove_one_currency(seed: int) -> None:
    state = fresh(4, seed)
    assert len(state["currencies"]) == 6
    expected = [c for code in state["currencies"] for c in all_notes(code)] + list(COINS)
    assert sorted(value_cards(state)) == sorted(expected)


def test_five_players_use_all_seven_currencies() -> None:
    state = fresh(5, 2)
    assert state["currencies"] == [c.code for c in CURRENCIES]
    assert sorted(value_cards(state)) == sorted(VALUE_CARD_IDS)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_gets_one_bluff_card_and_six_cards(players: int) -> None:
    state = fresh(players, 9)
    for seat, hand in enumerate(state["hands"]):
        assert len(hand) == 7
        assert [c for c in hand if c in BLUFF_IDS] == [bluff_id(seat)]
        assert all(CARDS[c].kind in ("note", "coin") for c in hand if c != bluff_id(seat))
    unused = set(BLUFF_IDS[players:])
    everywhere = value_cards(state) + [c for h in state["hands"] for c in h]
    assert not unused & set(everywhere)
    assert len(state["rows"]["left"]) == len(state["rows"]["right"]) == 4
    assert len(state["deck"]) == 9 * len(state["currencies"]) + 6 - 6 * players - 8


def test_player_count_outside_three_to_five_refused() -> None:
    for players in (2, 6):
        with pytest.raises(IllegalAction) as err:
            GAME.new_game(players, {}, 1)
        assert err.value.key == "error.player_count"
    with pytest.raises(IllegalAction):
        GAME.new_game(3, {"hands": "2"}, 1)


def test_right_row_dealt_before_left() -> None:
    """With five players nothing is removed: the 69 value cards are shuffled with the seeded
    generator, six go to each seat in turn, then four to the RIGHT row, then four to the LEFT
    row, and the rest is the deck."""
    seed = 12345
    order = list(VALUE_CARD_IDS)
    rngmod.shuffle(rngmod.seed_state(seed), order)
    state = fresh(5, seed)
    for seat in range(5):
        dealt = order[6 * seat : 6 * seat + 6]
        assert state["hands"][seat] == [*sorted(dealt), bluff_id(seat)]
    assert state["rows"]["right"] == order[30:34]
    assert state["rows"]["left"] == order[34:38]
    assert state["deck"] == order[38:]


# ------------------------------------------------------------------ bidding


def test_bid_needs_at_least_one_card() -> None:
    state = fresh(3, 1)
    for empty in ("bid", "bid ", "bid   "):
        err = assert_refused(GAME, state, 0, empty, MalformedAction)
        assert err.key == "money.error.empty_bid"
    (pick,) = GAME.choices(state, 0).picks
    assert pick == Pick("bid", tuple(state["hands"][0]), 1, 7)


def test_bid_only_from_own_hand() -> None:
    state = fresh(3, 1)
    other = state["hands"][1][0]
    assert assert_refused(GAME, state, 0, f"bid {other}", IllegalAction).key == (
        "money.error.not_in_hand"
    )
    # Another seat's bluff card, and a bluff card left out of the game.
    assert_refused(GAME, state, 0, f"bid {bluff_id(1)}", IllegalAction)
    assert_refused(GAME, state, 0, f"bid {BLUFF_IDS[4]}", IllegalAction)
    own = state["hands"][0][0]
    err = assert_refused(GAME, state, 0, f"bid {own},{own}", MalformedAction)
    assert err.key == "money.error.duplicate_card"


def test_bluff_card_alone_sits_out_the_round() -> None:
    state = arrange(
        fresh(3, 1),
        hands=[notes("USD", 60, 50), notes("EUR", 60, 50), notes("JPY", 60, 50)],
    )
    state = bid_all(state, [None, [note("EUR", 60)], [note("JPY", 50)]])
    assert state["phase"] == "exchange"
    public = GAME.view(state, None)
    assert public["seats"][0]["sat_out"] is True
    assert public["order"] == [1, 2]
    assert 0 not in GAME.to_act(state)
    assert not GAME.choices(state, 0)
    assert "take 0" not in GAME.choices(state, 1).moves
    assert_refused(GAME, state, 0, "pass", NotYourTurn)
    err = assert_refused(GAME, state, 1, "take 0", IllegalAction)
    assert err.key == "money.error.bid_not_available"

    state = exchange(state, "pass", "pass")
    assert state["phase"] == "bid"
    assert state["round"] == 2
    assert state["hands"][0] == [*sorted(notes("USD", 60, 50)), bluff_id(0)]


def test_bluff_card_returns_to_owner_at_reveal() -> None:
    euro_20 = note("EUR", 20)
    state = arrange(
        fresh(3, 1),
        hands=[[euro_20, note("EUR", 30)], [note("USD", 60)], [note("JPY", 30)]],
    )
    state = bid_all(state, [[euro_20, bluff_id(0)], [note("USD", 60)], [note("JPY", 30)]])
    revealed = next(e for e in state["events"] if e["type"] == "bids_revealed")
    assert bluff_id(0) in revealed["bids"][0]
    assert bluff_id(0) in state["hands"][0]
    assert state["table"][0] == [euro_20]
    assert GAME.view(state, None)["seats"][0]["table_total"] == 20

    # Seat 1 (60, first) takes seat 0's bid: it gets the note, never the bluff card.
    state = exchange(state, "take 0")
    assert euro_20 in state["hands"][1]
    assert bluff_id(0) not in state["hands"][1]
    assert bluff_id(0) in state["hands"][0]
    assert state["table"][0] == [note("USD", 60)]


def test_bids_stay_secret_until_all_are_placed() -> None:
    state = fresh(3, 4)
    hand = [c for c in state["hands"][0] if c != bluff_id(0)]
    small = GAME.apply(state, 0, f"bid {hand[0]}")
    large = GAME.apply(state, 0, "bid " + ",".join(map(str, [*hand[:5], bluff_id(0)])))
    # Whatever seat 0 bid, nobody else can tell: their views and the public view are identical.
    for seat in (1, 2, None):
        assert GAME.view(small, seat) == GAME.view(large, seat)
    assert GAME.view(small, 0) != GAME.view(large, 0)
    assert GAME.view(small, 0)["bid"] == [hand[0]]
    public = GAME.view(small, None)
    assert [s["bid_placed"] for s in public["seats"]] == [True, False, False]
    assert [s["hand_count"] for s in public["seats"]] == [7, 7, 7]
    assert all(s["table"] is None for s in public["seats"])
    assert small["events"] == [{"type": "bid_placed", "seat": 0}]
    assert sorted(GAME.to_act(small)) == [1, 2]

    # Once the last bid is in, all of them are shown together.
    after = GAME.apply(small, 1, f"bid {state['hands'][1][0]}")
    assert after["phase"] == "bid"
    after = GAME.apply(after, 2, f"bid {state['hands'][2][0]}")
    assert after["phase"] == "exchange"
    revealed = next(e for e in after["events"] if e["type"] == "bids_revealed")
    assert revealed["bids"] == [[hand[0]], [state["hands"][1][0]], [state["hands"][2][0]]]


def test_cannot_bid_twice() -> None:
    state = fresh(3, 1)
    state = GAME.apply(state, 0, f"bid {state['hands'][0][0]}")
    err = assert_refused(GAME, state, 0, f"bid {state['hands'][0][0]}", IllegalAction)
    assert err.key == "money.error.already_bid"
    assert err.message() == "You already placed your bid; wait for the others."
    assert not GAME.choices(state, 0)


# ------------------------------------------------------------------ the exchange order


def test_exchange_order_highest_total_first() -> None:
    state = arrange(
        fresh(4, 1),
        hands=[
            notes("USD", 50),
            notes("EUR", 60, 30),
            notes("JPY", 40, 30),
            notes("GBP", 60),
        ],
    )
    state = bid_all(state, [notes("USD", 50), notes("EUR", 60, 30), notes("JPY", 40, 30), None])
    assert GAME.view(state, None)["order"] == [1, 2, 0]
    assert GAME.to_act(state) == [1]
    assert set(GAME.choices(state, 1).moves) == {
        "row left",
        "row right",
        "take 2",
        "take 0",
        "pass",
    }
    state = exchange(state, "pass")
    assert GAME.to_act(state) == [2]
    state = exchange(state, "pass")
    assert GAME.to_act(state) == [0]


def _by_serial(value: int) -> list[int]:
    return sorted(
        (c.id for c in CARDS.values() if c.kind == "note" and c.value == value),
        key=lambda c: CARDS[c].serial,
    )


def test_exchange_order_tie_broken_by_lowest_serial() -> None:
    low, high = _by_serial(40)[0], _by_serial(40)[-1]
    assert CARDS[low].serial < CARDS[high].serial
    for first, second in ((low, high), (high, low)):
        state = arrange(fresh(3, 1), hands=[[first], [second], []])
        state = bid_all(state, [[first], [second], None])
        winner = 0 if first == low else 1
        assert GAME.to_act(state) == [winner]

    # Equal totals of several cards: the bid holding the lowest serial of all acts first,
    # even though its other card has a higher serial than the single card it ties with.
    sixty = _by_serial(60)[3]
    thirties = _by_serial(30)
    below = next(c for c in thirties if CARDS[c].serial < CARDS[sixty].serial)
    above = next(c for c in reversed(thirties) if CARDS[c].serial > CARDS[sixty].serial)
    state = arrange(fresh(3, 1), hands=[[sixty], [below, above], []])
    state = bid_all(state, [[sixty], [below, above], None])
    assert GAME.to_act(state) == [1]

    # Coins carry serials too.
    state = arrange(fresh(3, 1), hands=[[COINS[3]], [COINS[1]], []])
    state = bid_all(state, [[COINS[3]], [COINS[1]], None])
    assert GAME.to_act(state) == [1]


def test_order_recomputed_after_bid_is_taken() -> None:
    bids = [notes("USD", 60, 40), notes("EUR", 50, 30), notes("JPY", 60), notes("GBP", 20)]
    state = arrange(fresh(4, 1), hands=bids)
    state = bid_all(state, bids)
    assert GAME.view(state, None)["order"] == [0, 1, 2, 3]
    state = exchange(state, "take 3")
    # Seat 3 now has seat 0's 100 in front of it: the most on the table, so it acts next.
    assert state["table"][3] == sorted(bids[0], key=lambda c: CARDS[c].serial)
    assert GAME.to_act(state) == [3]
    assert GAME.view(state, None)["order"] == [3, 1, 2]
    assert set(bids[3]) <= set(state["hands"][0])
    assert "take 0" not in GAME.choices(state, 3).moves


# ------------------------------------------------------------------ the three exchanges


def test_take_row_swaps_whole_sets() -> None:
    right = notes("JPY", 20, 20, 30, 40)
    left = notes("CHF", 20, 20, 30, 40)
    two = notes("USD", 60, 50)
    seven = [*COINS, note("EUR", 20)]
    state = arrange(fresh(3, 1), hands=[two, seven, []], left=left, right=right, deck=[])
    state = bid_all(state, [two, seven, None])
    assert GAME.to_act(state) == [0]  # 110 before 80

    state = exchange(state, "row right")  # 2 cards replace 4
    assert set(right) <= set(state["hands"][0])
    assert not set(two) & set(state["hands"][0])
    assert sorted(state["rows"]["right"]) == sorted(two)
    took = next(e for e in state["events"] if e["type"] == "took_row")
    assert sorted(took["took"]) == sorted(right) and sorted(took["gave"]) == sorted(two)

    state = exchange(state, "row left")  # 7 cards replace 4
    assert sorted(state["rows"]["left"]) == sorted(seven)
    assert set(left) <= set(state["hands"][1])


def test_cards_taken_in_public_are_known_to_be_held_until_they_are_bid() -> None:
    """The public memory `known`: a row or a bid taken, or one's own bid taken back, is known to
    be held (in every view, the public one too); a revealed bid leaves it; the deal's cards
    never are; a new hand starts with nothing known."""
    right = notes("JPY", 20, 20, 30, 40)
    left = notes("CHF", 20, 20, 30, 40)
    two = notes("USD", 60, 50)
    seven = [*COINS, note("EUR", 20)]
    state = arrange(fresh(3, 1), hands=[two, seven, []], left=left, right=right, deck=[])
    state = bid_all(state, [two, seven, None])
    assert state["known"] == [[], [], []]
    state = exchange(exchange(state, "row right"), "pass")
    assert state["known"] == [sorted(right), sorted(seven), []]
    for viewer in (None, 0, 1, 2):
        assert [s["known"] for s in GAME.view(state, viewer)["seats"]] == state["known"]
    state = bid_all(state, [right[:1], [COINS[0]], None])
    assert state["known"] == [sorted(right[1:]), sorted(seven[1:]), []]
    state = exchange(state, "take 1")  # seat 0 takes seat 1's coin, seat 1 gets the yen 20
    assert state["known"] == [sorted([*right[1:], COINS[0]]), sorted(seven[1:]), []]
    state = exchange(state, "pass")  # the final round ends: the next hand starts afresh
    assert state["hand_no"] == 2 and state["known"] == [[], [], []]


def test_take_empty_row_refused() -> None:
    state = arrange(fresh(3, 1), hands=[notes("USD", 60), [], []], left=[])
    state = bid_all(state, [notes("USD", 60), None, None])
    assert "row left" not in GAME.choices(state, 0).moves
    err = assert_refused(GAME, state, 0, "row left", IllegalAction)
    assert err.key == "money.error.row_empty"


def test_take_bid_of_player_who_acted_refused() -> None:
    bids = [notes("USD", 60), notes("EUR", 50), notes("JPY", 40)]
    state = bid_all(arrange(fresh(3, 1), hands=bids), bids)
    state = exchange(state, "pass")
    err = assert_refused(GAME, state, 1, "take 0", IllegalAction)
    assert err.key == "money.error.bid_not_available"
    assert assert_refused(GAME, state, 1, "take 1", IllegalAction).key == (
        "money.error.take_own_bid"
    )
    assert_refused(GAME, state, 1, "take 7", IllegalAction)
    assert set(GAME.choices(state, 1).moves) == {"row left", "row right", "take 2", "pass"}


def test_pass_takes_bid_back() -> None:
    bids = [notes("USD", 60, 50), notes("EUR", 50), notes("JPY", 40)]
    state = bid_all(arrange(fresh(3, 1), hands=bids), bids)
    rows = copy.deepcopy(state["rows"])
    state = exchange(state, "pass")
    assert state["hands"][0] == [*sorted(bids[0]), bluff_id(0)]
    assert state["table"][0] is None
    assert state["acted"][0] is True
    assert state["rows"] == rows
    assert {"type": "passed", "seat": 0, "took": sorted(bids[0])} in state["events"]


# ------------------------------------------------------------------ refilling the rows


def one_card_each_takes_a_row(deck: list[int]) -> tuple[dict, list[int], list[int]]:
    """Seat 0 (60) takes the right row, seat 1 (50) the left one, each giving one card; seat 2
    sits out. Returns the state after the round and the two cards given."""
    a, b = note("USD", 60), note("EUR", 50)
    state = arrange(
        fresh(3, 1),
        hands=[[a], [b], []],
        right=notes("JPY", 20, 20, 20, 30),
        left=notes("CHF", 20, 20, 20, 30),
        deck=deck,
    )
    state = bid_all(state, [[a], [b], None])
    return exchange(state, "row right", "row left"), [a], [b]


def test_refill_right_row_first() -> None:
    deck = notes("GBP", 20, 20, 20, 30, 30, 30, 40, 50, 60)
    state, gave_right, gave_left = one_card_each_takes_a_row(deck)
    assert state["phase"] == "bid" and state["round"] == 2
    assert state["rows"]["right"] == gave_right + deck[0:3]
    assert state["rows"]["left"] == gave_left + deck[3:6]
    assert state["deck"] == deck[6:]
    assert state["final_round"] is False


def test_partial_refill_fills_right_then_left() -> None:
    deck = notes("GBP", 20, 30, 40, 50)
    state, gave_right, gave_left = one_card_each_takes_a_row(deck)
    assert state["rows"]["right"] == gave_right + deck[0:3]
    assert state["rows"]["left"] == gave_left + deck[3:4]
    assert state["deck"] == []


def test_deck_empty_after_refill_makes_next_round_final() -> None:
    deck = notes("GBP", 20, 20, 20, 30, 30, 30, 40)
    state, _, _ = one_card_each_takes_a_row(deck)
    assert state["deck"] == deck[6:] and state["final_round"] is False

    deck = notes("GBP", 20, 20, 20, 30, 30, 30)
    state, _, _ = one_card_each_takes_a_row(deck)
    assert state["deck"] == []
    assert state["final_round"] is True
    assert {"type": "round_started", "round": 2, "final": True} in state["events"]
    assert GAME.view(state, None)["final_round"] is True

    # The final round is still played in full: bids, then exchanges ...
    assert state["phase"] == "bid" and state["results"] == []
    hands = copy.deepcopy(state["hands"])
    state = bid_all(state, [[hands[0][0]], None, None])
    assert state["phase"] == "exchange"
    state = exchange(state, "row left")
    # ... and only then is the hand scored (and the next hand of the match dealt).
    assert len(state["results"]) == 1
    assert state["hand_no"] == 2 and state["round"] == 1


def test_rows_above_four_are_kept() -> None:
    seven = [*COINS, note("EUR", 20)]
    deck = notes("GBP", 20, 20, 20, 30, 30, 30, 40, 50, 60)
    state = arrange(fresh(3, 1), hands=[notes("USD", 60), seven, []], deck=deck)
    state = bid_all(state, [notes("USD", 60), seven, None])
    state = exchange(state, "row left", "row right")  # 80 acts before 60
    assert state["phase"] == "bid"
    assert sorted(state["rows"]["left"]) == sorted(seven)  # seven cards, none removed
    assert state["rows"]["right"] == notes("USD", 60) + deck[0:3]
    assert state["deck"] == deck[3:]


def test_took_row_event_shows_only_the_cards_given_bug() -> None:
    """The last exchange of a round used to share its `gave` list with the row, so the refill
    in the same step appeared in the event as if the player had given those cards too."""
    deck = notes("GBP", 20, 20, 20, 30, 30, 30, 40, 50, 60)
    state, _, gave_left = one_card_each_takes_a_row(deck)
    took = [e for e in state["events"] if e["type"] == "took_row"]
    assert [e["gave"] for e in took] == [gave_left]
    line = GAME.describe(took[0], ["Ann", "Ben", "Cas"], None)
    assert line.endswith("leaving €50 (50)."), line


# ------------------------------------------------------------------ scoring


def test_currency_below_100_scores_zero() -> None:
    assert score(notes("USD", 40, 50)) == 0
    assert score(notes("USD", 20, 30, 40)) == 0
    # Coins are counted apart: they never lift a currency over 100.
    assert score([*notes("USD", 40, 50), COINS[0]]) == 10


def test_100_to_199_scores_minus_100() -> None:
    assert score(notes("USD", 60, 40)) == 0
    assert score(notes("USD", 60, 50)) == 10
    assert score(notes("USD", 60, 50, 40, 30)) == 80
    assert score(notes("USD", 60, 50, 40, 20, 20)) == 90
    # Each currency separately: two 110s are 10 + 10, not 220.
    assert score(notes("USD", 60, 50) + notes("EUR", 60, 50)) == 20


def test_200_or_more_scores_in_full() -> None:
    assert score(notes("USD", 60, 50, 40, 30, 20)) == 200
    assert score(notes("USD", 60, 50, 40, 30, 30, 20)) == 230


def test_trio_bonus_independent_of_total() -> None:
    assert score(notes("USD", 30, 30, 30)) == 100  # 90 scores 0, plus the trio
    assert score(notes("USD", 20, 20, 20)) == 100
    assert score(notes("USD", 20, 20, 20, 60, 50)) == 70 + 100
    assert score(notes("USD", 20, 20, 20, 30, 30, 30)) == 50 + 200
    # A trio is three notes of one value in one currency.
    assert score(notes("USD", 30, 30) + notes("EUR", 30)) == 0
    assert score(notes("USD", 40) + notes("EUR", 40) + notes("JPY", 40)) == 0


def test_all_nine_notes_score_500() -> None:
    for code in (c.code for c in CURRENCIES):
        assert score(all_notes(code)) == 300 + 100 + 100


def test_three_coins_no_bonus() -> None:
    assert score(list(COINS[:3])) == 30
    assert score(list(COINS)) == 60
    assert score(list(BLUFF_IDS)) == 0


# ------------------------------------------------------------------ the match


def play_hands(options: dict[str, str], points: list[list[int]]) -> dict:
    """Play one hand per entry of `points`, each seat ending the hand with a holding worth
    exactly that many points (0, 10, 20 or 500) in its own currency of those in play."""
    state = fresh(3, 5, **options)
    for wanted in points:
        hands = []
        for seat, value in enumerate(wanted):
            code = state["currencies"][seat]
            holding = {
                0: [],
                10: notes(code, 60, 50),
                20: notes(code, 60, 40, 20),
                500: all_notes(code),
            }
            hands.append(holding[value])
        state = end_hand_with(state, hands)
        assert state["results"][-1]["scores"] == wanted
    return state


def test_match_of_three_hands_most_hands_wins() -> None:
    state = play_hands({}, [[500, 0, 10], [0, 10, 0], [0, 10, 0]])
    assert state["phase"] == "over" and GAME.to_act(state) == []
    result = GAME.outcome(state)
    assert result is not None
    assert result.reason == "most_hands"
    assert result.scores == (500, 20, 10)
    assert result.detail["hands_won"] == [1, 2, 0]
    assert result.winners == (1,)  # two hands won beat the highest total


def test_three_hand_match_deals_a_new_hand_after_each() -> None:
    state = play_hands({}, [[500, 0, 10]])
    assert state["phase"] == "bid" and state["hand_no"] == 2 and state["round"] == 1
    assert GAME.outcome(state) is None
    assert all(len(h) == 7 for h in state["hands"])
    assert {"type": "hand_started", "hand_no": 2, "currencies": state["currencies"]} in (
        state["events"]
    )


def test_tied_hands_won_go_to_highest_total() -> None:
    state = play_hands({}, [[10, 0, 0], [0, 500, 0], [0, 0, 20]])
    result = GAME.outcome(state)
    assert result.detail["hands_won"] == [1, 1, 1]
    assert result.winners == (1,)


def test_still_tied_shares_the_win() -> None:
    state = play_hands({}, [[10, 0, 0], [0, 10, 0], [20, 20, 0]])
    result = GAME.outcome(state)
    assert result.detail["hands_won"] == [2, 2, 0]  # a tied hand counts for each tied seat
    assert result.scores == (30, 30, 0)
    assert result.winners == (0, 1)


def test_single_hand_option() -> None:
    state = play_hands({"hands": "1"}, [[0, 20, 10]])
    assert state["phase"] == "over"
    result = GAME.outcome(state)
    assert result.reason == "single_hand"
    assert result.winners == (1,)
    assert result.scores == (0, 20, 10)
    err = assert_refused(GAME, state, 0, "pass", GameOver)
    assert err.message() == "This game is over."


def test_total_option() -> None:
    hands = [[500, 0, 10], [0, 10, 0], [0, 10, 0]]
    assert GAME.outcome(play_hands({"match": "total"}, hands)).winners == (0,)
    assert GAME.outcome(play_hands({"match": "most_hands"}, hands)).winners == (1,)
    tied = [[10, 0, 0], [0, 10, 0], [0, 0, 0]]
    assert GAME.outcome(play_hands({"match": "total"}, tied)).winners == (0, 1)


# ------------------------------------------------------------------ refusals


def refusals() -> list[tuple[str, dict, int, str, type[RuleError]]]:
    """(name, state, seat, action, error) for every kind of refusal, in the phase it arises."""
    bid = fresh(3, 1)
    own = bid["hands"][0][0]
    after_bid = GAME.apply(bid, 0, f"bid {own}")
    bids = [notes("USD", 60), notes("EUR", 50), None]
    exch = bid_all(arrange(fresh(3, 1), hands=[bids[0], bids[1], []], left=[]), bids)
    acted = exchange(exch, "pass")
    over = play_hands({"hands": "1"}, [[0, 20, 10]])
    return [
        ("garbage", bid, 0, "hello", MalformedAction),
        ("empty bid", bid, 0, "bid", MalformedAction),
        ("non-number", bid, 0, "bid x", MalformedAction),
        ("unicode digit", bid, 0, "bid ²", MalformedAction),
        ("too long", bid, 0, "bid " + ",".join(["1"] * 300), MalformedAction),
        ("duplicate card", bid, 0, f"bid {own},{own}", MalformedAction),
        ("not in hand", bid, 0, f"bid {bid['hands'][1][0]}", IllegalAction),
        ("other bluff", bid, 0, f"bid {bluff_id(1)}", IllegalAction),
        ("no seat", bid, 7, f"bid {own}", NotYourTurn),
        ("exchange in bid phase", bid, 0, "pass", IllegalAction),
        ("bid twice", after_bid, 0, f"bid {after_bid['hands'][0][0]}", IllegalAction),
        ("bid in exchange", exch, 0, f"bid {bluff_id(0)}", IllegalAction),
        ("not your turn", exch, 1, "pass", NotYourTurn),
        ("sat out", exch, 2, "pass", NotYourTurn),
        ("empty row", exch, 0, "row left", IllegalAction),
        ("own bid", exch, 0, "take 0", IllegalAction),
        ("sat-out bid", exch, 0, "take 2", IllegalAction),
        ("no such seat", exch, 0, "take 9", IllegalAction),
        ("acted bid", acted, 1, "take 0", IllegalAction),
        ("game over", over, 0, "pass", GameOver),
    ]


@pytest.mark.parametrize("case", refusals(), ids=lambda case: case[0])
def test_illegal_action_leaves_state_unchanged(case: tuple) -> None:
    _, state, seat, action, error = case
    before_copy = copy.deepcopy(state)
    before_json = json.dumps(state, sort_keys=True)
    assert_refused(GAME, state, seat, action, error)
    assert state == before_copy
    assert dump(state) == before_json


def test_rule_errors_are_typed_with_player_messages() -> None:
    state = fresh(3, 1)
    for garbage in ("hello", "", "bid x", "bid 1,,2", "row up", "take", "pass now", "bid ²"):
        err = assert_refused(GAME, state, 0, garbage, MalformedAction)
        assert err.message() == "That move could not be read.", garbage
    with pytest.raises(MalformedAction):
        GAME.apply(state, 0, None)  # type: ignore[arg-type]

    exch = bid_all(
        arrange(fresh(3, 1), hands=[notes("USD", 60), notes("EUR", 50), []]),
        [notes("USD", 60), notes("EUR", 50), None],
    )
    turn = assert_refused(GAME, exch, 1, "pass", NotYourTurn)
    illegal = assert_refused(GAME, exch, 0, "take 2", IllegalAction)
    assert type(illegal) is IllegalAction
    for err in (turn, illegal, assert_refused(GAME, state, 0, "bid", MalformedAction)):
        text = err.message()
        assert text != err.key and "{" not in text
        assert text[0].isupper() and text.endswith(".")
        assert str(err) == text
    assert turn.message() == "It is not your turn."
    assert illegal.message().startswith("That bid cannot be taken")


def test_unicode_digits_are_malformed_not_a_crash_bug() -> None:
    """`int()` refuses some characters that `str.isdigit()` accepts (superscripts): the parser
    must answer MalformedAction, never let a ValueError escape to the caller."""
    state = fresh(3, 1)
    for text in ("bid ²", "take ³", "bid 1,²", "bid ١"):
        assert_refused(GAME, state, 0, text, MalformedAction)


def test_a_game_stored_before_the_public_memory_plays_on_and_remembers_from_its_next_hand() -> None:
    """States stored before `known` existed have none: they play on, their views show nothing
    known, and the next hand's deal starts remembering."""
    state = fresh(3, seed=4, hands="3")
    del state["known"]
    assert all(s["known"] == [] for s in GAME.view(state, 0)["seats"])
    while state["hand_no"] == 1:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, money_bot(GAME.view(state, seat), 1))
        assert "known" not in state or state["hand_no"] == 2
    assert state["known"] == [[], [], []]


def test_a_revealed_bid_changes_what_each_hand_panel_shows_though_no_hand_changed() -> None:
    """The hand panel shows the own secret bid, then the cards in front of the seat: the last
    bid reveals them all, so every seat's `hand` (what the table compares to send panels
    again) changes, though only the last bidder's cards in hand did."""
    two = notes("USD", 60, 50)
    seven = [*COINS, note("EUR", 20)]
    state = arrange(fresh(3, 1), hands=[two, seven, []], deck=[])
    state = bid_all(state, [two, seven])  # seats 0 and 1 have bid; seat 2 has not
    before = [GAME.hand(state, s) for s in range(3)]
    cards_before = [list(h) for h in state["hands"]]
    state = GAME.apply(state, 2, f"bid {bluff_id(2)}")  # the last bid: all are revealed
    assert state["phase"] == "exchange"
    assert [list(h) for h in state["hands"]][:2] == cards_before[:2]
    after = [GAME.hand(state, s) for s in range(3)]
    assert all(b != a for b, a in zip(before, after, strict=True))
    assert after[0]["front"] == state["table"][0] and after[0]["bid"] is None
