"""What bites real bots: 3 s deadline, double answers, closed DMs, big files, rate limits."""

from __future__ import annotations

import pytest

from fakediscord.interactions import NoResponse

from .conftest import Table


async def test_answer_after_three_seconds_is_unknown_interaction(table: Table) -> None:
    with pytest.raises(NoResponse, match="10062 Unknown interaction"):
        await table.alice.slash(table.chan, "game slow", seconds=3.1, timeout=4.0)
    await table.fake.settle()
    assert [(e.status, e.code) for e in table.bot.errors] == [(404, 10062)]


async def test_answer_within_the_deadline_is_accepted(table: Table) -> None:
    result = await table.alice.slash(table.chan, "game slow", seconds=0.2)
    assert result.content == "finally" and table.bot.errors == []


async def test_second_initial_response_is_already_acknowledged(table: Table) -> None:
    result = await table.alice.slash(table.chan, "game double")
    await table.fake.settle()
    assert result.content == "one"
    assert [(e.status, e.code) for e in table.bot.errors] == [(400, 40060)]
    assert [r.code for r in result.refusals] == [40060]


async def test_dm_to_closed_dms_is_forbidden_50007(table: Table) -> None:
    result = await table.alice.slash(table.chan, "game deal", player=table.bob)
    assert result.content == "cannot DM bob (50007)"
    assert table.bob.dms() == []


async def test_file_over_10_mib_is_request_entity_too_large(table: Table) -> None:
    await table.alice.slash(table.chan, "game huge")
    assert [(e.status, e.code) for e in table.bot.errors] == [(413, 40005)]
    assert table.chan.messages() == []


async def test_injected_429_is_retried_on_rest_and_webhook_routes(table: Table) -> None:
    fake = table.fake
    fake.inject_429("POST", "/channels/{channel_id}/messages", retry_after=0.1)
    callback = "/interactions/{interaction_id}/{interaction_token}/callback"
    fake.inject_429("POST", callback, retry_after=0.1)
    result = await table.alice.slash(table.chan, "game board")
    assert result.content == "posted"
    assert table.chan.messages()[-1].content == "The board"
    assert fake.ratelimits.answered == [
        ("POST", "/channels/{channel_id}/messages"),
        ("POST", callback),
    ]


async def test_inject_429_refuses_routes_discord_does_not_have(table: Table) -> None:
    with pytest.raises(ValueError, match="not a route"):
        table.fake.inject_429("POST", "/channels/{channel_id}/nonsense")
