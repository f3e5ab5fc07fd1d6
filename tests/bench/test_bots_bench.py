"""A smoke run of `bench.bots` (strength is measured by the benchmark, not here): it plays its
tournaments and ends with one summary line per title."""

from __future__ import annotations

import re

from bench.bots import main


def test_the_bots_benchmark_prints_a_summary_line_per_title(capsys) -> None:
    lines = main(["--games", "1", "--budget", "8", "--game", "money", "--game", "nycards"])
    out = capsys.readouterr().out
    pattern = (
        r"(money|nycards): (strong|standard among easy) wins \d+% at [34] players "
        r"\(fair share \d+%\), 1 games"
    )
    assert [re.fullmatch(pattern, line) is not None for line in lines] == [True] * 4
    assert [line.split(":")[0] for line in lines] == ["money"] * 2 + ["nycards"] * 2
    assert lines[-1] in out and "| money | 4 | strong vs standard | strong |" in out
