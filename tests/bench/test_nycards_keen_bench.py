"""A smoke run of `bench.nycards_keen` (the keen policy's strength is measured by the
benchmark, not here): on the simulator and on the engine it prints one line for the keen
policy and one for the standard bot in the same seat."""

from __future__ import annotations

import re

import pytest

from bench.nycards_keen import main


@pytest.mark.parametrize("where", ["simulator", "engine"])
def test_the_keen_benchmark_prints_the_keen_and_the_standard_line(
    capsys: pytest.CaptureFixture[str], where: str
) -> None:
    main(["--games", "2", "--seed", "7", *(["--engine"] if where == "engine" else [])])
    lines = capsys.readouterr().out.splitlines()
    pattern = (
        rf"nycards (keen|standard) among standard \({where}\): wins \d+% ± (\d+|nan), "
        r"score [\d.]+ ± ([\d.]+|nan), 2 games from seed 7"
    )
    assert [re.fullmatch(pattern, line) is not None for line in lines] == [True, True]
    assert [line.split()[1] for line in lines] == ["keen", "standard"]
