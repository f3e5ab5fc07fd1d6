"""The `/move` suggestions against the rules' `choices`, on many states of seeded games of every
game: every entry is a legal complete move, listed once, within Discord's limits (25 entries,
names and values of at most 100 characters); no legal move is missing (each complete move, and
each pick's suggestion, is found by typing its label, moves alike counting as one); a pick's
selection is built by naming its cards; a long action travels as a token that resolves back
to it while the game is at that version, and is refused as out of date afterwards."""

from __future__ import annotations

from typing import Any

import pytest

from games import presentation, rules_of
from interface.move_entries import (
    MAX_ENTRIES,
    MAX_VALUE,
    StaleEntry,
    chosen_action,
    entries,
    resolve,
    suggestions,
    value_of,
)
from rules.contract import Choices, Pick, State
from rules.errors import RuleError
from tests.cogs.test_move_menus import NAMES, record_of
from tests.helpers.money import fresh
from tests.helpers.playout import bot_action, play, random_action

GAMES = ("money", "palazzo", "nycards", "newyork")


def sampled_states(game_id: str, every: int = 5) -> list[State]:
    """Every `every`-th state of two seeded games (a bot game and a random one) at the smallest
    player count and at 3 players."""
    game = rules_of(game_id)
    found: list[State] = []
    for players in sorted({max(2, game.info.min_players), 3}):
        for seed, mover in ((1, bot_action), (2, random_action)):

            def keep(_g: Any, _b: State, after: State, _s: int, _a: str) -> None:
                found.append(after)

            play(game, players, seed, mover, check=keep)
    return [s for i, s in enumerate(found) if i % every == 0 and not game.outcome(s)]


def legal(game_id: str, state: State, seat: int, action: str) -> bool:
    try:
        rules_of(game_id).apply(state, seat, action)
    except RuleError:
        return False
    return True


@pytest.mark.parametrize("game_id", GAMES)
def test_every_suggestion_is_a_legal_move_listed_once_and_none_is_missing(game_id: str) -> None:
    game, ui = rules_of(game_id), presentation(game_id)
    checked = 0
    for state in sampled_states(game_id):
        record = record_of(game_id, state)
        names = record.names()
        for seat in game.to_act(state):
            own = game.view(state, seat)
            choices = game.choices(state, seat)
            listed = suggestions(record, seat, "", "en")
            assert 0 < len(listed) <= MAX_ENTRIES
            labels = [label for label, _ in listed]
            assert len(set(labels)) == len(labels), "each entry once"
            for label, value in listed:
                assert 0 < len(label) <= MAX_VALUE and 0 < len(value) <= MAX_VALUE
                action = resolve(value, record.version, choices)
                assert legal(game_id, state, seat, action), (game_id, label, action)
            wanted = list(choices.moves) + [
                p.action(items) for p in choices.picks for items in p.suggestions
            ]
            for action in wanted:  # every legal move is found by typing its label
                label = ui.move_label(action, own, names, "en")
                found = entries(game, ui, state, seat, names, label, "en")
                assert label in [e.label for e in found], (game_id, action, label)
                checked += 1
    assert checked > 20


def test_the_most_useful_come_first_the_rules_moves_in_their_order() -> None:
    """The card game: its takes first, in the rules' order (single cards, then the largest
    combinations before their smaller parts), then the payments best first."""
    game = rules_of("nycards")
    for state in sampled_states("nycards", every=3):
        (seat,) = game.to_act(state)
        choices = game.choices(state, seat)
        if not any(p.suggestions for p in choices.picks) or len(choices.moves) < 3:
            continue
        record = record_of("nycards", state)
        listed = [value for _, value in suggestions(record, seat, "", "en")]
        takes = [v for v in listed if v.startswith("take ")]
        assert takes and listed[: len(takes)] == takes, "the takes first"
        order = [m for m in choices.moves if m in takes]
        assert takes == order, "in the rules' order"
        buys = [v for v in listed if v.startswith("buy ")]
        best = next(p for p in choices.picks if p.suggestions).suggestions[0]
        assert buys and buys[0] == next(p for p in choices.picks).action(best)
        return
    raise AssertionError("no state with takes and payments came up")


def test_a_bid_is_built_by_naming_its_cards_and_every_entry_stays_legal() -> None:
    game, ui = rules_of("money"), presentation("money")
    state = fresh(3, seed=4)
    assert rules_of("money").to_act(state) == [0, 1, 2], "everyone bids"
    seat = 0
    hand = [c for c in state["hands"][seat] if ui.item_label(c, "en") != "bluff card"][:3]
    typed = " + ".join(ui.item_label(c, "en") for c in hand)
    found = entries(game, ui, state, seat, NAMES[:3], typed, "en")
    assert found[0].action == "bid " + ",".join(map(str, sorted(hand))), found[:2]
    assert all(ui.item_label(c, "en") in found[0].label for c in hand)
    bigger = [e for e in found[1:] if e.action.startswith("bid ")]
    assert bigger and all(len(e.action.split(",")) == 4 for e in bigger)
    assert all(legal("money", state, seat, e.action) for e in found)


def test_a_long_action_travels_as_a_token_refused_once_the_game_moved_on() -> None:
    pick = Pick("bid", tuple(range(100, 160)), 1, 60)
    choices = Choices(("row left",), (pick,))
    action = pick.action(list(range(100, 160)))
    assert len(action) > MAX_VALUE
    token = value_of(action, 41, choices)
    assert len(token) <= MAX_VALUE
    assert resolve(token, 41, choices) == action
    with pytest.raises(StaleEntry):
        resolve(token, 42, choices)
    long_move = "place " + "x" * 120
    moves = Choices(("pass", long_move))
    assert resolve(value_of(long_move, 7, moves), 7, moves) == long_move
    assert value_of("pass", 7, moves) == "pass", "a short action is sent as it is"


def test_a_chosen_label_plays_its_move_and_an_old_token_is_refused() -> None:
    state = sampled_states("newyork")[3]
    game = rules_of("newyork")
    seat = game.to_act(state)[0]
    record = record_of("newyork", state)
    choices = game.choices(state, seat)
    label, value = suggestions(record, seat, "", "en")[0]
    assert chosen_action(record, seat, label, "en") == resolve(value, record.version, choices)
    assert chosen_action(record, seat, f"@{record.version}:m0", "en") == choices.moves[0]
    with pytest.raises(StaleEntry):
        chosen_action(record, seat, f"@{record.version - 1}:m0", "en")
