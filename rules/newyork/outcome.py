"""The result of a New York game: most points wins; ties share (Dirk never wins)."""

from __future__ import annotations

from rules.base import top_seats
from rules.contract import Outcome, State


def outcome(state: State) -> Outcome | None:
    """Final scores and winners once the game is over, else None."""
    if state["phase"] != "over":
        return None
    scores = tuple(state["scores"])
    winners = tuple(top_seats(scores))
    detail = {"dirk": state["dirk_score"]} if state["dirk"] else {}
    return Outcome(reason="bag_empty", scores=scores, winners=winners, detail=detail)
