"""The tile game's simulator for search: its engine run in place with int moves (`rules.inplace`).

A first step: the engine's own `play` and `choices` on one state changed in place (no copy, no
text parsing after an action's first sight). A simulator of its own, like Money's, is left to do.
"""

from __future__ import annotations

from rules.inplace import EngineSim
from rules.newyork import actions, engine, outcome

SIM = EngineSim(actions, engine, outcome)
