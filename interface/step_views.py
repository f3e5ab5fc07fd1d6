"""A game step's views and legal choices, each worked out once however many messages show it.

One delivery builds the board (public view, the acting seat's moves) and each changed seat's
panel (that seat's view and moves) from the same stored record. `view_of(record, seat)` and
`choices_of(record, seat)` ask the rules the first time and remember the answer for that
record object (the latest RECORDS records): the public view and a seat's legal moves are
computed once per step, not once per message. A record is never changed in place (a new
version is a new record), so a remembered answer cannot go stale; callers only read them.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from db.records import GameRecord
from games import rules_of
from rules.contract import Choices

RECORDS = 64  # records whose views and choices are remembered (the latest)

_known: OrderedDict[int, tuple[GameRecord, dict[tuple[str, int | None], Any]]] = OrderedDict()


def _answers(record: GameRecord) -> dict[tuple[str, int | None], Any]:
    entry = _known.get(id(record))
    if entry is None or entry[0] is not record:  # an id is reused only once its record is gone
        entry = _known[id(record)] = (record, {})
        while len(_known) > RECORDS:
            _known.popitem(last=False)
    else:
        _known.move_to_end(id(record))
    return entry[1]


def view_of(record: GameRecord, seat: int | None) -> dict[str, Any]:
    """The rules' view of the record's state for `seat` (None: the public view)."""
    answers = _answers(record)
    key = ("view", seat)
    if key not in answers:
        assert record.state is not None
        answers[key] = rules_of(record.game).view(record.state, seat)
    view: dict[str, Any] = answers[key]
    return view


def choices_of(record: GameRecord, seat: int) -> Choices:
    """The rules' legal choices of `seat` in the record's state."""
    answers = _answers(record)
    key = ("choices", seat)
    if key not in answers:
        assert record.state is not None
        answers[key] = rules_of(record.game).choices(record.state, seat)
    choices: Choices = answers[key]
    return choices
