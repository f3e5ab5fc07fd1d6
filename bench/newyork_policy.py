"""The tile game's policies without search: seeded games of one policy among three standard
bots at 4 players, the lone seat rotating as in `bench.bots` (seed S + n, seat n % 4, each
action's bot seed drawn the same way), played on the in-place simulator.

    python -m bench.newyork_policy [--games 400] [--seed 1000] [--policy keen|standard]

Prints the lone policy's share of wins (a shared win split) and average score with 95 %
intervals, and the standard bots' average score. Tuning `rules.newyork.keen` without search
takes a few minutes for hundreds of games; the same seeds with `--policy standard` give the
seat's baseline.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence

from bench.bots import mean_ci
from bench.common import GAME_OPTIONS
from rules.contract import View
from rules.newyork import bot as standard
from rules.newyork import keen, views
from rules.newyork.sim import SIM

PLAYERS = 4
MAX_ACTIONS = 20_000
POLICIES: dict[str, Callable[[View, int], str]] = {
    "keen": keen.keen_action,
    "standard": standard.bot_action,
}


def play(policy: Callable[[View, int], str], seat: int, seed: int) -> tuple[float, list[int]]:
    """One seeded game of `policy` in `seat` among standard bots: its win share, the scores."""
    sim = SIM.new(PLAYERS, GAME_OPTIONS["newyork"], seed)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        acting = sim.to_act()
        if not acting:
            break
        mover = acting[0]
        bot = policy if mover == seat else standard.bot_action
        text = bot(views.view(sim.state, mover), rng.getrandbits(62))
        sim.apply(mover, SIM.parse_move(text))
    result = SIM.outcome.outcome(sim.state)
    assert result is not None, "the game did not end"
    win = 1.0 / len(result.winners) if seat in result.winners else 0.0
    return win, list(result.scores)


def main(argv: Sequence[str] | None = None) -> tuple[float, float]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--policy", choices=sorted(POLICIES), default="keen")
    args = parser.parse_args(argv)
    policy = POLICIES[args.policy]
    wins: list[float] = []
    mine: list[float] = []
    others: list[float] = []
    for n in range(args.games):
        seat = n % PLAYERS
        win, scores = play(policy, seat, args.seed + n)
        wins.append(win)
        mine.append(scores[seat])
        others += [s for i, s in enumerate(scores) if i != seat]
        if (n + 1) % 50 == 0:
            print(f"{n + 1} games, {sum(wins):g} won", file=sys.stderr, flush=True)
    win, win_ci = mean_ci(wins)
    score, score_ci = mean_ci(mine)
    rest, rest_ci = mean_ci(others)
    print(
        f"newyork {args.policy} among standard: wins {win * 100:.1f}% ± {win_ci * 100:.1f}, "
        f"score {score:.1f} ± {score_ci:.1f} (standard {rest:.1f} ± {rest_ci:.1f}), "
        f"{args.games} games from seed {args.seed}"
    )
    return win, score


if __name__ == "__main__":
    main()
