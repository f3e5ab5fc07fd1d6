"""No log line carries an interaction's token or the bot's token, even at DEBUG, where
discord.py's webhook logger writes every interaction callback and follow-up URL (whose token
opens that member's private answers for 15 minutes)."""

from __future__ import annotations

import io
import logging
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio

from bot import QUIET_LOGGERS, configure_logging
from fakediscord import FakeDiscord
from fakediscord.production import TOKEN
from interface.log_redaction import REDACTED, RedactSecrets
from tests.e2e.table import MoneyTable, running_table


@pytest.fixture
def debug_log() -> Iterator[io.StringIO]:
    """Everything logged at DEBUG as production logs it (bot.configure_logging), in memory."""
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ("", *QUIET_LOGGERS)}
    out = io.StringIO()
    handler = configure_logging("DEBUG", secrets=[TOKEN], stream=out)
    try:
        yield out
    finally:
        root.removeHandler(handler)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


@pytest_asyncio.fixture
async def table(
    fake_discord: FakeDiscord, tmp_path, debug_log: io.StringIO
) -> AsyncIterator[MoneyTable]:
    async with running_table(fake_discord, tmp_path / "tavolo.db", MoneyTable) as tavolo:
        yield tavolo


async def test_interaction_tokens_never_reach_the_log(
    table: MoneyTable, debug_log: io.StringIO
) -> None:
    ann, ben, cas = (table.fake.add_user(n) for n in ("ann", "ben", "cas"))
    await table.seat_players(ann, [ben, cas])
    await table.open_panel(ann, "board")  # an ephemeral answer: callback, then its message
    await ann.slash(table.chan, "game status")
    tokens = list(table.fake.interactions.by_token)
    assert len(tokens) >= 6, "the lobby, the start and the panels were interactions"
    text = debug_log.getvalue()
    assert "/interactions/" in text or "/webhooks/" in text, "discord.py logged its callbacks"
    assert REDACTED in text, "a callback URL was logged with its token cut out"
    leaked = [token for token in tokens if token in text]
    assert leaked == [], f"{len(leaked)} interaction tokens in the log"
    assert TOKEN not in text


def test_a_logged_token_is_cut_out_of_routes_json_and_tracebacks() -> None:
    redact = RedactSecrets(["Bot-secret-123"]).redact
    route = "POST /interactions/1234/aW50ZXJhY3Rpb246abcdefghijklmnopqrstuvwxyz_-/callback"
    assert redact(route) == f"POST /interactions/1234/{REDACTED}/callback"
    follow = "PATCH /webhooks/99/aW50ZXJhY3Rpb246abcdefghijklmnopqrst/messages/@original"
    assert redact(follow) == f"PATCH /webhooks/99/{REDACTED}/messages/@original"
    assert redact('{"id": "5", "token": "abc.def"}') == f'{{"id": "5", "token": "{REDACTED}"}}'
    assert redact("Authorization: Bot Bot-secret-123") == f"Authorization: Bot {REDACTED}"
    record = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed %s", (route,), None)
    RedactSecrets().filter(record)
    assert record.getMessage() == f"failed POST /interactions/1234/{REDACTED}/callback"
