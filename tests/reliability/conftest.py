"""Fixtures of the reliability tests beyond the shared ones (root `conftest.py`: a fresh
`store` and `tables` per test): the fake bot, pictures recorded instead of drawn, and the
figures the tests report, printed at the end of the run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from db.store import Store
from fakediscord.inprocess import FakeBot
from interface.components import install
from interface.press_handlers import PRESS_HANDLERS
from service.tables import TableService
from tests.reliability.driving import GAME_IDS
from tests.reliability.figures import FIGURES
from tests.reliability.leaks import PictureRecorder, recorded_pictures


@pytest.fixture(autouse=True)
def press_handlers() -> None:
    """Components pressed here reach the production handlers, as `cogs.play` installs them."""
    install(PRESS_HANDLERS)


@pytest.fixture
def bot(store: Store, tables: TableService) -> Iterator[FakeBot]:
    """A fake bot over the loopback Discord's model; fails the test at teardown if it sent a
    body Discord would refuse."""
    fake_bot = FakeBot(store, tables)
    yield fake_bot
    fake_bot.discord.fake.assert_no_failures()


@pytest.fixture
def no_pictures() -> Iterator[PictureRecorder]:
    """Pictures are not what a test using this is about: their inputs are recorded instead of
    drawn (for the first game's UI, as the modules using it play that game)."""
    with recorded_pictures(GAME_IDS[0]) as recorder:
        yield recorder


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the figures the reliability tests reported (see `figures.py`)."""
    if FIGURES:
        terminalreporter.section("reliability figures")
        for line in FIGURES:
            terminalreporter.write_line(line)
