"""A clock tests move by hand: inject it where the production code takes a `Clock`."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

START = datetime(2024, 6, 11, 9, 0, tzinfo=UTC)


@dataclass
class FakeClock:
    """Returns `now` when called; `advance(hours=...)` moves it forward."""

    now: datetime = field(default=START)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now
