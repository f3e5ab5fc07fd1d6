"""Seeded whole Palazzo games with Palazzo's own invariants checked on EVERY state (those every
game keeps: `tests.helpers.playout.play_checked` and `tests/test_game_contract.py`), and
Palazzo's scenarios: bots against random movers, the bot's bidding limit.

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
    cards,
    hidden_from,
    move_cards,
    scramble_hidden,
    take_tiles,
    tile,
    view_items,
)
from tests.helpers.playout import (
    Mover,
    StateCheck,
    assert_private_keys_only_at_top,
    bot_action,
    key_paths,
    mixed,
    play,
    play_checked,
    random_action,
    viewers,
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


def palazzo_invariants(rng: random.Random) -> StateCheck:
    """Every card and tile in one place, and every view's secrets (scrambling draws from
    `rng`)."""

    def check(state: State) -> None:
        assert_everything_in_one_place(state)
        for viewer in viewers(state["players"]):
            check_secrets(state, viewer, rng)

    return check


def turn_label_changes_with_the_decider(
    game: Game, before: State, after: State, seat: int, action: str
) -> None:
    """The step counter moves on by one; the turn label changes exactly when another seat must
    decide or a new turn begins."""
    assert after["applied"] == before["applied"] + 1
    if after["phase"] != "over":
        new_round = after["actor"] != before["actor"] or after["turn_no"] != before["turn_no"]
        assert (game.turn(after) != game.turn(before)) == new_round, action


def run(players: int, seed: int, mover: Mover) -> None:
    """A whole game with the shared invariants and Palazzo's own checked on every state; it
    ends when the fifth knight is drawn."""
    result = play_checked(
        GAME,
        players,
        seed,
        mover,
        each_state=palazzo_invariants(random.Random(seed)),
        each_action=turn_label_changes_with_the_decider,
    )
    assert len(result.state["knights"]) == 5


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
