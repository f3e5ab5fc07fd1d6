"""Start and stop the production bot (bot.create_bot) against a FakeDiscord.

Only configuration points the bot at the fake: `Settings(api_base=..., gateway_url=...)`,
which `bot.apply_endpoints` installs into discord.py.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import discord

from .server import FakeDiscord

REPO_ROOT = Path(__file__).resolve().parents[1]
TOKEN = "fake-token"


def _import_bot() -> tuple[Any, Any]:
    """`bot.create_bot` and `config.Settings` (the repository root is put on sys.path)."""
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))
    import bot as bot_module
    import config as config_module

    return bot_module.create_bot, config_module.Settings


async def start_bot(
    fake: FakeDiscord,
    db_path: str | Path,
    *,
    timeout: float = 15.0,
    test_guild: bool = True,
    **collaborators: Any,
) -> tuple[Any, asyncio.Task[None]]:
    """Build the production bot for the fake's first guild (made if none), start it, wait for
    READY. Returns (bot, task running `bot.start`); pass both to `stop_bot`.

    `test_guild` False leaves TAVOLO_TEST_GUILD_ID unset (commands are synced globally, as in
    production); `collaborators` go to `create_bot` as they are (e.g. `clock`, `new_seed`)."""
    create_bot, settings_class = _import_bot()
    guild = next(iter(fake.world.guilds.values()), None) or fake.add_guild("Test")
    settings = settings_class(
        discord_token=TOKEN,
        database_url=str(db_path),
        test_guild_id=guild.id if test_guild else None,
        api_base=fake.api_base,
        gateway_url=fake.gateway_url,
    )
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    bot = await create_bot(settings, **collaborators)
    bot._fakediscord_saved_endpoints = saved
    # discord.py waits guild_ready_timeout (2 s) after the last GUILD_CREATE before READY;
    # the fake sends them all at once, so a short wait keeps tests fast.
    bot._connection.guild_ready_timeout = 0.05
    task = asyncio.create_task(bot.start(TOKEN), name="tavolo-bot")
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({ready, task}, timeout=timeout, return_when="FIRST_COMPLETED")
    if ready not in done:
        ready.cancel()
        await stop_bot(bot, task)
        if task in done and task.exception() is not None:
            raise task.exception()  # type: ignore[misc]
        raise AssertionError(f"the bot did not become ready within {timeout}s")
    return bot, task


async def stop_bot(bot: Any, task: asyncio.Task[None], *, timeout: float = 5.0) -> None:
    """Close the bot, wait for its task, close its store, restore discord.py's endpoints."""
    try:
        await asyncio.wait_for(bot.close(), timeout)
        await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), timeout)
    finally:
        store = getattr(bot, "store", None)
        if store is not None:
            await store.close()
        saved = getattr(bot, "_fakediscord_saved_endpoints", None)
        if saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
