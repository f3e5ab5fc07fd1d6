"""`start_bot`/`stop_bot` drive whatever `bot.create_bot` builds, configured by Settings only.

The production bot is stood in for by stub `bot`/`config` modules, so this test does not depend
on the production code (which other tests exercise).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest
import yarl

from fakediscord.production import start_bot, stop_bot
from fakediscord.server import FakeDiscord

from .minibot import MiniBot


@dataclass(frozen=True)
class StubSettings:
    """The fields of config.Settings that start_bot passes."""

    discord_token: str
    database_url: str
    test_guild_id: int | None
    api_base: str
    gateway_url: str | None


class StubStore:
    """Records that stop_bot closed it."""

    closed = False

    async def close(self) -> None:
        """Close."""
        self.closed = True


async def test_start_bot_configures_runs_and_stop_bot_cleans_up(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = fake_discord.add_guild("Test")
    chan = guild.add_text_channel("games")
    alice = fake_discord.add_user("alice")
    made: list[StubSettings] = []

    async def create_bot(settings: StubSettings) -> MiniBot:
        made.append(settings)
        discord.http.Route.BASE = settings.api_base  # as bot.apply_endpoints does
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url or "")
        bot = MiniBot(settings.test_guild_id or 0)
        bot.store = StubStore()  # type: ignore[attr-defined]
        return bot

    monkeypatch.setitem(sys.modules, "bot", SimpleNamespace(create_bot=create_bot))
    monkeypatch.setitem(sys.modules, "config", SimpleNamespace(Settings=StubSettings))
    base_before = discord.http.Route.BASE
    bot, task = await start_bot(fake_discord, tmp_path / "tavolo.db")
    try:
        result = await alice.slash(chan, "game new", game="money")
        assert result.content == "Lobby for money"
    finally:
        await stop_bot(bot, task)
    (settings,) = made
    assert settings.test_guild_id == guild.id and settings.discord_token == "fake-token"
    assert settings.api_base == fake_discord.api_base
    assert settings.gateway_url == fake_discord.gateway_url
    assert bot.store.closed and task.done()
    assert base_before == discord.http.Route.BASE
