"""The timer loop during a database outage: one warning when the database becomes unreachable
and one when it is back, not a traceback every check; other failures keep their traceback."""

from __future__ import annotations

import logging

import pytest

from cogs.timers import TimerLoop
from db.errors import DatabaseUnavailable
from db.store import Store
from fakediscord.inprocess import FakeBot
from service.deadlines import Tick
from service.tables import TableService


async def test_an_outage_is_logged_when_it_starts_and_ends_only(
    store: Store, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    loop = TimerLoop(FakeBot(store, TableService(store)))  # type: ignore[arg-type]
    outcomes: list[Exception | None] = [
        DatabaseUnavailable(),
        DatabaseUnavailable(),
        DatabaseUnavailable(),
        None,
        None,
        RuntimeError("a bug"),
    ]
    checks = []

    async def run_once() -> Tick:
        checks.append(1)
        outcome = outcomes.pop(0)
        if outcome is not None:
            raise outcome
        return Tick()

    monkeypatch.setattr(loop, "run_once", run_once)
    with caplog.at_level(logging.WARNING, logger="tavolo.timers"):
        for _ in range(6):
            await loop.check()
    assert len(checks) == 6
    lines = [(r.levelname, r.getMessage(), r.exc_info is not None) for r in caplog.records]
    assert lines == [
        ("WARNING", "the database is unreachable: timers wait until it is back", False),
        ("WARNING", "the database is back: timers run again", False),
        ("ERROR", "the timer check failed", True),
    ]
