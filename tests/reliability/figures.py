"""The figures the reliability tests measure (kills, acknowledged and lost actions, games
checked per title and the time it took, ...): each test `report`s its own, and
`conftest.pytest_terminal_summary` prints them all at the end of the run, whatever the output
options (no `-s` needed), so CI logs show them."""

from __future__ import annotations

FIGURES: list[str] = []


def report(line: str) -> None:
    """Keep one line of figures for the end of the run."""
    FIGURES.append(line)
