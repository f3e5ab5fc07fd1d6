"""The gateway: compressed connection, READY + GUILD_CREATE, heartbeats, RESUME with replay."""

from __future__ import annotations

import json
import zlib

import aiohttp
import discord
import pytest

from fakediscord.compression import make_compressor
from fakediscord.server import FakeDiscord

from .conftest import Table

WS_TIMEOUT = aiohttp.ClientWSTimeout(ws_close=5)


async def test_bot_connects_with_zlib_stream_and_sees_the_guild(table: Table) -> None:
    conn = table.fake.gateway.connections[0]
    assert conn.compress == "zlib-stream"
    guild = table.bot.get_guild(table.guild.id)
    assert guild is not None and guild.name == "Test"
    assert guild.get_channel(table.chan.id) is not None
    assert guild.me is not None and guild.me.id == table.fake.bot_user.id
    assert table.bot.application_id == table.fake.application_id


async def test_raw_client_gets_sync_flushed_hello_and_heartbeat_ack(
    fake_discord: FakeDiscord,
) -> None:
    url = fake_discord.gateway_url + "?v=10&encoding=json&compress=zlib-stream"
    inflate = zlib.decompressobj()
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(url, timeout=WS_TIMEOUT) as ws,
    ):
        frame = await ws.receive_bytes(timeout=5)
        assert frame.endswith(b"\x00\x00\xff\xff")
        hello = json.loads(inflate.decompress(frame))
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        await ws.send_str(json.dumps({"op": 1, "d": None}))
        ack = json.loads(inflate.decompress(await ws.receive_bytes(timeout=5)))
        assert ack["op"] == 11


async def test_resume_with_unknown_session_is_invalid(fake_discord: FakeDiscord) -> None:
    url = fake_discord.gateway_url + "?v=10&encoding=json"
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(url, timeout=WS_TIMEOUT) as ws,
    ):
        assert json.loads(await ws.receive_str(timeout=5))["op"] == 10
        resume = {"session_id": "nope", "seq": 3, "token": "fake-token"}
        await ws.send_str(json.dumps({"op": 6, "d": resume}))
        assert json.loads(await ws.receive_str(timeout=5)) == {
            "op": 9,
            "d": False,
            "s": None,
            "t": None,
        }


async def test_dropped_connection_resumes_and_replays_missed_events(table: Table) -> None:
    fake = table.fake
    session = fake.gateway.current
    assert session is not None
    await fake.drop_gateway(code=4000)
    # dispatched while the bot is away: kept for the RESUME
    thread = table.chan.add_thread("side game")
    result = await table.alice.slash(table.chan, "game new", game="palazzo")
    await fake.wait_resumed()
    assert result.content == "Lobby for palazzo"
    assert fake.gateway.current is session and session.resumes == 1
    resumed = fake.gateway.connections[-1]
    assert resumed.path == "/gateway-resume" and resumed.compress == "zlib-stream"
    assert table.bot.get_channel(thread.id) is not None
    assert [e["t"] for e in session.events].count("READY") == 1
    assert "RESUMED" in [e["t"] for e in session.events]


def test_zlib_stream_frames_decode_with_discord_pys_own_context() -> None:
    context_class = getattr(discord.utils, "_ZlibDecompressionContext", None)
    if context_class is None:
        pytest.skip("discord.py uses zstd-stream here")
    compressor, context = make_compressor("zlib-stream"), context_class()
    assert compressor is not None
    for text in ['{"op":10}', '{"op":0,"d":"' + "x" * 100_000 + '"}', '{"op":11}']:
        assert context.decompress(compressor.compress(text.encode())) == text
