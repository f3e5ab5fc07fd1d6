"""The result of a New York card game (nycards.md "End of game")."""

from __future__ import annotations

from rules.base import top_seats
from rules.contract import Outcome, State


def outcome(state: State) -> Outcome | None:
    """Once over: every seat's points; the most points win, tied players share the victory.
    Dirk's points are in `detail` and he never wins (PROPOSED)."""
    if state["phase"] != "over":
        return None
    scores = tuple(state["scores"])
    winners = tuple(top_seats(scores))
    detail = {"dirk_score": state["dirk_score"]} if state["dirk"] else {}
    return Outcome(reason="yard_empty", scores=scores, winners=winners, detail=detail)
