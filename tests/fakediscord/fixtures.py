"""pytest fixtures: `fake_discord` runs a FakeDiscord and fails the test at teardown if the bot
sent any request Discord would refuse (see `FakeDiscord.failures`).

Use from a conftest: `from <package>.fakediscord.fixtures import fake_discord  # noqa: F401`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import pytest
import pytest_asyncio

from fakediscord.errors import Failure
from fakediscord.server import FakeDiscord


def fail_on_failures(failures: Sequence[Failure]) -> None:
    """pytest.fail listing each refused request (route and the schema's message)."""
    if failures:
        lines = "\n  ".join(str(f) for f in failures)
        pytest.fail(
            f"Discord would refuse {len(failures)} request(s) the bot sent:\n  {lines}",
            pytrace=False,
        )


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running FakeDiscord; teardown fails the test on any recorded validation failure."""
    async with FakeDiscord.start() as fake:
        yield fake
        failures = fake.take_failures()
    fail_on_failures(failures)
