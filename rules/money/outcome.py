"""The result of a Money match (money.md, "The match")."""

from __future__ import annotations

from rules.base import top_seats
from rules.contract import Outcome, State


def hands_won(state: State) -> list[int]:
    """How many hands each seat won; a hand tied at the top counts for each tied seat (PROPOSED)."""
    won = [0] * state["players"]
    for result in state["results"]:
        for seat in result["winners"]:
            won[seat] += 1
    return won


def totals(state: State) -> list[int]:
    """Each seat's points summed over the finished hands."""
    return [sum(r["scores"][s] for r in state["results"]) for s in range(state["players"])]


def outcome(state: State) -> Outcome | None:
    """Winners once the match is over: most hands won, then highest total, then shared (PROPOSED);
    with the `total` option, highest total, then shared."""
    if state["phase"] != "over":
        return None
    won, total = hands_won(state), totals(state)
    key: list[tuple[int, ...]]
    if state["options"]["match"] == "total":
        key = [(t,) for t in total]
    else:
        key = list(zip(won, total, strict=True))
    winners = tuple(top_seats(key))
    reason = "single_hand" if len(state["results"]) == 1 else state["options"]["match"]
    return Outcome(reason=reason, scores=tuple(total), winners=winners, detail={"hands_won": won})
