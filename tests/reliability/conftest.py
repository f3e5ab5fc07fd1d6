"""Fixtures of the reliability tests: a fresh store, table service and fake bot per test; and
the figures the tests report, printed at the end of the run."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db.store import Store
from service.tables import TableService
from tests.reliability.fakes import FakeBot
from tests.reliability.figures import FIGURES


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(str(tmp_path / "reliability.db"))
    yield opened
    await opened.close()


@pytest.fixture
def tables(store: Store) -> TableService:
    return TableService(store, new_seed=itertools.count(4_242).__next__)


@pytest.fixture
def bot(store: Store, tables: TableService) -> FakeBot:
    return FakeBot(store, tables)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the figures the reliability tests reported (see `figures.py`)."""
    if FIGURES:
        terminalreporter.section("reliability figures")
        for line in FIGURES:
            terminalreporter.write_line(line)
