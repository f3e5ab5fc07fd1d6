"""Seeded whole New York card games (2–6 players) with the game's own invariants checked on
EVERY state: every card in one place, views hide what they must, the turn label; those every
game keeps (JSON round trip, choices, replay) in `tests.helpers.playout.play_checked` and
`tests/test_game_contract.py`. And the game's scenarios: bots against random movers, speed.

Secret in this game (nycards.md): each hand (after the face-up deal), the money deck's order
and contents (so where the scoring cards lie), the building deck, the discard pile's contents.
Public: the yard, the display, every building bought, the cards taken and paid (events), counts.
"""

from __future__ import annotations

import random
import time
from statistics import mean

import pytest

from rules.contract import Game, State
from rules.nycards.bot import bot_action as nycards_bot
from tests.helpers.nycards import (
    GAME,
    assert_every_card_in_one_place,
    hidden_from,
    scramble_hidden,
    strictly_secret,
)
from tests.helpers.playout import (
    Mover,
    Playout,
    StateCheck,
    assert_private_keys_only_at_top,
    bot_action,
    ints_in_lists,
    key_paths,
    mixed,
    play,
    play_checked,
    random_action,
    viewers,
)

PRIVATE = ("hand", "hands", "money_deck", "building_deck", "discard", "rng")


def check_secrets(state: State, seat: int | None, rng: random.Random) -> None:
    """`view(state, seat)` shows only public things or `seat`'s own hand, and does not change
    when everything hidden from `seat` is shuffled."""
    view = GAME.view(state, seat)
    assert_private_keys_only_at_top(view, seat, ("hand",))
    assert not key_paths(view, PRIVATE[1:]), "a deck, the discards or the generator leak"
    if seat is not None:
        assert view["hand"] == state["hands"][seat]
    card_keys = ("yard", "display", "buildings", "dirk_buildings", "unassigned", "hand")
    shown = ints_in_lists([view.get(k) for k in card_keys])
    leaked = shown & hidden_from(state, seat)
    assert not leaked, f"seat {seat} is shown hidden cards {sorted(leaked)}"
    # Cards paid before a reshuffle in the same step were seen, then went into the new deck.
    kinds = [e["type"] for e in view["events"]]
    since = len(kinds) - kinds[::-1].index("reshuffled") if "reshuffled" in kinds else 0
    recent = view["events"][since:]
    event_cards = ints_in_lists(
        [[e.get(k) for k in ("cards", "paid", "buildings", "dirk")] for e in recent]
    ) | {e["building"] for e in recent if "building" in e}
    assert not event_cards & strictly_secret(state, seat), "events name a deck card"
    assert GAME.view(scramble_hidden(state, seat, rng), seat) == view


def nycards_invariants(rng: random.Random) -> StateCheck:
    """Every card in one place, and every view's secrets (scrambling draws from `rng`)."""

    def check(state: State) -> None:
        assert_every_card_in_one_place(state)
        for viewer in viewers(state["players"]):
            check_secrets(state, viewer, rng)

    return check


def turn_label_changes_when_the_turn_passes(
    game: Game, before: State, after: State, seat: int, action: str
) -> None:
    """The step counter moves on by one; the turn label changes exactly when the turn passes
    (not after an action that leaves a payment pending or earns an extra action)."""
    assert after["applied"] == before["applied"] + 1
    same_turn = game.turn(after) == game.turn(before)
    assert after["phase"] == "over" or same_turn == (
        after["current"] == seat
        and (
            after["pending"] is not None
            or any(e["type"] == "extra_action" for e in after["events"])
        )
    ), "the turn label changes exactly when the turn passes"


def run(players: int, seed: int, mover: Mover) -> Playout:
    """A whole game with the shared invariants and the card game's own checked on every
    state; it ends after the scoring C."""
    result = play_checked(
        GAME,
        players,
        seed,
        mover,
        each_state=nycards_invariants(random.Random(seed)),
        each_action=turn_label_changes_when_the_turn_passes,
    )
    assert [s["scoring"] for s in result.state["scorings"]][-1] == "C"
    return result


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_movers_play_full_games(players: int) -> None:
    run(players, 200 + players, random_action)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bots_play_full_games(players: int) -> None:
    run(players, 100 + players, bot_action)


def test_bot_refuses_to_move_for_a_seat_that_need_not_act() -> None:
    state = GAME.new_game(3, {}, 1)
    other = (state["current"] + 1) % 3
    with pytest.raises(ValueError):
        nycards_bot(GAME.view(state, other), 1)


def test_bots_beat_random_movers() -> None:
    """Over 20 seeded 4-player games, two bots against two random movers (seats rotating), the
    bots score more on average and win most games."""
    bot_scores: list[int] = []
    random_scores: list[int] = []
    bot_wins = 0
    for seed in range(20):
        bots = {seed % 4, (seed + 1) % 4}
        mover = mixed(dict.fromkeys(bots, bot_action), random_action)
        result = play(GAME, 4, 1_000 + seed, mover)
        scores = result.state["scores"]
        bot_scores += [scores[s] for s in bots]
        random_scores += [scores[s] for s in range(4) if s not in bots]
        bot_wins += any(s in bots for s in GAME.outcome(result.state).winners)
    assert mean(bot_scores) > mean(random_scores) + 10
    assert bot_wins >= 15


def test_a_random_game_is_fast() -> None:
    started = time.perf_counter()
    for seed in range(10):
        play(GAME, 4, seed, random_action)
    assert time.perf_counter() - started < 10
