"""Fixtures of the reliability tests: a fresh store, table service and fake bot per test."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db.store import Store
from service.tables import Tables
from tests.reliability.fakes import FakeBot


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
