"""Rules speed per game on one core: random full games per CPU second (CPU time, not wall
time: the machine is shared), and how long listing a seat's legal choices takes in reachable
states (p50 / p99).

Beside the random games, the replay of the same games' action logs with `apply` alone (no
choices listed, no mover): the floor of any playout through the contract, since every action of
a game must at least be parsed, checked and applied to a copy of the state.

Beside them, the fast simulators' random games per second (`rules/<game>/sim.py`, moves drawn
by the simulator's own `random_move`, a sampling policy of its own: µs per action compares it
with the reference), and with `--check` the differential check of every
simulator against its reference engine on 1,000 seeded random games (`bench.sim_check`).

    python -m bench.rules_speed [--seconds 3] [--repeats 3] [--check [--check-games 1000]]
"""

from __future__ import annotations

import argparse
import gc
import random
import time

from bench.common import GAME_OPTIONS, median, percentile, played_log, playout, print_table
from bench.sim_check import check_games
from games import RULES
from rules.sims import SIMS

CLOCK = time.process_time  # CPU seconds: the machine is shared, its load must not count


def games_per_second(game_id: str, seconds: float, first_seed: int = 0) -> tuple[float, float]:
    """(games/s, actions/s) of random games cycling through the player counts, seeded from
    `first_seed` on (each run plays new games, so no cache inside the rules is warmed by a
    previous run's identical games)."""
    game = RULES[game_id]
    counts = range(game.info.min_players, game.info.max_players + 1)
    options = GAME_OPTIONS.get(game_id, {})
    games = actions = 0
    start = CLOCK()
    while (elapsed := CLOCK() - start) < seconds:
        players = counts[games % len(counts)]
        for _ in playout(game, players, first_seed + games, options):
            actions += 1
        games += 1
    return games / elapsed, actions / elapsed


def sim_games_per_second(game_id: str, seconds: float, first_seed: int = 0) -> tuple[float, float]:
    """(random full games per second, µs per action) in the game's fast simulator (player
    counts cycled; its own random policy, so its games may be shorter or longer than the
    reference's random games: µs per action compares the two)."""
    module = SIMS[game_id]
    info = RULES[game_id].info
    counts = range(info.min_players, info.max_players + 1)
    options = GAME_OPTIONS.get(game_id, {})
    games = actions = 0
    start = CLOCK()
    while (elapsed := CLOCK() - start) < seconds:
        seed = first_seed + games
        sim = module.new(counts[games % len(counts)], dict(options), seed)
        rng = random.Random(seed)
        while to_act := sim.to_act():
            seat = to_act[rng.randrange(len(to_act))] if len(to_act) > 1 else to_act[0]
            sim.apply(seat, sim.random_move(seat, rng))
            actions += 1
        games += 1
    return games / elapsed, elapsed / max(actions, 1) * 1e6


def replay_floor(game_id: str, games: int = 30, first_seed: int = 0) -> tuple[float, float]:
    """(games/s, µs per action) of replaying recorded random games with `apply` only."""
    game = RULES[game_id]
    counts = range(game.info.min_players, game.info.max_players + 1)
    options = GAME_OPTIONS.get(game_id, {})
    logs = [
        (players, seed, played_log(game, players, seed, options))
        for players, seed in ((counts[n % len(counts)], first_seed + n) for n in range(games))
    ]
    actions = sum(len(log) for _, _, log in logs)
    start = CLOCK()
    for players, seed, log in logs:
        state = game.new_game(players, options, seed)
        for seat, action in log:
            state = game.apply(state, seat, action)
    elapsed = CLOCK() - start
    return games / elapsed, elapsed / actions * 1e6


def choice_latencies(game_id: str, games: int = 40) -> list[float]:
    """Seconds taken by `choices(state, seat)` for every acting seat of sampled states."""
    game = RULES[game_id]
    options = GAME_OPTIONS.get(game_id, {})
    samples = []
    counts = range(game.info.min_players, game.info.max_players + 1)
    for index in range(games):
        for state in playout(game, counts[index % len(counts)], 10_000 + index, options):
            for seat in game.to_act(state):
                start = CLOCK()
                game.choices(state, seat)
                samples.append(CLOCK() - start)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per run")
    parser.add_argument("--repeats", type=int, default=3, help="runs per game (median taken)")
    parser.add_argument("--check", action="store_true", help="run the differential checks")
    parser.add_argument("--check-games", type=int, default=1_000, help="games per title checked")
    args = parser.parse_args()
    if args.check:
        for game_id in SIMS:
            start = CLOCK()
            actions = check_games(game_id, args.check_games)
            print(
                f"{game_id}: simulator and reference agree on {args.check_games:,} seeded games "
                f"({actions:,} actions, {CLOCK() - start:.0f} s)"
            )
    rows = []
    for game_id in RULES:
        runs = [
            games_per_second(game_id, args.seconds, first_seed=run * 1_000_000)
            for run in range(args.repeats)
        ]
        latencies = choice_latencies(game_id)
        floors = [replay_floor(game_id, first_seed=run * 1_000_000) for run in range(args.repeats)]
        sim = "—"
        if game_id in SIMS:
            gc.disable()  # as during a search
            sims = [
                sim_games_per_second(game_id, args.seconds, first_seed=run * 1_000_000)
                for run in range(args.repeats)
            ]
            gc.enable()
            games = median([g for g, _ in sims])
            reference = median([r[0] for r in runs])
            per_action = median([a for _, a in sims])
            sim = f"{games:,.0f} ({games / reference:.1f}×), {per_action:.1f} µs/action"
        rows.append(
            (
                game_id,
                f"{median([r[0] for r in runs]):,.0f}",
                f"{median([r[1] for r in runs]):,.0f}",
                f"{median([f[0] for f in floors]):,.0f}",
                f"{median([f[1] for f in floors]):.1f} µs",
                f"{percentile(latencies, 0.5) * 1e6:.0f} µs",
                f"{percentile(latencies, 0.99) * 1e6:.0f} µs",
                sim,
            )
        )
    print_table(
        "Rules speed (per CPU second of one core, random games)",
        (
            "game",
            "games/s",
            "actions/s",
            "replay games/s (apply only)",
            "apply per action",
            "choices p50",
            "choices p99",
            "simulator games/s",
        ),
        rows,
    )


if __name__ == "__main__":
    main()
