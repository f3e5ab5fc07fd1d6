"""The strong bots (`rules.search` over each title's simulator) and the easy bots
(`rules.level_play`): they decide from their seat's view only, deterministically for a seed and
an iteration budget, and always legally."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bench.common import GAME_OPTIONS, playout
from games import RULES
from rules.contract import State
from rules.level_play import SEARCHERS, easy_action, strong_action
from rules.money.components import CARDS, VALUE_CARD_IDS
from rules.money.sim import CUR
from rules.money.strong import collected_hand
from rules.search import WALL_FACTOR, Budget, search
from tests.helpers import money as money_helpers
from tests.helpers import newyork as newyork_helpers
from tests.helpers import nycards as nycards_helpers
from tests.helpers import palazzo as palazzo_helpers

TITLES = sorted(SEARCHERS)
BUDGET = Budget(iterations=60)
# the titles whose playouts run each seat's standard bot play slower: fewer playouts in tests
BUDGETS = {
    "palazzo": Budget(iterations=20),
    "newyork": Budget(iterations=20),
    "money": Budget(iterations=24),
}
SCRAMBLERS: dict[str, Callable[[State, int, random.Random], State]] = {
    "money": money_helpers.scramble_hidden,
    "nycards": nycards_helpers.scramble_hidden,
    "palazzo": palazzo_helpers.scramble_hidden,
    "newyork": newyork_helpers.scramble_hidden,
}


def sampled_states(game_id: str, games: int, every: int) -> list[tuple[State, int]]:
    """(state, acting seat) pairs from seeded random games, every `every`-th state."""
    game = RULES[game_id]
    info = game.info
    found = []
    for n in range(games):
        players = min(info.max_players, info.min_players + n)
        for index, state in enumerate(playout(game, players, 500 + n, GAME_OPTIONS[game_id])):
            to_act = game.to_act(state)
            if to_act and index % every == 0:
                found.append((state, to_act[index % len(to_act)]))
    return found


@pytest.mark.parametrize("game_id", TITLES)
def test_a_drawn_world_looks_to_the_seat_exactly_like_the_real_game(game_id: str) -> None:
    game = RULES[game_id]
    searcher = SEARCHERS[game_id]
    for n, (state, seat) in enumerate(sampled_states(game_id, 4, 3)):
        view = game.view(state, seat)
        world = searcher.determinize(view, random.Random(n)).to_state()
        world.update(events=state["events"], applied=state["applied"])
        assert game.view(world, seat) == view


def test_every_title_has_a_searcher_and_a_scrambler() -> None:
    assert sorted(SEARCHERS) == sorted(SCRAMBLERS) == sorted(RULES)


@pytest.mark.parametrize("game_id", sorted(SCRAMBLERS))
def test_the_strong_decision_ignores_the_cards_its_seat_cannot_see(game_id: str) -> None:
    """The whole search (every candidate's visits and mean reward, not only the move) is the
    same when the other seats' hidden cards are scrambled."""
    game = RULES[game_id]
    budget = BUDGETS.get(game_id, BUDGET)
    rng = random.Random(7)
    states = sampled_states(game_id, 3, 25)[:6]
    searched = 0
    for state, seat in states[: 3 if game_id in BUDGETS else 6]:
        view = game.view(state, seat)
        chosen = search(SEARCHERS[game_id], view, 11, budget)
        scrambled = SCRAMBLERS[game_id](state, seat, rng)
        assert scrambled != state  # the hidden cards did move
        assert search(SEARCHERS[game_id], game.view(scrambled, seat), 11, budget) == chosen
        assert strong_action(game, view, 11, budget) == chosen.action
        game.apply(state, seat, chosen.action)  # and it is legal
        searched += len(chosen.stats) > 1
    assert searched


@pytest.mark.parametrize("game_id", TITLES)
def test_the_search_spends_its_iteration_budget_and_repeats_itself(game_id: str) -> None:
    game = RULES[game_id]
    searched = 0
    budget = BUDGETS.get(game_id, Budget(iterations=80))
    assert budget.iterations
    for state, seat in sampled_states(game_id, 2, 9)[: 4 if game_id in BUDGETS else 8]:
        view = game.view(state, seat)
        first = search(SEARCHERS[game_id], view, 3, budget)
        if len(first.stats) < 2:
            continue  # one legal move: played without a search
        searched += 1
        assert search(SEARCHERS[game_id], view, 3, budget) == first
        assert 0 < first.iterations <= budget.iterations
        assert first.iterations == sum(visits for _, visits, _ in first.stats)
    assert searched


@pytest.mark.parametrize("game_id", TITLES)
def test_easy_bots_play_whole_games_legally(game_id: str) -> None:
    game = RULES[game_id]
    for n, players in enumerate(range(game.info.min_players, game.info.max_players + 1)):
        state = game.new_game(players, GAME_OPTIONS[game_id], n)
        for step in range(5_000):
            to_act = game.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            state = game.apply(state, seat, easy_action(game, game.view(state, seat), step))
        assert game.outcome(state) is not None


def test_a_timed_search_also_stops_when_its_wall_time_runs_out() -> None:
    """On a busy machine CPU time crawls: the search answers after `WALL_FACTOR` times its
    seconds of wall time anyway (here the CPU clock stands still and the wall one runs)."""
    game = RULES["money"]
    state, seat = next(s for s in sampled_states("money", 2, 9) if s[0]["phase"] == "exchange")
    ticks = iter(range(1_000_000))
    result = search(
        SEARCHERS["money"],
        game.view(state, seat),
        3,
        Budget(seconds=1.0),
        clock=lambda: 0.0,
        wall=lambda: float(next(ticks)),
    )
    assert result.iterations > 0
    assert next(ticks) <= WALL_FACTOR + 3  # a wall reading per round, one round past it
    game.apply(state, seat, result.action)


def test_the_money_search_tries_the_standard_move_first_in_both_phases() -> None:
    """The search keeps its first candidate unless another is clearly better: in the exchange
    as when bidding, that first candidate is the standard bot's move (not the first legal
    move, which once made the strong bot take the left row on a tie of evidence)."""
    game = RULES["money"]
    searcher = SEARCHERS["money"]
    phases = set()
    for n, (state, seat) in enumerate(sampled_states("money", 3, 2)):
        view = game.view(state, seat)
        world = searcher.determinize(view, random.Random(n))
        first = searcher.candidates(view, world, n)[0]
        assert searcher.move_text(first) == game.bot_action(view, n)
        phases.add(view["phase"])
    assert phases == {"bid", "exchange"}


def test_a_money_rival_is_drawn_holding_the_cards_it_is_known_to_hold() -> None:
    """Every drawn world gives each rival the cards the seat saw it take (and not bid since),
    and only the rest of its hand is drawn: from cards the seat has not seen anywhere."""
    game = RULES["money"]
    searcher = SEARCHERS["money"]
    checked = 0
    for n, (state, seat) in enumerate(sampled_states("money", 4, 2)):
        view = game.view(state, seat)
        world = searcher.determinize(view, random.Random(n))
        seen = set(view["hand"]) | set(view["rows"]["left"]) | set(view["rows"]["right"])
        seen |= {c for s in view["seats"] for c in s["table"] or ()}
        for s, public in enumerate(view["seats"]):
            if s == seat:
                continue
            held = set(world.hands[s]) | set(world.bids[s] or ())
            assert set(public["known"]) <= held
            assert not (held - set(public["known"])) & seen
            checked += len(public["known"])
    assert checked


def test_a_card_game_rival_is_drawn_holding_the_cards_it_was_seen_to_take() -> None:
    """Every drawn world gives each rival the cards the seat saw it take (and not pay since)
    and draws only the rest of its hand, from cards the seat has not seen anywhere."""
    game = RULES["nycards"]
    searcher = SEARCHERS["nycards"]
    checked = 0
    for n, (state, seat) in enumerate(sampled_states("nycards", 4, 5)):
        view = game.view(state, seat)
        world = searcher.determinize(view, random.Random(n))
        seen = set(view["hand"]) | set(view["display"]) | {c for k in view["known"] for c in k}
        for s, known in enumerate(view["known"]):
            if s == seat:
                continue
            assert set(known) <= set(world.hands[s])
            assert not (set(world.hands[s]) - set(known)) & seen
            checked += len(known)
    assert checked


def test_a_money_rival_is_drawn_as_a_hand_that_has_been_collecting() -> None:
    """Rivals' hidden hands are drawn from the unseen cards as collections (few currencies)
    once the hand has run a while, uniformly at its start."""
    pool = [c for c in VALUE_CARD_IDS if CARDS[c].kind == "coin" or CARDS[c].currency != "EUR"]
    rng = random.Random(5)

    def kinds(concentration: float) -> float:
        drawn = [collected_hand(pool[:], 6, concentration, rng) for _ in range(200)]
        assert all(len(set(hand)) == 6 and set(hand) <= set(pool) for hand in drawn)
        return sum(len({CUR[c] for c in hand}) for hand in drawn) / len(drawn)

    assert kinds(1.0) == 1.0
    assert kinds(0.0) > 3.5
