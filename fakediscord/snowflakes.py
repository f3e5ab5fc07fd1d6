"""Snowflake ids and timestamps shaped like Discord's."""

from __future__ import annotations

import time
from datetime import UTC, datetime

DISCORD_EPOCH_MS = 1420070400000


class SnowflakeFactory:
    """Hands out strictly increasing snowflakes whose time part is the current time."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        """A new snowflake, greater than every one handed out before."""
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_on_shard(self, shard: int, count: int) -> int:
        """A new snowflake whose server would be on shard `shard` of `count` (its time part,
        `id >> 22`, is `shard` modulo `count`): a little later than `next()` would be."""
        stamp = (self.next() >> 22) + 1
        stamp += (shard - stamp) % count
        self._last = stamp << 22
        return self._last


def iso_now() -> str:
    """The current time as Discord writes timestamps (ISO 8601, UTC offset)."""
    return datetime.now(UTC).isoformat()
