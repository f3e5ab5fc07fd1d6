"""A smoke run of `bench.bots` (strength is measured by the benchmark, not here): it plays its
tournaments and ends with one summary line per title."""

from __future__ import annotations

import re

from bench.bots import main


def test_the_bots_benchmark_prints_a_summary_line_per_title(capsys) -> None:
    lines = main(["--games", "1", "--budget", "8", "--game", "money", "--game", "palazzo"])
    out = capsys.readouterr().out
    pattern = r"(money|palazzo): strong wins \d+% at [34] players \(fair share \d+%\), 1 games"
    assert [re.fullmatch(pattern, line) is not None for line in lines] == [True, True]
    assert lines[-1] in out and "| money | 4 | strong vs standard | strong |" in out
