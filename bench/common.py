"""Shared pieces of the benchmarks: a seeded random mover, percentiles, and table printing."""

from __future__ import annotations

import io
import os
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from typing import Any

from rules.contract import Game, Pick, State

# Options that make one "game" of each title for the speed figures (Money: one hand).
GAME_OPTIONS: dict[str, dict[str, str]] = {
    "money": {"hands": "1"},
    "newyork": {"length": "full"},
    "nycards": {},
    "palazzo": {},
}


def random_action(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """A uniformly chosen legal move of `seat`, or a random allowed subset for a pick."""
    choices = game.choices(state, seat)
    options: list[str | Pick] = [*choices.moves, *choices.picks]
    chosen = rng.choice(options)
    if isinstance(chosen, str):
        return chosen
    if chosen.suggestions:  # not every subset is legal (e.g. a payment): play a listed one
        return chosen.action(rng.choice(chosen.suggestions))
    size = rng.randint(chosen.min, min(chosen.max, chosen.min + 3))
    return chosen.action(rng.sample(chosen.items, size))


def playout(game: Game, players: int, seed: int, options: dict[str, str]) -> Iterator[State]:
    """Every state of one seeded random game, the first to the last."""
    yield game.new_game(players, options, seed)
    for _, _, state in playout_steps(game, players, seed, options):
        yield state


def playout_steps(
    game: Game, players: int, seed: int, options: dict[str, str]
) -> Iterator[tuple[int, str, State]]:
    """(seat, action, state after it) for every action of the seeded random game `playout`
    plays."""
    rng = random.Random(seed)
    state = game.new_game(players, options, seed)
    while to_act := game.to_act(state):
        seat = to_act[rng.randrange(len(to_act))]
        action = random_action(game, state, seat, rng)
        state = game.apply(state, seat, action)
        yield seat, action, state


def played_log(
    game: Game, players: int, seed: int, options: dict[str, str]
) -> list[tuple[int, str]]:
    """The (seat, action) log of the seeded random game that `playout` plays."""
    return [(seat, action) for seat, action, _ in playout_steps(game, players, seed, options)]


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """A Markdown table, so the figures can be pasted into the README."""
    print(f"\n### {title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")


def load_line() -> str:
    """`uptime`'s load averages (1, 5, 15 minutes), printed beside every figure: the machine
    may be shared."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"


def reference_ms(repeats: int = 15) -> float:
    """The same-run reference: the median time (ms) to encode one board-sized picture as a
    palette PNG the plain Pillow way (an adaptive 128-colour palette, zlib level 3). It does not
    depend on the project's code, so figures divided by it compare across machines."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (1100, 800), (29, 90, 63))
    draw = ImageDraw.Draw(image)
    rng = random.Random(3)
    for _ in range(120):
        x, y = rng.randrange(1050), rng.randrange(760)
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        draw.rounded_rectangle((x, y, x + 48, y + 36), 6, fill=colour, outline=(246, 240, 223))
        draw.text((x + 4, y + 4), f"{rng.randrange(100)}", fill=(246, 240, 223))
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        palette = image.quantize(128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        palette.save(io.BytesIO(), "PNG", compress_level=3)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3
