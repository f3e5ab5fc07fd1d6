"""The result of a Palazzo game (palazzo.md, "End and scoring")."""

from __future__ import annotations

from rules.contract import Outcome, State


def outcome(state: State) -> Outcome | None:
    """Once the fifth knight is drawn: most points wins; a tie goes to the tied player whose hand
    is worth most as one legal payment; still tied shares the win (PROPOSED)."""
    result = state["result"]
    if state["phase"] != "over" or result is None:
        return None
    scores, winners = result["scores"], result["winners"]
    tied = [s for s in range(state["players"]) if scores[s] == max(scores)]
    reason = "money_tiebreak" if len(tied) > len(winners) else "points"
    return Outcome(
        reason=reason,
        scores=tuple(scores),
        winners=tuple(winners),
        detail={"money": list(result["money"])},
    )
