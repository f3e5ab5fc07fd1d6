"""The pure helpers behind the offered choices: which takes and which payments are listed."""

from __future__ import annotations

from itertools import combinations

from rules.nycards.components import CURRENCY_OF, VALUE
from rules.nycards.legal import payments, take_options, take_problem
from tests.helpers.nycards import cash, money


def total(cards) -> int:
    return sum(VALUE[c] for c in cards)


def test_takes_offer_every_legal_take_singles_then_the_largest_combinations_first() -> None:
    display = [money("blue", 1), money("green", 2), money("orange", 2), money("yellow", 9)]
    offered = take_options(display)
    assert [t for t in offered if len(t) == 1] == [(c,) for c in display]
    several = [t for t in offered if len(t) > 1]
    assert several[0] == tuple(display[:3]), "1 + 2 + 2 = 5, the largest, comes first"
    legal = {
        combo
        for size in range(2, 5)
        for combo in combinations(display, size)
        if take_problem(display, combo) is None
    }
    assert set(several) == legal and len(several) == len(legal), "every smaller take, once"
    assert all(take_problem(display, t) is None for t in offered)


def test_takes_of_equal_cards_are_listed_once() -> None:
    display = [*cash("blue", 4, 4), money("green", 1), money("green", 9)]
    offered = take_options(display)
    assert offered.count((display[0],)) == 1 and (display[1],) not in offered
    assert (display[0], display[2]) in offered and (display[1], display[2]) not in offered


def test_payments_are_legal_and_minimal_exact_ones_first() -> None:
    hand = [*cash("green", 1, 2, 3, 4, 6, 9), money("blue", 9)]
    pays = payments(hand, "green", 7)
    assert pays, "something pays 7"
    overs = [total(p) - 7 for p in pays]
    assert overs == sorted(overs) and overs[0] == 0
    for pay in pays:
        assert {CURRENCY_OF[c] for c in pay} == {"green"}
        assert total(pay) >= 7
        assert all(total(pay) - VALUE[c] < 7 for c in pay), f"{pay} is not minimal"
    # Every exact payment's value multiset is listed (1+2+4, 1+6, 3+4).
    exact = {tuple(sorted(VALUE[c] for c in p)) for p in pays if total(p) == 7}
    greens = [c for c in hand if CURRENCY_OF[c] == "green"]
    wanted = {
        tuple(sorted(VALUE[c] for c in combo))
        for size in range(1, len(greens) + 1)
        for combo in combinations(greens, size)
        if total(combo) == 7
    }
    assert exact == wanted


def test_no_payment_when_the_currency_falls_short() -> None:
    assert payments(cash("orange", 1, 2), "orange", 4) == []
    assert payments(cash("orange", 9), "blue", 2) == []
