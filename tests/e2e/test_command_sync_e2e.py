"""Slash commands synced as in production: without TAVOLO_TEST_GUILD_ID the production bot
registers its commands globally (validated by the loopback Discord like every request), they
work in a server, and an unchanged command set is not synced again after a restart."""

from __future__ import annotations

from pathlib import Path

from fakediscord import FakeDiscord
from fakediscord.production import start_bot, stop_bot
from tests.e2e.table import COMMANDS


async def test_without_a_test_server_commands_are_synced_globally(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    guild = fake_discord.add_guild("Test")
    chan = guild.add_text_channel("games")
    alice = fake_discord.add_user("alice")
    db_path = tmp_path / "tavolo.db"

    bot, task = await start_bot(fake_discord, db_path, test_guild=False)
    try:
        synced = await fake_discord.wait_for_commands(COMMANDS)
        assert sorted(c["name"] for c in synced) == sorted(COMMANDS)
        assert fake_discord.commands.list(guild.id) == []  # nothing per server
        assert fake_discord.take_failures() == []  # the sync matched Discord's spec
        assert await bot.store.get_meta("commands:global") is not None
        result = await alice.slash(chan, "games")
        assert result.ephemeral and result.content.startswith("No game is being played")
    finally:
        await stop_bot(bot, task)

    ids = {c["name"]: (c["id"], c["version"]) for c in fake_discord.commands.list(None)}
    bot, task = await start_bot(fake_discord, db_path, test_guild=False)
    try:
        await fake_discord.settle()
        again = {c["name"]: (c["id"], c["version"]) for c in fake_discord.commands.list(None)}
        assert again == ids  # unchanged commands: no second sync
    finally:
        await stop_bot(bot, task)
