"""Pictures in Italian and Dutch (issue 17): the same seeded states drawn in each language cut
no more words than in English (a text too long for its place is shortened with "…"), and every
text stays readable on a phone (no text under 9 px at 400 px)."""

from __future__ import annotations

from typing import Any

import pytest

from games import GameEntry, all_entries
from render.draw import recording_text
from tests.helpers.text_sizes import MIN_PX, below
from tests.render.test_text_sizes import _moments

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Fe"]  # short names: only the game's words may be cut
LANGUAGES = ("it", "nl")


def drawn_words(entry: GameEntry, players: int, locale: str) -> list[Any]:
    """Every text drawn for the tables, hands, final and a scoring picture of one seeded game."""
    game, ui = entry.rules, entry.presentation
    names = NAMES[:players]
    moments, scorings = _moments(entry, players, 500 + players)
    with recording_text() as drawn:
        for state, last in moments:
            public = game.view(state, None)
            ui.table_image(public, names, locale, last)
            for seat in range(players):
                ui.hand_image(game.view(state, seat), names, locale)
            ui.final_image(public, names, locale)
        if ui.draws_each_scoring and scorings:
            ui.scoring_image(game.view(moments[-1][0], None), scorings[0], names, locale)
    return list(drawn)


def _cases() -> list[Any]:
    return [
        pytest.param(entry, language, id=f"{entry.rules.info.id}-{language}")
        for entry in all_entries()
        for language in LANGUAGES
    ]


@pytest.mark.parametrize(("entry", "language"), _cases())
def test_a_translated_picture_cuts_no_more_words_than_the_english(
    entry: GameEntry, language: str
) -> None:
    players = max(3, entry.rules.info.min_players)
    english = [d.words for d in drawn_words(entry, players, "en") if d.words.endswith("…")]
    translated = drawn_words(entry, players, language)
    cut = [d.words for d in translated if d.words.endswith("…")]
    assert len(cut) <= len(english), f"cut in {language}: {sorted(set(cut))[:10]}"
    small = below(translated, MIN_PX)
    assert small == [], f"{len(small)} texts under {MIN_PX} px: {sorted(set(small))[:8]}"
