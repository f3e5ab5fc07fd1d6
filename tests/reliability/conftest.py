"""Fixtures of the reliability tests: a fresh store, table service and fake bot per test; and
the figures the tests report, printed at the end of the run."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db.store import Store
from interface.components import install
from interface.press_handlers import PRESS_HANDLERS
from service.tables import Tables
from tests.reliability.fakes import FakeBot
from tests.reliability.figures import FIGURES


@pytest.fixture(autouse=True)
def press_handlers() -> None:
    """Components pressed here reach the production handlers, as `cogs.play` installs them."""
    install(PRESS_HANDLERS)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(str(tmp_path / "reliability.db"))
    yield opened
    await opened.close()


@pytest.fixture
def tables(store: Store) -> Tables:
    return Tables(store, new_seed=itertools.count(4_242).__next__)


@pytest.fixture
def bot(store: Store, tables: Tables) -> FakeBot:
    return FakeBot(store, tables)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the figures the reliability tests reported (see `figures.py`)."""
    if FIGURES:
        terminalreporter.section("reliability figures")
        for line in FIGURES:
            terminalreporter.write_line(line)
