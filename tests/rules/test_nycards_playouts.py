"""Seeded random playouts of whole New York card games (2–6 players), with invariants checked
after EVERY action: every card in one place, views hide what they must, JSON round-trip,
exactly the acting seat has choices, and the replay from the seed rebuilds the game.

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
    assert_json_round_trip,
    assert_private_keys_only_at_top,
    assert_turn_invariants,
    bot_action,
    ints_in_lists,
    is_offered,
    key_paths,
    mixed,
    play,
    random_action,
    replay,
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


class Invariants:
    """The per-action check of a playout; counts the actions it saw."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.actions = 0

    def __call__(self, game: Game, before: State, after: State, seat: int, action: str) -> None:
        self.actions += 1
        assert_json_round_trip(after)
        assert_every_card_in_one_place(after)
        assert_turn_invariants(game, after, after["players"])
        for viewer in [None, *range(after["players"])]:
            check_secrets(after, viewer, self.rng)
        assert after["applied"] == before["applied"] + 1
        same_turn = game.turn(after) == game.turn(before)
        assert after["phase"] == "over" or same_turn == (
            after["current"] == seat
            and (
                after["pending"] is not None
                or any(e["type"] == "extra_action" for e in after["events"])
            )
        ), "the turn label changes exactly when the turn passes"


def run(players: int, seed: int, mover):
    check = Invariants(seed)
    first = GAME.new_game(players, {}, seed)
    assert_every_card_in_one_place(first)
    for viewer in [None, *range(players)]:
        check_secrets(first, viewer, check.rng)
    result = play(GAME, players, seed, mover, check=check)
    assert check.actions == len(result.log) > 0
    assert GAME.outcome(result.state) is not None
    assert [s["scoring"] for s in result.state["scorings"]][-1] == "C"
    assert replay(GAME, players, {}, seed, result.log) == result.state
    return result


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_movers_play_full_games(players: int) -> None:
    run(players, 200 + players, random_action)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bots_play_full_games(players: int) -> None:
    run(players, 100 + players, bot_action)


def test_bot_only_plays_legal_moves() -> None:
    """The bot, fed only its seat's view, chooses an offered, accepted action in every position
    random play reaches."""
    rng = random.Random(5)
    checked = 0
    for players in (2, 3, 4):

        def probe(game: Game, before: State, after: State, seat: int, action: str) -> None:
            nonlocal checked
            for s in game.to_act(after):
                choice = game.bot_action(game.view(after, s), rng.getrandbits(62))
                assert is_offered(game.choices(after, s), choice), (s, choice)
                game.apply(after, s, choice)
                checked += 1

        play(GAME, players, 40 + players, random_action, check=probe)
    assert checked > 200


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


def test_playouts_are_deterministic_per_seed() -> None:
    a = play(GAME, 5, 9, random_action)
    b = play(GAME, 5, 9, random_action)
    assert a.log == b.log and a.state == b.state
    assert play(GAME, 5, 10, random_action).log != a.log


def test_a_random_game_is_fast() -> None:
    started = time.perf_counter()
    for seed in range(10):
        play(GAME, 4, seed, random_action)
    assert time.perf_counter() - started < 10
