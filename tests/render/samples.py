"""Seeded Money games played by the real rules and bots, stopped at each phase worth drawing."""

from __future__ import annotations

from functools import cache
from typing import Any

from games import rules_of

NAMES = ["Alice", "Bartholomew-Maximilian the Third", "Chiara", "Dmitri", "Eun-ji"]
PHASES = ("bid", "exchange", "final", "scored", "over")


def _phase_of(view: dict[str, Any]) -> str | None:
    """Which sample phase a public view shows, if any."""
    if view["phase"] == "over":
        return "over"
    if view["phase"] == "bid" and view["results"] and view["round"] == 1:
        return "scored"
    if view["phase"] == "bid" and any(s["bid_placed"] for s in view["seats"]):
        return "bid"
    if view["phase"] == "exchange" and view["final_round"]:
        return "final"
    if view["phase"] == "exchange" and any(s["acted"] for s in view["seats"]):
        return "exchange"
    return None


@cache
def sample_states(players: int, seed: int, hands: str = "3") -> dict[str, dict[str, Any]]:
    """The first state of each phase in PHASES from one seeded match between bots."""
    game = rules_of("money")
    state = game.new_game(players, {"hands": hands}, seed)
    found: dict[str, dict[str, Any]] = {}
    step = 0
    while game.to_act(state):
        seat = game.to_act(state)[-1]
        action = game.bot_action(game.view(state, seat), seed * 10_000 + step)
        state = game.apply(state, seat, action)
        step += 1
        phase = _phase_of(game.view(state, None))
        if phase and phase not in found:
            found[phase] = state
    return found
