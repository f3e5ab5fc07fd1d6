"""Money's bot: it plays sensibly from its own view, and it beats a greedy baseline.

The strength test plays seeded one-hand games, one bot among greedy players
(`tests.helpers.money_baselines`), its seat rotating with the seed; positions for the behaviour
tests are built with `tests.helpers.money.arrange` and seen through the bot's own view.
"""

from __future__ import annotations

import random

import pytest

from rules.contract import State
from rules.money.bot import bot_action
from rules.money.components import CARDS, bluff_id
from rules.money.scoring import score_cards
from rules.money.valuation import Holdings, worth
from tests.helpers.money import COINS, GAME, all_notes, arrange, bid_all, fresh, notes
from tests.helpers.money_baselines import tournament

# Each hand starts with the same currencies at this seed (3 players: two are removed).
SEED = 1
USD, RUB, JPY, CHF, EUR = "USD", "RUB", "JPY", "CHF", "EUR"


def position(hands: list[list[int]], left: list[int], right: list[int], **kw) -> State:
    """A 3-player bid phase with these hands and rows (currencies in play: USD RUB JPY CHF EUR)."""
    state = fresh(3, seed=SEED)
    assert state["currencies"] == [USD, RUB, JPY, CHF, EUR]
    return arrange(state, hands=hands, left=left, right=right, **kw)


def action(state: State, seat: int, seed: int = 0) -> str:
    """What the bot plays for `seat`, seeing only that seat's view."""
    return bot_action(GAME.view(state, seat), seed)


def bid_cards(text: str) -> list[int]:
    verb, _, rest = text.partition(" ")
    assert verb == "bid", text
    return [int(part) for part in rest.split(",")]


# ------------------------------------------------------------------ strength


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bot_beats_greedy_players(players: int) -> None:
    """Over 60 seeded one-hand games, one bot among greedy players (bid the highest card; take
    whatever raises the exact score most) scores more on average by a wide margin and wins far
    more than its fair share of hands (1 in `players`)."""
    tally = tournament(players, range(60))
    assert tally.mine_mean > tally.others_mean + 100, tally
    assert tally.win_share >= 2 / players, tally


# ------------------------------------------------------------------ behaviour


def test_bot_finishes_a_currency_in_the_final_round() -> None:
    """Dollars at 170: the single $30 of the left row makes 200 (+130 points); the right row
    has more money, but in a currency the bot cannot lift to 100 points' worth of it."""
    state = position(
        [notes(USD, 60, 50, 40, 20) + notes(RUB, 60), notes(JPY, 20, 30), notes(JPY, 40)],
        left=notes(USD, 30),
        right=notes(CHF, 60, 50, 40),
        deck=[],
        final_round=True,
    )
    state = bid_all(state, [notes(RUB, 60), notes(JPY, 20), notes(JPY, 40)])
    assert GAME.to_act(state) == [0]
    assert action(state, 0) == "row left"


def test_bot_bids_money_it_does_not_collect() -> None:
    """Collecting dollars, with dollars in both rows: the bid is the rouble note, not a dollar."""
    state = position(
        [
            notes(USD, 60, 50, 40) + notes(RUB, 60) + notes(EUR, 20) + [COINS[0]],
            notes(JPY, 20, 30),
            notes(JPY, 40),
        ],
        left=notes(USD, 30, 30, 20, 20),
        right=notes(CHF, 20, 30, 40, 20),
    )
    assert bid_cards(action(state, 0)) == notes(RUB, 60)


def test_bot_outbids_rivals_for_the_row_that_finishes_a_currency() -> None:
    """Final round, dollars at 180: the left row lifts them over 200, so the bot bids more than
    any single note (60) to choose first, with money it does not need."""
    state = position(
        [
            notes(USD, 60, 50, 40, 30) + notes(RUB, 60) + notes(JPY, 50) + notes(EUR, 20),
            notes(JPY, 20, 30),
            notes(JPY, 40),
        ],
        left=notes(USD, 20, 30),
        right=[*notes(CHF, 20), COINS[0]],
        deck=[],
        final_round=True,
    )
    bid = bid_cards(action(state, 0))
    assert sum(CARDS[c].value for c in bid) > 60
    assert not set(bid) & set(all_notes(USD))


def test_bot_takes_the_bid_that_completes_a_trio() -> None:
    """Final round: the bot holds two $20s; seat 1's bid holds the third (+100 trio bonus)."""
    state = position(
        [notes(USD, 20, 20) + notes(RUB, 60, 50), notes(USD, 20) + notes(JPY, 30), notes(JPY, 40)],
        left=notes(CHF, 20),
        right=notes(EUR, 20),
        deck=[],
        final_round=True,
    )
    state = bid_all(state, [notes(RUB, 60, 50), notes(USD, 20), notes(JPY, 40)])
    assert GAME.to_act(state) == [0]
    assert action(state, 0) == "take 1"


def test_bot_bluffs_when_every_card_counts_and_nothing_helps() -> None:
    """All nine dollars (500 points) in the final round, a coin in each row: any card bid could
    only be lost, so the bot bids its bluff card and sits the round out."""
    state = position(
        [all_notes(USD), notes(JPY, 20, 30), notes(JPY, 40)],
        left=[COINS[0]],
        right=[COINS[1]],
        deck=[],
        final_round=True,
    )
    assert action(state, 0) == f"bid {bluff_id(0)}"


def test_bot_choice_depends_on_its_view_only() -> None:
    """The same view gives the same action whatever the seed."""
    state = GAME.new_game(4, {}, 7)
    for seat in range(4):
        assert len({action(state, seat, seed) for seed in range(5)}) == 1


# ------------------------------------------------------------------ the valuation


def test_worth_is_the_exact_score_in_the_final_round() -> None:
    """With no hand left to play, the bot values cards exactly as scoring does (the seed's
    worked example: 470), and worth changes add up to the worth of the changed hand."""
    example = [
        *notes(USD, 30, 30, 30),
        *COINS[:3],
        *notes(EUR, 60, 40, 30),
        *notes(JPY, 60, 40, 30, 30, 30, 20),
    ]
    assert worth(example, 0.0) == 470
    rng = random.Random(3)
    cards = [c for c in CARDS if CARDS[c].kind != "bluff"]
    for _ in range(200):
        hand = rng.sample(cards, rng.randint(0, 25))
        assert worth(hand, 0.0) == score_cards(hand)["total"]
        look = rng.random()
        add = rng.sample([c for c in cards if c not in hand], 4)
        remove = hand[: rng.randint(0, len(hand))]
        after = [c for c in hand if c not in remove] + add
        change = Holdings(hand, look).change(add=add, remove=remove)
        assert change == pytest.approx(worth(after, look) - worth(hand, look))
