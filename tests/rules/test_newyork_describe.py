"""New York's events in words: every event of whole games gives a line naming the player, and a
scoring line shows the street and majority points of every player (and Dirk's)."""

from __future__ import annotations

import random

from rules.newyork.describe import describe
from tests.helpers.newyork import GAME

NAMES = ["Ann", "Bob", "Cid", "Dee"]
SILENT: set[str] = set()


def events_of_a_bot_game(players: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    state = GAME.new_game(players, {}, seed)
    events = list(state["events"])
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(
            state, seat, GAME.bot_action(GAME.view(state, seat), rng.getrandbits(30))
        )
        events += state["events"]
    return events


def test_every_event_is_described_naming_its_player() -> None:
    for players in (2, 4):
        for event in events_of_a_bot_game(players, players):
            line = describe(event, NAMES, "en")
            assert line and "newyork." not in line, event
            if "seat" in event:
                assert NAMES[event["seat"]] in line


def test_a_scoring_line_gives_street_and_majority_points_of_every_player() -> None:
    event = {
        "type": "scored",
        "name": "B",
        "streets": [8, 0, 3],
        "majority": [13, 6, 0],
        "totals": [30, 10, 3],
        "dirk": None,
    }
    line = describe(event, NAMES, "en")
    assert line.startswith("Scoring B:")
    assert "Ann +21 (street 8, majorities 13) = 30" in line
    assert "Bob +6 (street 0, majorities 6) = 10" in line
    assert "Cid +3 (street 3, majorities 0) = 3" in line
    two = {**event, "streets": [8, 3], "majority": [13, 6], "totals": [30, 10], "dirk": 9}
    with_dirk = describe(two, NAMES, "en")
    assert "Dirk +9" in with_dirk  # Dirk: majorities only, the players their streets too
    assert "Ann +21 (street 8, majorities 13) = 30" in with_dirk
    assert "Bob +9 (street 3, majorities 6) = 10" in with_dirk


def test_a_purchase_line_says_whether_it_was_exact() -> None:
    base = {"type": "bought", "seat": 1, "slot": 2, "tile": 41, "paid": [55, 56]}
    assert "exactly" in describe({**base, "exact": True}, NAMES, "en")
    assert "the turn ends" in describe({**base, "exact": False}, NAMES, "en")


def test_the_setup_line_names_the_criterion_that_chose_the_first_player() -> None:
    base = {"type": "setup", "first": 1, "counts": [4, 3, 4], "totals": [22, 21, 25]}
    assert describe({**base, "by": "count"}, NAMES, "en") == (
        "Bob has the fewest money cards and begins."
    )
    tied = {**base, "counts": [3, 3, 4], "by": "total"}
    assert "Bob begins: tied for the fewest money cards, with the lowest total" in describe(
        tied, NAMES, "en"
    )
    drawn = {**base, "counts": [3, 3, 4], "totals": [21, 21, 25], "by": "random"}
    assert "drawn at random" in describe(drawn, NAMES, "en")
    # Events stored before the criterion was recorded: worked out from counts and totals.
    for event in (base, tied, drawn):
        old = {k: v for k, v in event.items() if k != "by"}
        assert describe(old, NAMES, "en") == describe(event, NAMES, "en")


def test_an_unsold_line_says_whether_nobody_held_the_bank_or_several_tied() -> None:
    base = {"type": "unsold", "slot": 1, "tile": 7}
    nobody = describe({**base, "reason": "nobody"}, NAMES, "en")
    assert "nobody holds any green money" in nobody and "tie" not in nobody
    tie = describe({**base, "reason": "tie"}, NAMES, "en")
    assert "tie for the most green money" in tie
