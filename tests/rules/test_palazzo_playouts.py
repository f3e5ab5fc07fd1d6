"""Seeded random playouts of whole Palazzo games, with invariants checked after EVERY action.

What is secret (palazzo.md: "each player draws 4, secret"; stacks are face down): for seat s,
the money deck (contents and order, and so the generator), the contents and order of the
stacks, and the other seats' hands. Public: everything face up (warehouse, quarries, knights,
discards, money on display, bids), palazzi, and counts.
"""

from __future__ import annotations

import random
from statistics import mean

import pytest

from rules.contract import Game, State
from rules.palazzo.bot import bot_action as palazzo_bot
from tests.helpers.palazzo import (
    GAME,
    assert_everything_in_one_place,
    hidden_from,
    scramble_hidden,
    view_items,
)
from tests.helpers.playout import (
    assert_json_round_trip,
    assert_private_keys_only_at_top,
    assert_turn_invariants,
    bot_action,
    key_paths,
    mixed,
    play,
    random_action,
    replay,
)

PRIVATE = ("hand", "hand_value")


def check_secrets(state: State, seat: int | None, rng: random.Random) -> None:
    """The view shows only what is public or `seat`'s own, and does not change when everything
    hidden from `seat` is shuffled."""
    view = GAME.view(state, seat)
    assert_private_keys_only_at_top(view, seat, PRIVATE)
    assert not key_paths(view, ("deck", "rng", "hands")), "raw secret fields in the view"
    # Cards taken from the face-up display or a bid go into hands in public (the events say
    # so); apart from the events, a view shows no card of another hand, and nothing ever shows
    # the deck or the stacks.
    shown = view_items(dict(view, events=[]))
    leaked = shown & hidden_from(state, seat)
    assert not leaked, f"seat {seat} is shown hidden items {sorted(leaked)}"
    never = set(state["deck"]).union(*state["stacks"])
    assert not view_items(view) & never, f"seat {seat} is shown the deck or a stack"
    if seat is not None:
        assert view["hand"] == state["hands"][seat]
    assert GAME.view(scramble_hidden(state, seat, rng), seat) == view


class Invariants:
    """The per-action check of a playout."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.actions = 0

    def __call__(self, game: Game, before: State, after: State, seat: int, action: str) -> None:
        self.actions += 1
        assert_json_round_trip(after)
        assert_everything_in_one_place(after)
        assert_turn_invariants(game, after, after["players"])
        for viewer in [None, *range(after["players"])]:
            check_secrets(after, viewer, self.rng)
        assert after["applied"] == before["applied"] + 1
        # the turn label changes exactly when another seat must decide or a new turn begins
        if after["phase"] != "over":
            new_round = after["actor"] != before["actor"] or after["turn_no"] != before["turn_no"]
            assert (game.turn(after) != game.turn(before)) == new_round, action


def run(players: int, seed: int, mover) -> None:
    check = Invariants(seed)
    first = GAME.new_game(players, {}, seed)
    assert_everything_in_one_place(first)
    for viewer in [None, *range(players)]:
        check_secrets(first, viewer, check.rng)
    result = play(GAME, players, seed, mover, check=check)
    assert check.actions == len(result.log) > 0
    assert GAME.outcome(result.state) is not None
    assert len(result.state["knights"]) == 5
    assert replay(GAME, players, {}, seed, result.log) == result.state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_movers_play_full_games_with_every_invariant(players: int) -> None:
    for seed in range(4):
        run(players, seed, random_action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_full_games_with_every_invariant(players: int) -> None:
    for seed in range(3):
        run(players, 100 + seed, bot_action)


def test_bots_and_random_movers_together() -> None:
    for players in (2, 3, 4):
        run(players, 7, mixed({0: random_action}, bot_action))


def test_many_quick_games_end_at_the_fifth_knight_for_every_player_count() -> None:
    for players in (2, 3, 4):
        for seed in range(30):
            result = play(GAME, players, 1000 + seed, random_action)
            assert GAME.outcome(result.state) is not None


def test_bots_beat_random_movers() -> None:
    """Bots build real palazzi: seat 0 as a bot scores well above seat 0 as a random mover."""
    bot_scores, random_scores = [], []
    for seed in range(12):
        for mover, scores in ((bot_action, bot_scores), (random_action, random_scores)):
            result = play(GAME, 3, seed, mixed({0: mover}, random_action))
            scores.append(GAME.outcome(result.state).scores[0])
    assert mean(bot_scores) > mean(random_scores) + 10


def test_the_bot_never_bids_more_than_the_lot_is_worth_to_it() -> None:
    """Against bidders who always raise, the bot drops out instead of paying for tiles it
    cannot use (floor-1 tiles when it already holds the floor-1-only palazzi it can)."""
    from tests.helpers.palazzo import cards, move_cards, take_tiles, tile

    state = GAME.new_game(2, {}, 3)
    a = state["active"]
    b = 1 - a
    lot = [tile("brick", 5, 1)]
    for q in state["quarries"]:
        state["out"] += q
        q.clear()
    take_tiles(state, lot)
    state["quarries"][1] = list(lot)
    state["out"] += state["warehouse"]
    state["warehouse"] = []
    state["phase"] = "acquire"
    move_cards(state, cards("red", 7, 7, 7, 6, 6, 6), b)
    state = GAME.apply(state, a, "auction")
    action = palazzo_bot(GAME.view(state, b), 1)
    assert action == "pass"  # a lone floor-5 tile is worth nothing to an empty city


def test_the_bot_plays_only_offered_moves_from_its_view() -> None:
    from tests.helpers.playout import is_offered

    rng = random.Random(5)
    for seed in range(6):
        state = GAME.new_game(3, {}, seed)
        while GAME.to_act(state):
            (seat,) = GAME.to_act(state)
            action = palazzo_bot(GAME.view(state, seat), rng.getrandbits(30))
            assert is_offered(GAME.choices(state, seat), action), action
            state = GAME.apply(state, seat, action)
