"""Every registered game's pictures are readable on a phone (issue 15): drawn from seeded
bot-played states at the fewest and the most players, the table (with the last move), each
seat's hand, the final sheet and, for a game that draws each scoring, a scoring picture show no
text under 9 px when the picture is displayed 400 px wide (`render.draw.recording_text`)."""

from __future__ import annotations

from typing import Any

import pytest

from games import GameEntry, all_entries
from render.draw import recording_text
from tests.helpers.playout import bot_action, play
from tests.helpers.text_sizes import MIN_PX, below

NAMES = ["Alice", "Bartholomew-Maximilian the Third", "Chiara", "Dmitri", "Eun-ji", "Fay"]

PENDING: dict[str, str] = {}  # games whose phone-first redesign is still under way


def _cases() -> list[Any]:
    cases = []
    for entry in all_entries():
        info = entry.rules.info
        for players in sorted({info.min_players, info.max_players}):
            marks = []
            if entry.rules.info.id in PENDING:
                reason = PENDING[entry.rules.info.id]
                marks.append(pytest.mark.xfail(strict=False, reason=reason))
            cases.append(pytest.param(entry, players, id=f"{info.id}-{players}", marks=marks))
    return cases


def _moments(entry: GameEntry, players: int, seed: int) -> tuple[list[tuple[Any, list]], list]:
    """A few states of one seeded bot game (start, a quarter, the middle, near the end, the
    end), each with the public events of the move that made it; and every scoring event."""
    game = entry.rules
    steps: list[tuple[Any, list]] = []
    play(
        game,
        players,
        seed,
        bot_action,
        check=lambda g, b, a, s, act: steps.append((a, list(g.view(a, None)["events"]))),
    )
    n = len(steps)
    scorings = [e for _, events in steps for e in events if e.get("scored")]
    return [steps[i] for i in sorted({0, n // 4, n // 2, n - 2, n - 1})], scorings


@pytest.mark.parametrize(("entry", "players"), _cases())
def test_no_text_under_9_px_on_a_phone(entry: GameEntry, players: int) -> None:
    game, ui = entry.rules, entry.presentation
    names = NAMES[:players]
    moments, scorings = _moments(entry, players, 300 + players)
    with recording_text() as drawn:
        for state, last in moments:
            public = game.view(state, None)
            ui.table_image(public, names, None, last)
            for seat in range(players):
                ui.hand_image(game.view(state, seat), names, None)
            ui.final_image(public, names, None)
        if ui.draws_each_scoring and scorings:
            final = game.view(moments[-1][0], None)
            ui.scoring_image(final, scorings[0], names, None)
    assert drawn, "every picture's words go through render.draw.put_text"
    small = below(drawn, MIN_PX)
    assert small == [], f"{len(small)} texts under {MIN_PX} px at 400 px: {sorted(set(small))[:8]}"
