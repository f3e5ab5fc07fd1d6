"""Undo in the rules (`Game.undoable`, `rules/<game>/undo.py`), on seeded games of all four
titles: an undoable action revealed nothing (no random draw, the hidden piles as they were,
the game not over) and replaying the log without it restores the
state before it exactly; each title has actions that may be undone and actions that may not.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games import RULES
from rules.contract import Game, State
from tests.helpers.playout import bot_action, random_action
from tests.reliability.secrecy import quick_options

TITLES = ("money", "newyork", "nycards", "palazzo")
HIDDEN = {
    "money": ("deck",),
    "newyork": ("bag", "deck"),
    "nycards": ("money_deck", "building_deck"),
    "palazzo": ("deck", "stacks"),
}
Step = tuple[State, int, str, State]


def steps(game_id: str, players: int, seed: int) -> tuple[Game, list[tuple[int, str]], list[Step]]:
    """A seeded game (bots and random movers by turns), its log and every step of it."""
    game = RULES[game_id]
    rng = random.Random(seed)
    state = game.new_game(players, quick_options(game_id), seed)
    log: list[tuple[int, str]] = []
    played: list[Step] = []
    while game.outcome(state) is None:
        seat = rng.choice(game.to_act(state))
        mover = bot_action if rng.random() < 0.5 else random_action
        action = mover(game, state, seat, rng)
        after = game.apply(state, seat, action)
        played.append((state, seat, action, after))
        log.append((seat, action))
        state = after
    return game, log, played


def replayed(
    game: Game, game_id: str, players: int, seed: int, log: list[tuple[int, str]]
) -> State:
    state = game.new_game(players, quick_options(game_id), seed)
    for seat, action in log:
        state = game.apply(state, seat, action)
    return state


@pytest.mark.parametrize("game_id", TITLES)
def test_an_undoable_action_revealed_nothing_and_undoing_restores_the_state(game_id: str) -> None:
    game, log, played = steps(game_id, 3, 7)
    kinds: Counter[bool] = Counter()
    for index, (before, seat, action, after) in enumerate(played):
        allowed = game.undoable(before, after, seat, action)
        kinds[allowed] += 1
        if not allowed:
            continue
        assert before["rng"] == after["rng"], action
        for key in HIDDEN[game_id]:
            assert before[key] == after[key], (action, key)
        assert game.outcome(after) is None
        if index % 5 == 0:  # the undo replays the log without the action: the state before
            restored = replayed(game, game_id, 3, 7, log[:index])
            assert json.dumps(restored, sort_keys=True) == json.dumps(before, sort_keys=True)
    assert kinds[True] > 0, f"{game_id}: no action could be undone"
    assert kinds[False] > 0, f"{game_id}: every action could be undone"


@pytest.mark.parametrize("game_id", TITLES)
def test_the_last_action_of_a_game_cannot_be_undone(game_id: str) -> None:
    game, _, played = steps(game_id, 3, 3)
    before, seat, action, after = played[-1]
    assert not game.undoable(before, after, seat, action)


def test_money_the_last_bid_of_a_round_reveals_every_bid_and_cannot_be_undone() -> None:
    game, _, played = steps("money", 3, 5)
    last_bids = [s for s in played if s[0]["phase"] == "bid" and s[3]["phase"] != "bid"]
    first_bids = [s for s in played if s[0]["phase"] == "bid" and s[3]["phase"] == "bid"]
    assert last_bids and first_bids
    assert not any(game.undoable(s[0], s[3], s[1], s[2]) for s in last_bids)
    assert all(game.undoable(s[0], s[3], s[1], s[2]) for s in first_bids)


def test_palazzo_taking_money_or_drawing_tiles_cannot_be_undone() -> None:
    game, _, played = steps("palazzo", 3, 4)
    draws = [s for s in played if s[2] in ("money", "tiles")]
    assert draws
    assert not any(game.undoable(s[0], s[3], s[1], s[2]) for s in draws)
