"""The card game's keen policy alone (`rules.nycards.keen`, no search): one keen seat among
standard bots at 4 players, and the standard bot in the same seat of the same games.

    python -m bench.nycards_keen [--games 400] [--seed 5000] [--engine]

By default on the fast simulator (rivals: `rules.nycards.policy.standard_move`, the standard
bot's judgement; the lone seat rotates with the seed); `--engine` plays `bench.bots`' games
instead (the reference engine, the same seeds, seats and bot seeds as
`bench.bots --table strong --game nycards --seed S`), the lone seat deciding from its view.
Prints the win share (± 95 % interval) and average score of the lone seat for each policy.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

from bench.bots import mean_ci
from games import RULES
from rules.contract import View
from rules.nycards import keen, policy, strong
from rules.nycards.sim import NycardsSim, move_text

PLAYERS = 4
Lone = Callable[[NycardsSim, int, random.Random], int]


def sim_game(lone: Lone, seed: int) -> tuple[float, int]:
    """One simulator game, seat `seed % 4` played by `lone`: its win share and score."""
    sim = NycardsSim.new(PLAYERS, {}, seed)
    seat_of_lone = seed % PLAYERS
    rng = random.Random(seed)
    while not sim.over_:
        seat = sim.current
        mover = lone if seat == seat_of_lone else policy.standard_move
        sim.apply(seat, mover(sim, seat, rng))
    top = max(sim.points)
    mine = sim.points[seat_of_lone]
    return (1.0 / sim.points.count(top) if mine == top else 0.0), mine


def keen_action(view: View, seed: int) -> str:
    """The keen move from a seat's view (on a world drawn from it: the move reads only what
    the view shows)."""
    world = strong.determinize(view, random.Random(seed))
    return move_text(keen.keen_move(world, view["seat"]))


def engine_game(
    lone: Callable[[View, int], str], seed: int, seat_of_lone: int
) -> tuple[float, int]:
    """One reference game as `bench.bots` plays it, the lone seat played by `lone`."""
    game = RULES["nycards"]
    state = game.new_game(PLAYERS, {}, seed)
    rng = random.Random(seed)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        bot_seed = rng.getrandbits(62)
        action = lone(view, bot_seed) if seat == seat_of_lone else game.bot_action(view, bot_seed)
        state = game.apply(state, seat, action)
    outcome = game.outcome(state)
    assert outcome is not None
    won = 1.0 / len(outcome.winners) if seat_of_lone in outcome.winners else 0.0
    return won, outcome.scores[seat_of_lone]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--engine", action="store_true", help="bench.bots' games instead")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    for name in ("keen", "standard"):
        if args.engine:
            bot = keen_action if name == "keen" else RULES["nycards"].bot_action
            results = [engine_game(bot, s, n % PLAYERS) for n, s in enumerate(seeds)]
        else:
            mover: Lone = keen.keen_move if name == "keen" else policy.standard_move
            results = [sim_game(mover, s) for s in seeds]
        win, win_ci = mean_ci([w for w, _ in results])
        score, score_ci = mean_ci([float(p) for _, p in results])
        where = "engine" if args.engine else "simulator"
        print(
            f"nycards {name} among standard ({where}): wins {win * 100:.0f}% ± {win_ci * 100:.0f}"
            f", score {score:.1f} ± {score_ci:.1f}, {args.games} games from seed {args.seed}"
        )


if __name__ == "__main__":
    main()
