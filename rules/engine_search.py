"""A `rules.search.Searcher` for a game whose simulator runs its engine in place
(`rules.inplace.EngineSim`: Palazzo, the tile game), from a title's own world drawing.

A title gives `draw_state(view, rng)`: a full reference state consistent with the seat's view
(what it cannot see drawn at random, sizes kept); `view_of(state, seat)` and `bot(view, seed)`:
its views and standard bot. The searcher then offers:
- root candidates: the standard bot's move first, then the engine's listed moves and its picks'
  suggestions (a pick without suggestions and with few subsets, e.g. Palazzo's money picks: all
  of them), at most `max_candidates`; they depend only on the seat's hand and what is public.
  A title may name its own instead (`root_moves(view, seed)`, its preferred move first: the
  tile game's, whose engine lists every single-card take before any purchase);
- playouts: every seat plays its standard bot on its own view of the drawn world (each seat
  decides from its view, so no playout seat peeks either), a random move now and then; the
  searching seat plays `own_bot` instead where a title gives one (the policy its root moves
  start from: the search judges a move by how the seat itself would go on);
- the reward at the end of the game: a win (shared on a tie) plus a little for the margin over
  the best rival.
The easy level plays the standard move most of the time and otherwise a random legal one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from math import comb

from rules.base import APPLIED_KEY
from rules.contract import State, View
from rules.inplace import EngineSim, InPlaceSim
from rules.search import SWITCH_AT

MAX_TABLE = 200_000  # moves a game's table may hold before a new search starts it afresh
MAX_PICK_SUBSETS = 15  # a pick without suggestions is listed whole when it has at most these
EASY_STANDARD_SHARE = 0.6  # the easy bot's share of standard moves (the rest random)


class EngineSearcher:
    """The search's plug-in for an engine run in place (see the module)."""

    def __init__(
        self,
        sim: EngineSim,
        draw_state: Callable[[View, random.Random], State],
        view_of: Callable[[State, int], View],
        bot: Callable[[View, int], str],
        *,
        max_candidates: int = 6,
        random_share: float = 0.05,
        margin_weight: float = 1 / 40,
        root_moves: Callable[[View, int], list[str]] | None = None,
        own_bot: Callable[[View, int], str] | None = None,
        switch_at: float = SWITCH_AT,
    ) -> None:
        self.sim = sim
        self.draw_state = draw_state
        self.view_of = view_of
        self.bot = bot
        self.max_candidates = max_candidates
        self.random_share = random_share
        self.margin_weight = margin_weight
        self.root_moves = root_moves
        self.own_bot = own_bot
        self.switch_at = switch_at  # standard errors a move needs over the first one to replace it
        self.seat = -1  # the searching seat (set by `determinize`: every world is its view's)

    def determinize(self, view: View, rng: random.Random) -> InPlaceSim:
        """A simulator of a world drawn consistently with `view` (its own generator drawn too)."""
        self.seat = view["seat"]
        state = self.draw_state(view, rng)
        state["rng"] = rng.getrandbits(64)
        state["events"] = []
        state[APPLIED_KEY] = 0
        return self.sim.kind(self.sim.engine, self.sim.outcome, self.sim.table, state)

    def listed_moves(self, sim: InPlaceSim, seat: int) -> list[int]:
        """The engine's moves, its picks' suggestions, and every subset of a small pick."""
        choices = sim.engine.choices(sim.state, seat)
        intern = sim.table.intern
        moves = [intern(m) for m in choices.moves]
        for pick in choices.picks:
            if pick.suggestions:
                moves += [intern(pick.action(s)) for s in pick.suggestions]
            elif pick.min == pick.max and comb(len(pick.items), pick.min) <= MAX_PICK_SUBSETS:
                moves += [intern(pick.action(c)) for c in combinations(pick.items, pick.min)]
        return moves

    def candidates(self, view: View, sim: InPlaceSim, seed: int) -> list[int]:
        """The standard move first, then the listed moves in the engine's order (capped). Asked
        once at a search's start, before any move is held: a table grown too large (a worker
        searching for days) is started afresh here."""
        if len(sim.table.texts) > MAX_TABLE:
            sim.table.clear()
        if self.root_moves is not None:
            return [sim.table.intern(m) for m in self.root_moves(view, seed)][: self.max_candidates]
        first = sim.table.intern(self.bot(view, seed))
        found = [first]
        for move in self.listed_moves(sim, view["seat"]):
            if move not in found:
                found.append(move)
        return found[: self.max_candidates]

    def playout_move(self, sim: InPlaceSim, seat: int, rng: random.Random) -> int:
        """The standard bot's move on the seat's view of the world; now and then a random one."""
        if self.random_share and rng.random() < self.random_share:
            return sim.random_move(seat, rng)
        bot = self.own_bot if self.own_bot is not None and seat == self.seat else self.bot
        return sim.table.intern(bot(self.view_of(sim.state, seat), rng.getrandbits(32)))

    def easy_move(self, sim: InPlaceSim, seat: int, rng: random.Random) -> int:
        """The easy bot: the standard move or (the rest of the time) a random legal one."""
        if rng.random() < EASY_STANDARD_SHARE:
            return sim.table.intern(self.bot(self.view_of(sim.state, seat), rng.getrandbits(32)))
        return sim.random_move(seat, rng)

    def finished(self, sim: InPlaceSim, view: View) -> bool:
        """Playouts run to the end of the game."""
        return sim.over

    def reward(self, sim: InPlaceSim, seat: int, view: View) -> float:
        """A win (shared on a tie) 0.8, plus 0.2 for the margin over the best rival."""
        result = sim.outcome.outcome(sim.state)
        if result is None:
            return 0.5
        scores = list(result.scores)
        mine = scores[seat]
        best_other = max(v for s, v in enumerate(scores) if s != seat)
        winners = result.winners
        win = 1.0 / len(winners) if seat in winners else 0.0
        margin = min(1.0, max(0.0, 0.5 + self.margin_weight * (mine - best_other)))
        return float(0.8 * win + 0.2 * margin)

    def move_text(self, move: int) -> str:
        """The reference action text of a move."""
        return self.sim.table.texts[move]
