"""Picture speed and size per game: the public table and a private hand, rendered and encoded
as PNG, over states sampled from seeded random games (p50 / p99 wall time, p50 / p99 CPU time
of the drawing thread, which a busy machine disturbs less, and the largest file).

Every sampled picture is drawn once before the measured pass, as the long-lived picture
workers have their per-process caches warm (card faces, tiles, legends: `render.sprites`);
`--cold` measures the first drawing instead.

    python -m bench.pictures [--games 6] [--cold]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from PIL.Image import Image

from bench.common import GAME_OPTIONS, load_line, percentile, playout, print_table, reference_ms
from games import RULES, presentation
from render.png import encode

EVERY = 7  # sample one state in EVERY


def samples(game_id: str, games: int) -> list[tuple[str, dict[str, Any], list[str]]]:
    """("table" | "hand", view, names) for one state in EVERY of `games` seeded random games."""
    game = RULES[game_id]
    counts = range(game.info.min_players, game.info.max_players + 1)
    out = []
    for index in range(games):
        players = counts[index % len(counts)]
        names = [f"Player {n + 1}" for n in range(players)]
        for step, state in enumerate(playout(game, players, index, GAME_OPTIONS.get(game_id, {}))):
            if step % EVERY:
                continue
            for kind, seat in (("table", None), ("hand", step % players)):
                out.append((kind, game.view(state, seat), names))
    return out


def measure(
    game_id: str, games: int, warm: bool = True
) -> dict[str, tuple[list[float], int, list[float]]]:
    """{"table" | "hand": (seconds per picture, largest PNG in bytes, CPU seconds per
    picture)}; with `warm`, every picture is drawn once before it is measured."""
    ui = presentation(game_id)
    results: dict[str, tuple[list[float], int, list[float]]] = {
        "table": ([], 0, []),
        "hand": ([], 0, []),
    }
    sampled = samples(game_id, games)

    def draw(kind: str, view: dict[str, Any], names: list[str]) -> Image:
        if kind == "table":
            return ui.table_image(view, names, None)
        return ui.hand_image(view, names, None)

    if warm:
        for kind, view, names in sampled:
            encode(draw(kind, view, names))
    for kind, view, names in sampled:
        start, cpu = time.perf_counter(), time.thread_time()
        data = encode(draw(kind, view, names))
        elapsed, cpu = time.perf_counter() - start, time.thread_time() - cpu
        times, largest, cpus = results[kind]
        times.append(elapsed)
        cpus.append(cpu)
        results[kind] = (times, max(largest, len(data)), cpus)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6, help="random games sampled per title")
    parser.add_argument("--cold", action="store_true", help="measure each picture's first drawing")
    args = parser.parse_args()
    reference = reference_ms()
    rows = []
    for game_id in RULES:
        for kind, (times, largest, cpus) in measure(game_id, args.games, not args.cold).items():
            rows.append(
                (
                    game_id,
                    kind,
                    len(times),
                    f"{percentile(times, 0.5) * 1e3:.1f} ms",
                    f"{percentile(times, 0.99) * 1e3:.1f} ms",
                    f"{percentile(cpus, 0.5) * 1e3:.1f} ms",
                    f"{percentile(cpus, 0.99) * 1e3:.1f} ms",
                    f"{largest / 1024:.0f} KiB",
                )
            )
    print_table(
        f"Pictures (render + PNG encode, {'cold' if args.cold else 'warm'}; load {load_line()})",
        ("game", "picture", "samples", "p50", "p99", "CPU p50", "CPU p99", "largest"),
        rows,
    )
    print(f"reference (one board-sized palette PNG): {reference:.2f} ms")


if __name__ == "__main__":
    main()
