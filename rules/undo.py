"""Which actions may be taken back (undo, on Board Game Arena's terms), shared by the games.

An action may be undone only if it revealed nothing: no random draw or shuffle (the state's
seeded `rng` is unchanged), no card or tile turned up from a hidden pile (the game's hidden
piles are unchanged), no secret shown (each game adds its own secrets, e.g. Money's bids), and
the game did not end. Each game's `undo` module names its hidden piles and secrets; the table
service then restores the state before the action by replaying the log without it.

Cards a player moves from their own hand to the table are not a reveal in this sense (PROPOSED,
as on Board Game Arena): the player knew them, and nobody else has acted since.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.contract import State


def reveals_nothing(before: State, after: State, hidden: Iterable[str]) -> bool:
    """Whether the step `before` → `after` drew nothing at random, left every hidden pile (the
    state keys `hidden`) as it was, and did not end the game."""
    if after.get("phase") == "over":
        return False
    if before.get("rng") != after.get("rng"):
        return False
    return all(before.get(key) == after.get(key) for key in hidden)
