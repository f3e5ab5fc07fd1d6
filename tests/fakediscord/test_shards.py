"""The loopback Discord shards as Discord does: /gateway/bot tells the shard count, IDENTIFY's
`shard` is honoured (an invalid one refused with 4010), a server belongs to shard
`(guild_id >> 22) % count`, and READY, GUILD_CREATE and every server event (interactions too)
reach only the session holding that server's shard; an event sent to another shard's session
is a recorded failure."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest
from aiohttp import ClientWebSocketResponse

from fakediscord.gateway import shard_of
from fakediscord.server import FakeDiscord

WS_TIMEOUT = aiohttp.ClientWSTimeout(ws_close=5)
INTENTS = 1  # guilds
PING = {"name": "ping", "description": "Answers pong", "type": 1}


class RawSession:
    """A gateway client without discord.py: identifies and collects every dispatch."""

    def __init__(self, ws: ClientWebSocketResponse) -> None:
        self.ws = ws
        self.events: list[dict[str, Any]] = []
        self.closed_with: int | None = None

    async def identify(self, shard: Any) -> None:
        hello = json.loads(await self.ws.receive_str(timeout=5))
        assert hello["op"] == 10
        data: dict[str, Any] = {"token": "fake-token", "intents": INTENTS, "properties": {}}
        if shard is not None:
            data["shard"] = shard
        await self.ws.send_str(json.dumps({"op": 2, "d": data}))

    async def read(self, until: str | None = None, timeout: float = 1.0) -> None:
        """Collect dispatches until event `until` arrived (or quiet for `timeout`)."""
        while True:
            try:
                msg = await self.ws.receive(timeout=timeout)
            except TimeoutError:
                return
            if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                self.closed_with = self.ws.close_code
                return
            event = json.loads(msg.data)
            self.events.append(event)
            if until is not None and event.get("t") == until:
                return

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [e["d"] for e in self.events if e.get("t") == kind]


@asynccontextmanager
async def raw_session(fake: FakeDiscord, shard: Any) -> AsyncIterator[RawSession]:
    url = fake.gateway_url + "?v=10&encoding=json"
    async with aiohttp.ClientSession() as http, http.ws_connect(url, timeout=WS_TIMEOUT) as ws:
        session = RawSession(ws)
        await session.identify(shard)
        yield session


@pytest.fixture
async def sharded() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord.start(shard_count=2) as fake:
        yield fake


async def test_gateway_bot_tells_the_shard_count(sharded: FakeDiscord) -> None:
    async with (
        aiohttp.ClientSession() as http,
        http.get(
            sharded.api_base + "/gateway/bot", headers={"Authorization": "Bot fake-token"}
        ) as answer,
    ):
        body = await answer.json()
    assert body["shards"] == 2 and body["url"] == sharded.gateway_url


def test_a_server_made_for_a_shard_is_on_that_shard_by_discords_rule() -> None:
    fake = FakeDiscord(shard_count=4)
    for shard in (3, 0, 2, 2, 1):
        guild = fake.add_guild(f"s{shard}", shard=shard)
        assert (guild.id >> 22) % 4 == shard == shard_of(guild.id, 4)
    with pytest.raises(ValueError, match="shard 4"):
        fake.add_guild("nowhere", shard=4)


async def test_each_session_gets_only_its_own_shards_servers_and_their_events(
    sharded: FakeDiscord,
) -> None:
    fake = sharded
    zero, one = fake.add_guild("Zero", shard=0), fake.add_guild("One", shard=1)
    async with raw_session(fake, [0, 2]) as first, raw_session(fake, [1, 2]) as second:
        await first.read(until="GUILD_CREATE")
        await second.read(until="GUILD_CREATE")
        assert first.of("READY")[0]["shard"] == [0, 2]
        assert [g["id"] for g in first.of("READY")[0]["guilds"]] == [str(zero.id)]
        assert [g["id"] for g in second.of("READY")[0]["guilds"]] == [str(one.id)]
        assert [g["id"] for g in first.of("GUILD_CREATE")] == [str(zero.id)]
        assert [g["id"] for g in second.of("GUILD_CREATE")] == [str(one.id)]
        one.add_text_channel("games")  # a server event of shard 1
        zero.add_text_channel("chat")  # and one of shard 0
        await second.read(until="CHANNEL_CREATE")
        await first.read(until="CHANNEL_CREATE")
        await asyncio.gather(first.read(timeout=0.3), second.read(timeout=0.3))
        assert [c["guild_id"] for c in first.of("CHANNEL_CREATE")] == [str(zero.id)]
        assert [c["guild_id"] for c in second.of("CHANNEL_CREATE")] == [str(one.id)]
        assert fake.gateway.holder(one.id) is fake.gateway.holders[(1, 2)]
        assert fake.gateway.holder(None) is fake.gateway.holders[(0, 2)]  # DMs: shard 0
    fake.assert_no_failures()


async def test_an_interaction_goes_to_the_session_of_its_servers_shard(
    sharded: FakeDiscord,
) -> None:
    fake = sharded
    fake.add_guild("Zero", shard=0)
    one = fake.add_guild("One", shard=1)
    chan = one.add_text_channel("games")
    alice = fake.add_user("alice")
    fake.commands.bulk_set(None, [PING])
    fake.interaction_deadline = 0.2
    async with raw_session(fake, [0, 2]) as first, raw_session(fake, [1, 2]) as second:
        await asyncio.gather(first.read(timeout=0.3), second.read(timeout=0.3))
        press = asyncio.create_task(alice.slash(chan, "ping"))
        await second.read(until="INTERACTION_CREATE")
        await asyncio.gather(press, return_exceptions=True)  # nobody answers it
        await first.read(timeout=0.2)
    assert [i["guild_id"] for i in second.of("INTERACTION_CREATE")] == [str(one.id)]
    assert first.of("INTERACTION_CREATE") == []


async def test_a_server_whose_shard_nobody_holds_gets_no_interaction(
    sharded: FakeDiscord,
) -> None:
    fake = sharded
    fake.add_guild("Zero", shard=0)
    chan = fake.add_guild("One", shard=1).add_text_channel("games")
    alice = fake.add_user("alice")
    fake.commands.bulk_set(None, [PING])
    async with raw_session(fake, [0, 2]) as first:
        await first.read(timeout=0.3)
        with pytest.raises(RuntimeError, match="shard"):
            await alice.slash(chan, "ping")


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0], [0], "0/2", [True, 2]])
async def test_an_invalid_shard_is_refused_with_4010(sharded: FakeDiscord, shard: Any) -> None:
    async with raw_session(sharded, shard) as session:
        await session.read(timeout=2.0)
    assert session.closed_with == 4010
    assert session.of("READY") == []
    (failure,) = sharded.take_failures()
    assert "invalid shard" in failure.message


async def test_an_event_sent_to_another_shards_session_is_a_failure(
    sharded: FakeDiscord,
) -> None:
    fake = sharded
    one = fake.add_guild("One", shard=1)
    async with raw_session(fake, [0, 2]) as first:
        await first.read(timeout=0.3)
        session = fake.gateway.holders[(0, 2)]
        async with session.lock:  # what a routing mistake would do
            await fake.gateway._send_event(session, "GUILD_UPDATE", one.create_payload())
    (failure,) = fake.take_failures()
    assert f"server {one.id} (shard 1) sent to shard 0" in failure.message


async def test_a_session_without_shard_holds_every_server(sharded: FakeDiscord) -> None:
    fake = sharded
    zero, one = fake.add_guild("Zero", shard=0), fake.add_guild("One", shard=1)
    async with raw_session(fake, None) as whole:
        await whole.read(timeout=0.3)
    assert {g["id"] for g in whole.of("GUILD_CREATE")} == {str(zero.id), str(one.id)}
    fake.assert_no_failures()
