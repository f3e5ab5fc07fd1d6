"""A hand picture is named by the part of the seat's view it shows (`hand_picture_view`): drawn
from that part it is the same picture as from the whole view, and another seat's move that does
not change it leaves its name (so it is neither drawn nor sent again)."""

from __future__ import annotations

import itertools
import os

import pytest

from bench.common import GAME_OPTIONS, playout
from games import RULES, presentation
from interface.attachments import digest
from render.presentation import Presentation

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
STATES = int(os.environ.get("TAVOLO_HAND_VIEW_STATES", "6"))  # states compared per title


@pytest.mark.parametrize("game_id", sorted(RULES))
def test_the_hand_picture_from_its_part_of_the_view_is_the_same(game_id: str) -> None:
    game, ui = RULES[game_id], presentation(game_id)
    if type(ui).hand_picture_view is Presentation.hand_picture_view:
        pytest.skip("the whole view names the picture")
    players = min(4, game.info.max_players)
    states = list(playout(game, players, 11, GAME_OPTIONS.get(game_id, {})))
    step = max(1, len(states) // STATES)
    for state in states[::step][:STATES] + states[-1:]:
        for seat in range(players):
            own = game.view(state, seat)
            whole = ui.hand_image(own, NAMES[:players], "en")
            part = ui.hand_image(ui.hand_picture_view(own), NAMES[:players], "en")
            assert part.size == whole.size and part.tobytes() == whole.tobytes(), (game_id, seat)


def test_another_seats_move_that_leaves_a_hand_alone_leaves_its_name() -> None:
    """In Palazzo a seat's hand picture shows only its cards: after another seat's move that
    did not change them its picture keeps its name (the whole view's name would change)."""
    from functools import partial

    game, ui = RULES["palazzo"], presentation("palazzo")
    states = list(playout(game, 3, 5, {}))
    found = 0
    for before, after in itertools.pairwise(states):
        own, later = game.view(before, 0), game.view(after, 0)
        if own["hand"] != later["hand"] or own == later:
            continue
        shown = partial(ui.hand_image, ui.hand_picture_view(own), NAMES[:3], "en")
        again = partial(ui.hand_image, ui.hand_picture_view(later), NAMES[:3], "en")
        assert digest(shown) == digest(again)
        found += 1
    assert found, "some move of another seat left seat 0's cards alone"
