"""The options of `/game new` as the autocomplete offers them: the tile game's short game is
labelled a house variant, not in the rulebook (issue 16, point 16); a choice still sends its
`name=value`."""

from __future__ import annotations

from games import rules_of
from interface.game_choices import option_choices


def test_the_tile_games_short_game_is_offered_as_a_house_variant() -> None:
    choices = {c.value: c.name for c in option_choices([rules_of("newyork")], "", "en")}
    assert set(choices) == {"length=full", "length=short"}
    assert "house variant, not in the rulebook" in choices["length=short"]
    assert "rulebook game" in choices["length=full"]
    assert "house variant" not in choices["length=full"]
    typed = option_choices([rules_of("newyork")], "short", "en")
    assert [c.value for c in typed] == ["length=short"]


def test_an_option_without_labels_is_shown_as_typed() -> None:
    money = rules_of("money")
    entries = [f"{o.name}={v}" for o in money.info.options for v in o.choices]
    choices = option_choices([money], "", "en")
    assert [(c.name, c.value) for c in choices] == [(e, e) for e in entries][: len(choices)]
