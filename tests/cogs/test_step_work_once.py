"""A step's messages do its work once: the acting seat's legal choices are listed once for the
board and its panel together, and `t` remembers a text without mixing up parameters that
compare equal but read differently."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from games import rules_of
from i18n import add_catalog, remove_catalog, t
from interface import messages
from tests.cogs.test_board import played_records


async def test_a_step_lists_the_acting_seats_choices_once_for_board_and_panel(
    tmp_path: Path, monkeypatch
) -> None:
    steps = await played_records(tmp_path, 3, seed=4, max_steps=6)
    record = steps[-1].record
    assert record.status == "running" and list(record.waiting) == [0]
    game = rules_of(record.game)
    listed: list[int] = []
    original = type(game).choices

    def counting(self, state, seat):
        listed.append(seat)
        return original(self, state, seat)

    monkeypatch.setattr(type(game), "choices", counting)
    board = messages.board(record, "en")
    panel = messages.hand_panel(record, 0, "en")
    assert listed == [0], "listed once, for the board; the panel reuses it"
    # A record of the same step read again (a new object) is worked out again, and shows the same.
    again = replace(record)
    assert messages.board(again, "en").view.to_components() == board.view.to_components()
    assert messages.hand_panel(again, 0, "en").content == panel.content
    assert listed == [0, 0]


def test_t_tells_apart_parameters_that_compare_equal(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text(json.dumps({"test.step_work.n": "n={n}"}))
    add_catalog(tmp_path)
    try:
        # 1 == 1.0 == True, but a flag is not a number (and 1.0 is written as the locale does)
        assert [t("test.step_work.n", "en", n=v) for v in (True, 1, 1.0, True)] == [
            "n=True",
            "n=1",
            "n=1",
            "n=True",
        ]
        assert t("test.step_work.n", "en", n=[1]) == "n=[1]", "not remembered, still formatted"
    finally:
        remove_catalog(tmp_path)
    assert t("test.step_work.n", "en", n=1) == "test.step_work.n", "forgotten with its catalog"
