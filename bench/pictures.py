"""Picture speed and size per game: the public table and a private hand, rendered and encoded
as PNG, over states sampled from seeded random games (p50 / p99 wall time, p50 CPU time of the
drawing thread, which a busy machine disturbs less, and the largest file).

    python -m bench.pictures [--games 6]
"""

from __future__ import annotations

import argparse
import time

from bench.common import GAME_OPTIONS, load_line, percentile, playout, print_table, reference_ms
from games import RULES, presentation
from render.png import encode

EVERY = 7  # sample one state in EVERY


def measure(game_id: str, games: int) -> dict[str, tuple[list[float], int, list[float]]]:
    """{"table" | "hand": (seconds per picture, largest PNG in bytes, CPU seconds per
    picture)}."""
    game, ui = RULES[game_id], presentation(game_id)
    counts = range(game.info.min_players, game.info.max_players + 1)
    results: dict[str, tuple[list[float], int, list[float]]] = {
        "table": ([], 0, []),
        "hand": ([], 0, []),
    }
    for index in range(games):
        players = counts[index % len(counts)]
        names = [f"Player {n + 1}" for n in range(players)]
        for step, state in enumerate(playout(game, players, index, GAME_OPTIONS.get(game_id, {}))):
            if step % EVERY:
                continue
            for kind, seat in (("table", None), ("hand", step % players)):
                view = game.view(state, seat)
                start, cpu = time.perf_counter(), time.thread_time()
                image = (
                    ui.table_image(view, names, None)
                    if seat is None
                    else ui.hand_image(view, names, None)
                )
                data = encode(image)
                elapsed, cpu = time.perf_counter() - start, time.thread_time() - cpu
                times, largest, cpus = results[kind]
                times.append(elapsed)
                cpus.append(cpu)
                results[kind] = (times, max(largest, len(data)), cpus)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6, help="random games sampled per title")
    args = parser.parse_args()
    reference = reference_ms()
    rows = []
    for game_id in RULES:
        for kind, (times, largest, cpus) in measure(game_id, args.games).items():
            rows.append(
                (
                    game_id,
                    kind,
                    len(times),
                    f"{percentile(times, 0.5) * 1e3:.1f} ms",
                    f"{percentile(times, 0.99) * 1e3:.1f} ms",
                    f"{percentile(cpus, 0.5) * 1e3:.1f} ms",
                    f"{largest / 1024:.0f} KiB",
                )
            )
    print_table(
        f"Pictures (render + PNG encode; load {load_line()})",
        ("game", "picture", "samples", "p50", "p99", "CPU p50", "largest"),
        rows,
    )
    print(f"reference (one board-sized palette PNG): {reference:.2f} ms")


if __name__ == "__main__":
    main()
