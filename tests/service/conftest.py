"""Fixtures of the service tests beyond the shared ones (root `conftest.py`: `clock`,
`db_path`, `store`, `tables`): the deadlines part of the service. Each test file deals its own
games (its own `table_seed`, and the hand-moved clock where it needs one), so its games repeat
exactly."""

from __future__ import annotations

import pytest

from service.deadlines import Deadlines
from service.tables import TableService


@pytest.fixture
def deadlines(tables: TableService) -> Deadlines:
    """Reminders and deadlines of `tables`."""
    return tables.deadlines
