"""Payment legality (palazzo.md, "Paying"): one currency + certificates + groups of 15, with
thorough property tests against a brute-force reading of the rule."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.palazzo.components import MONEY
from rules.palazzo.payment import best_value, cheapest, read, suggestions
from tests.helpers.palazzo import card, cards, certs, group

# ------------------------------------------------------------------ the rule, example by example


def test_cards_of_one_currency_pay_their_sum() -> None:
    reading = read(cards("red", 3, 5, 7))
    assert reading is not None and reading.value == 15 and reading.currency == "red"


def test_two_currencies_in_one_payment_are_refused() -> None:
    assert read([card("red", 5), card("grey", 6)]) is None


def test_certificates_join_any_currency() -> None:
    reading = read([card("brown", 6), *certs(2)])
    assert reading is not None and reading.value == 10 and reading.currency == "brown"


def test_certificates_alone_are_a_payment() -> None:
    assert read(certs(2)).value == 4  # type: ignore[union-attr]


def test_three_equal_values_in_the_three_currencies_are_a_group_of_15() -> None:
    reading = read(group(4))
    assert reading is not None and reading.value == 15 and reading.groups == 1


def test_three_certificates_are_a_group_of_15() -> None:
    assert read(certs(3)).value == 15  # type: ignore[union-attr]


def test_a_group_needs_equal_values() -> None:
    assert read([card("red", 4), card("brown", 4), card("grey", 5)]) is None


def test_a_group_needs_three_currencies() -> None:
    assert read([*cards("red", 4, 4), card("brown", 4)]) is None


def test_groups_combine_with_one_currency_and_certificates() -> None:
    payment = [*group(4), *group(6), *cards("grey", 3, 7), *certs(4)]
    reading = read(payment)
    # two groups (30) + grey 3 + 7 (10) + one group of three certificates (15) + one certificate
    assert reading is not None and reading.value == 30 + 10 + 15 + 2 and reading.groups == 3


def test_a_group_and_a_loose_card_of_another_currency_are_refused() -> None:
    assert read([*group(5), card("red", 3), card("grey", 3)]) is None


def test_a_currency_required_by_an_earlier_bid_is_enforced() -> None:
    assert read(cards("red", 5), "grey") is None
    assert read([*group(5), *certs(1)], "grey").value == 17  # type: ignore[union-attr]


def test_the_same_card_twice_is_not_a_payment() -> None:
    red5 = card("red", 5)
    assert read([red5, red5]) is None


def test_best_value_of_a_hand_uses_its_groups_and_the_best_currency() -> None:
    hand = [*group(3), *cards("red", 7, 7), card("brown", 6), *certs(3)]
    # red singles: group 15 + 14 + certificates 15 = 44; brown singles: 15 + 6 + 15 = 36
    assert best_value(hand) == 44
    assert best_value(hand, "brown") == 36
    assert best_value([]) == 0


def test_cheapest_pays_the_smallest_face_value_that_reaches_the_price() -> None:
    hand = [*cards("red", 3, 4, 7), *cards("grey", 6, 6), *certs(1)]
    paid = cheapest(hand, 12)
    assert paid is not None and read(paid).value >= 12  # type: ignore[union-attr]
    assert sum(MONEY[c].value for c in paid) == 12  # grey 6 + 6 (red 3 + 7 + 2 is also 12)
    assert cheapest(hand, 40) is None


def test_suggestions_are_legal_and_reach_the_amount() -> None:
    hand = [*group(4), *cards("red", 3, 5), *cards("brown", 7), *certs(2)]
    found = suggestions(hand, 14)
    assert found and len({tuple(f) for f in found}) == len(found)
    for payment in found:
        reading = read(payment)
        assert reading is not None and reading.value >= 14
    assert all(read(f, "brown") is not None for f in suggestions(hand, 9, "brown"))


# ------------------------------------------------------------------ properties


def is_group(trio: list[int]) -> bool:
    """Three certificates, or three cards of one value in the three currencies."""
    currencies = {MONEY[c].currency for c in trio}
    if currencies == {None}:
        return True
    return (
        len(currencies) == 3 and None not in currencies and len({MONEY[c].value for c in trio}) == 1
    )


def brute_force(payment: list[int]) -> int | None:
    """The rule read literally: split the cards into groups (three equal values, one per
    currency; or three certificates), any certificates, and singles of one currency; the best
    split's value, or None when there is none."""
    best = None
    items = list(payment)

    def search(rest: list[int], value: int, currency: str | None) -> None:
        nonlocal best
        if not rest:
            best = value if best is None else max(best, value)
            return
        first, others = rest[0], rest[1:]
        m = MONEY[first]
        for pair in combinations(others, 2):
            if is_group([first, *pair]):
                search([c for c in others if c not in pair], value + 15, currency)
        if m.currency is None:
            search(others, value + 2, currency)
        elif currency in (None, m.currency):
            search(others, value + m.value, m.currency)

    search(items, 0, None)
    return best


payments = st.lists(st.sampled_from(sorted(MONEY)), min_size=1, max_size=8, unique=True)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(payments)
def test_reading_matches_the_rule_read_literally(payment: list[int]) -> None:
    reading = read(payment)
    expected = brute_force(payment)
    assert (reading.value if reading else None) == expected


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(sorted(MONEY)), min_size=0, max_size=7, unique=True))
def test_best_value_is_the_best_legal_subset(hand: list[int]) -> None:
    values = [0]
    for size in range(1, len(hand) + 1):
        for subset in combinations(hand, size):
            reading = read(subset)
            if reading is not None:
                values.append(reading.value)
    assert best_value(hand) == max(values)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.lists(st.sampled_from(sorted(MONEY)), min_size=0, max_size=24, unique=True),
    st.integers(min_value=1, max_value=120),
    st.sampled_from([None, "red", "brown", "grey"]),
)
def test_cheapest_finds_a_payment_exactly_when_one_exists(
    hand: list[int], need: int, currency: str | None
) -> None:
    paid = cheapest(hand, need, currency)
    if best_value(hand, currency) >= need:
        assert paid is not None and set(paid) <= set(hand)
        assert read(paid, currency).value >= need  # type: ignore[union-attr]
    else:
        assert paid is None


def test_cheapest_uses_as_many_groups_as_it_needs() -> None:
    hand = [*group(3), *group(4), *group(5), *group(6, 1), *certs(6)]
    paid = cheapest(hand, 75)
    assert paid is not None and read(paid).value >= 75  # type: ignore[union-attr]
