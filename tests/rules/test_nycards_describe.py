"""Every public event of the New York card game reads as a sentence (no raw key, no id)."""

from __future__ import annotations

from collections import Counter

from tests.helpers.nycards import GAME
from tests.helpers.playout import play, random_action

NAMES = ["Ann", "Bob"]


def test_every_event_of_whole_games_is_described() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(6):
        states: list[dict] = []
        play(
            GAME, 2, seed, random_action, check=lambda g, b, a, s, act, keep=states: keep.append(a)
        )
        for state in states:
            for event in GAME.view(state, None)["events"]:
                line = GAME.describe(event, NAMES, None)
                kinds[event["type"]] += 1
                assert line and "nycards." not in line, (event, line)
    assert {"took", "bought", "kept", "gifted", "scoring", "dirk_got", "game_over"} <= set(kinds)


def test_scoring_line_names_dirk_and_the_points() -> None:
    event = {
        "type": "scoring",
        "scoring": "B",
        "awards": [
            {"type": "skyscraper", "ranking": [{"seats": [0, 2], "count": 4, "points": 9}]},
            {"type": "park", "ranking": []},
        ],
        "points": [9, 0, 9],
    }
    line = GAME.describe(event, NAMES, None)
    assert line == "**Scoring B** — Skyscraper: Ann 9, Dirk 9"
