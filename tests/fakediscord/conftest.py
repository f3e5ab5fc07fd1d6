"""Fixtures for the fakediscord self-tests: the fake, a small table, the mini bot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest_asyncio

from fakediscord.channels import FakeChannel
from fakediscord.guilds import FakeGuild
from fakediscord.server import FakeDiscord
from fakediscord.users import FakeUser

from .fixtures import fake_discord
from .minibot import MiniBot, running_minibot

__all__ = ["Table", "fake_discord", "table"]


@dataclass
class Table:
    """A guild with #games, alice (DMs open), bob (DMs closed) and the connected mini bot."""

    fake: FakeDiscord
    guild: FakeGuild
    chan: FakeChannel
    alice: FakeUser
    bob: FakeUser
    bot: MiniBot


@pytest_asyncio.fixture
async def table(fake_discord: FakeDiscord) -> AsyncIterator[Table]:
    """The scripted table with the mini bot running."""
    guild = fake_discord.add_guild("Test")
    chan = guild.add_text_channel("games")
    alice = fake_discord.add_user("alice")
    bob = fake_discord.add_user("bob", dms_closed=True)
    async with running_minibot(fake_discord, guild.id) as bot:
        yield Table(fake_discord, guild, chan, alice, bob, bot)
