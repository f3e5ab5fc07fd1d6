"""Fixtures of the service tests beyond the shared ones (root `conftest.py`: `clock`,
`db_path`, `store`, `tables`): the timer service. Each test file deals its own games (its own
`table_seed`, and the hand-moved clock where it needs one), so its games repeat exactly."""

from __future__ import annotations

import pytest

from service.tables import Tables
from service.timers import TimerService


@pytest.fixture
def timers(tables: Tables) -> TimerService:
    return TimerService(tables)
