"""Run the sandbox: the loopback Discord, the production bot (bot.create_bot, unchanged, pointed
at it through its settings only), and the page. `python -m sandbox`; stops on Ctrl-C/SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import signal
import sys
from typing import Any

from aiohttp import web
from dotenv import load_dotenv

from bot import TavoloBot, configure_logging, create_bot
from config import MissingSetting, Settings
from fakediscord import FakeDiscord
from interface import attachments

from .persist import WorldFile
from .settings import BadSetting, SandboxSettings
from .web import SandboxApp
from .world import SandboxWorld

log = logging.getLogger("tavolo.sandbox")
TOKEN = "sandbox-token"
CONNECT_HINT = (
    "To run Tavolo on Discord instead, set DISCORD_TOKEN in .env (see .env.example) "
    "and run scripts/run.sh again."
)


class CannotListen(Exception):
    """The page's address is taken or not this machine's; the message names it."""


def bot_settings(fake: FakeDiscord, sandbox: SandboxSettings, env: dict[str, str]) -> Settings:
    """The bot's own settings from the environment (language, timers, log level), with the
    sandbox's database and the loopback Discord's addresses; commands synced globally."""
    base = Settings.from_env({**env, "DISCORD_TOKEN": TOKEN})
    return dataclasses.replace(
        base,
        database_url=sandbox.db_path,
        test_guild_id=None,
        api_base=fake.api_base,
        gateway_url=fake.gateway_url,
        loop_lag_file=None,
    )


async def start_bot(
    settings: Settings, timeout: float = 30.0
) -> tuple[TavoloBot, asyncio.Task[None]]:
    """Build and start the production bot; return once it is ready."""
    bot = await create_bot(settings)
    # discord.py waits 2 s after the last GUILD_CREATE before READY; the fake sends them at once.
    bot._connection.guild_ready_timeout = 0.05
    task = asyncio.create_task(bot.start(settings.discord_token), name="tavolo-bot")
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({ready, task}, timeout=timeout, return_when="FIRST_COMPLETED")
    if ready not in done:
        ready.cancel()
        await bot.close()
        await bot.store.close()
        if task in done and task.exception() is not None:
            raise RuntimeError("the bot stopped while starting") from task.exception()
        raise RuntimeError(f"the bot did not become ready within {timeout:.0f}s")
    return bot, task


async def report_refusals(fake: FakeDiscord) -> None:
    """Log every request the bot sent that Discord would refuse (the loopback checks each)."""
    while True:
        for failure in fake.take_failures():
            log.warning("Discord would refuse this request: %s", failure)
        await asyncio.sleep(1.0)


async def serve(sandbox: SandboxSettings, env: dict[str, str], stop: asyncio.Event) -> None:
    """Run everything until `stop` is set."""
    attachments.use_processes(os.cpu_count() or 2)
    file = WorldFile(sandbox.world_path)
    try:
        bot_id = file.get_id("application")
        async with FakeDiscord.start(bot_name="Tavolo", application_id=bot_id) as fake:
            file.set_id("application", fake.application_id)
            world = SandboxWorld(fake, file)
            bot, task = await start_bot(bot_settings(fake, sandbox, env))
            watcher = asyncio.create_task(report_refusals(fake))
            runner = web.AppRunner(SandboxApp(fake, world).app(), access_log=None)
            await runner.setup()
            try:
                try:
                    await web.TCPSite(runner, sandbox.host, sandbox.port).start()
                except OSError as busy:
                    raise CannotListen(f"{sandbox.host}:{sandbox.port}: {busy.strerror}") from busy
                port = runner.addresses[0][1]
                announce(sandbox, port)
                await stop.wait()
            finally:
                watcher.cancel()
                await runner.cleanup()
                await bot.close()
                await asyncio.gather(task, return_exceptions=True)
                await bot.store.close()
    finally:
        file.close()


def announce(sandbox: SandboxSettings, port: int) -> None:
    """Print the page's address, who can open it, and how to go to Discord instead."""
    shown = "127.0.0.1" if sandbox.host == "127.0.0.1" else sandbox.host
    print(f"Tavolo sandbox: open http://{shown}:{port}/ in a browser", flush=True)
    if sandbox.loopback_only:
        print(
            f"Listening on {sandbox.host} only: nobody else on the network can open it.", flush=True
        )
    else:
        print(
            f"Listening on {sandbox.host} (TAVOLO_SANDBOX_HOST): other machines can open it.",
            flush=True,
        )
    print(f"Games are kept in {sandbox.db_path}; Ctrl-C stops the sandbox.", flush=True)
    print(CONNECT_HINT, flush=True)


async def run(sandbox: SandboxSettings, env: dict[str, str]) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    await serve(sandbox, env, stop)


def main() -> int:
    """Command-line entry: a one-line message and exit code 2 on a bad setting, 1 when the
    page's address cannot be used (TAVOLO_SANDBOX_PORT taken)."""
    load_dotenv(os.environ.get("TAVOLO_ENV_FILE") or None)  # run.sh's choice of .env (tests)
    env: dict[str, Any] = dict(os.environ)
    try:
        sandbox = SandboxSettings.from_env(env)
        level = bot_level(env)
    except (BadSetting, MissingSetting) as bad:
        print(f"tavolo sandbox: bad setting {bad}; see .env.example", file=sys.stderr)
        return 2
    configure_logging(level)
    try:
        asyncio.run(run(sandbox, env))
    except CannotListen as taken:
        print(
            f"tavolo sandbox: cannot listen on {taken}; set TAVOLO_SANDBOX_PORT to another port",
            file=sys.stderr,
        )
        return 1
    return 0


def bot_level(env: dict[str, str]) -> str:
    """The log level the bot's settings give (checks every bot setting on the way)."""
    return Settings.from_env({**env, "DISCORD_TOKEN": TOKEN}).log_level
