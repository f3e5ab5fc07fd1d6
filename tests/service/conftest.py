"""Fixtures shared by the service tests: a hand-moved clock, a temporary store and the timer
service. Each test file makes its own `tables` (its own seed, with or without the clock), so
its games repeat exactly."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db.store import Store
from service.deadlines import Deadlines
from service.tables import TableService
from tests.helpers.clock import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "service.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(str(db_path))
    yield opened
    await opened.close()


@pytest.fixture
def timers(tables: TableService) -> Deadlines:
    return tables.deadlines
