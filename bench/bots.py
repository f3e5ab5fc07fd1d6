"""Bot strength: seeded tournaments per title between the levels (`rules.levels`).

For each title, at the largest player count it allows up to 4: one strong bot among standard
bots, and one standard bot among easy bots, the lone bot's seat rotating from game to game.
Prints each level's share of wins (a shared win split between the tied) and average score with
95 % confidence intervals, and one line per title:
`<game>: strong wins X% at P players (fair share F%), N games`.

    python -m bench.bots [--games 20] [--budget 200 | --seconds 2] [--game money]
                         [--table strong|standard]

`--budget` is the strong bot's iterations per decision (deterministic results), `--seconds` its
CPU seconds per decision instead (as in play; results then depend on the machine's speed);
`--table` plays only one of the two tournaments; games use the speed benchmark's options
(Money: one hand).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.common import GAME_OPTIONS, print_table
from games import RULES
from rules.contract import Game
from rules.level_play import level_action
from rules.search import Budget

MAX_ACTIONS = 20_000


@dataclass
class Tally:
    """Per level: win shares and scores over the games played."""

    wins: dict[str, list[float]] = field(default_factory=dict)
    scores: dict[str, list[float]] = field(default_factory=dict)

    def add(self, level: str, win: float, score: float) -> None:
        self.wins.setdefault(level, []).append(win)
        self.scores.setdefault(level, []).append(score)


def play_game(
    game: Game, levels: Sequence[str], seed: int, budget: Budget
) -> tuple[list[float], list[int]]:
    """One seeded game with a bot of `levels[s]` in every seat: (win share, score) per seat."""
    options = GAME_OPTIONS.get(game.info.id, {})
    state = game.new_game(len(levels), options, seed)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        action = level_action(
            game, levels[seat], game.view(state, seat), rng.getrandbits(62), budget
        )
        state = game.apply(state, seat, action)
    outcome = game.outcome(state)
    assert outcome is not None, "the game did not end"
    share = 1.0 / len(outcome.winners)
    wins = [share if s in outcome.winners else 0.0 for s in range(len(levels))]
    return wins, list(outcome.scores)


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half width of its 95 % confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def tournament(
    game: Game, lone: str, others: str, players: int, games: int, budget: Budget, seed: int
) -> Tally:
    """`games` games of one `lone` bot among `others` bots, its seat rotating."""
    tally = Tally()
    for n in range(games):
        seat = n % players
        levels = [others] * players
        levels[seat] = lone
        wins, scores = play_game(game, levels, seed + n, budget)
        for s in range(players):
            tally.add(lone if s == seat else others, wins[s], scores[s])
        lone_wins = sum(tally.wins[lone])
        print(
            f"{game.info.id} {lone} among {others}: game {n + 1}/{games}, {lone} won "
            f"{lone_wins:g} so far",
            file=sys.stderr,
            flush=True,
        )
    return tally


def rows_of(game_id: str, players: int, tally: Tally, label: str) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for level in tally.wins:
        win, win_ci = mean_ci(tally.wins[level])
        score, score_ci = mean_ci(tally.scores[level])
        rows.append(
            (
                game_id,
                str(players),
                label,
                level,
                f"{win * 100:.0f}% ± {win_ci * 100:.0f}",
                f"{score:.1f} ± {score_ci:.1f}",
            )
        )
    return rows


def main(argv: Sequence[str] | None = None) -> list[str]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per tournament")
    parser.add_argument("--budget", type=int, default=200, help="strong iterations per move")
    parser.add_argument("--seconds", type=float, help="strong CPU seconds per move instead")
    parser.add_argument("--table", choices=("strong", "standard"), help="only this tournament")
    parser.add_argument("--game", action="append", help="only these titles (repeatable)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    budget = Budget(seconds=args.seconds) if args.seconds else Budget(iterations=args.budget)
    thinking = f"{args.seconds} CPU s" if args.seconds else f"{args.budget} iterations"
    rows: list[tuple[str, ...]] = []
    lines = []
    for game_id in args.game or list(RULES):
        game = RULES[game_id]
        players = min(4, game.info.max_players)
        if args.table != "standard":
            strong = tournament(game, "strong", "standard", players, args.games, budget, args.seed)
            rows += rows_of(game_id, players, strong, "strong vs standard")
            share = statistics.fmean(strong.wins["strong"])
            lines.append(
                f"{game_id}: strong wins {share * 100:.0f}% at {players} players "
                f"(fair share {100 / players:.0f}%), {args.games} games"
            )
        if args.table != "strong":
            standard = tournament(game, "standard", "easy", players, args.games, budget, args.seed)
            rows += rows_of(game_id, players, standard, "standard vs easy")
            share = statistics.fmean(standard.wins["standard"])
            lines.append(
                f"{game_id}: standard among easy wins {share * 100:.0f}% at {players} players "
                f"(fair share {100 / players:.0f}%), {args.games} games"
            )
    print_table(
        f"Bot strength (strong: {thinking} per decision)",
        ("game", "players", "table", "level", "win share", "average score"),
        rows,
    )
    print()
    for line in lines:
        print(line)
    return lines


if __name__ == "__main__":
    main()
