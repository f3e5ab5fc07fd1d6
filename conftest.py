"""Fixtures shared by every test directory: a temporary store, the table service on it with
seeded games, and a clock tests move by hand.

A module deals its own games by overriding `table_seed` (the first game's seed; each later
game takes the next) or `new_seed` (any seed source), and runs the service on the hand-moved
clock by overriding `table_clock` to return the `clock` fixture.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from db.store import Store
from service.tables import TableService
from service.timing import Clock, utc_now
from tests.helpers.clock import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    """A clock standing at `tests.helpers.clock.START` until the test advances it."""
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The file of the test's database (`store` opens it; a test may reopen it)."""
    return tmp_path / "tavolo.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    """A fresh store on `db_path`, closed after the test."""
    opened = await Store.open(str(db_path))
    yield opened
    await opened.close()


@pytest.fixture
def table_seed() -> int:
    """The seed of the first game `tables` deals (override it in a module for other games)."""
    return 4_242


@pytest.fixture
def new_seed(table_seed: int) -> Callable[[], int]:
    """The seed source of `tables`: `table_seed`, then one more for each further game."""
    return itertools.count(table_seed).__next__


@pytest.fixture
def table_clock() -> Clock:
    """The clock of `tables`: the real time (override it to return `clock` to move time)."""
    return utc_now


@pytest.fixture
def tables(store: Store, new_seed: Callable[[], int], table_clock: Clock) -> TableService:
    """The table service on `store`, dealing games from `new_seed`, timed by `table_clock`."""
    return TableService(store, new_seed=new_seed, clock=table_clock)
