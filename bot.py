"""Tavolo's entry point: read the settings, open the database, load the cogs, run the bot.

`python bot.py` starts the bot. Tests build the same bot with `create_bot` and point it at a
loopback Discord through the settings (DISCORD_API_BASE, DISCORD_GATEWAY_URL) only; they may
hand it a clock and a seed source of their own (constructor collaborators, like the store).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sqlite3
import sys
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any, TextIO

import discord
import yarl
from discord.ext import commands

from config import MissingSetting, Settings
from db.store import Store, StoreError, open_store, shown_url
from interface import attachments, heap, loop_lag
from interface.command_texts import CatalogTranslator
from interface.languages import MemberLanguages
from interface.log_redaction import RedactSecrets
from interface.replies import command_failed
from service.shards import ShardsTaken, Work
from service.tables import TableService
from service.timing import Clock, utc_now

log = logging.getLogger("tavolo")

EXTENSIONS: tuple[str, ...] = (
    "cogs.lobby",
    "cogs.game_commands",
    "cogs.history",
    "cogs.play",
    "cogs.rules_info",
    "cogs.overview",
    "cogs.settings",
    "cogs.server_settings",
    "cogs.timers",
    "cogs.channel_watch",
    "cogs.stats",
)


def apply_endpoints(settings: Settings) -> None:
    """Point discord.py at the configured REST base and gateway (a proxy or a test server)."""
    discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


# Tavolo never joins voice channels: no start-up warnings about the voice libraries.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


class TavoloBot(commands.AutoShardedBot):
    """The bot: holds the settings and the store that every cog uses. `clock` tells the time to
    the table service (turn timers) and `new_seed` draws each game's seed; the real clock and
    random seeds unless others are injected.

    Sharded as discord.py does it: every shard Discord asks for, in this process, unless
    `settings.shards` (TAVOLO_SHARDS) names this process's shards; then they are claimed in the
    database before connecting (`service/shards.py`: ShardsTaken if a live process holds one)
    and timers and deliveries are claimed per game."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        clock: Clock = utc_now,
        new_seed: Callable[[], int] | None = None,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        sharding: dict[str, Any] = {}
        if settings.shards is not None:
            shards = settings.shards
            sharding = {"shard_ids": list(shards.ids), "shard_count": shards.count}
        super().__init__(
            **sharding,
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self.store = store
        self.tables = TableService(
            store,
            new_seed=new_seed,
            clock=clock,
            abandon_after=timedelta(hours=settings.abandon_after_hours),
        )
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.languages = MemberLanguages()  # members' own languages (`/settings language:`)
        self._leases: asyncio.Task[None] | None = None
        self.freeze_when_started = False  # `run`: start-up objects leave full GC passes

    async def setup_hook(self) -> None:
        """Claim this process's shards (TAVOLO_SHARDS; ShardsTaken stops the start), load each
        cog on its own (one broken cog does not stop the rest), then sync; started by `run`, the
        objects alive then leave the garbage collector's full passes (`interface.heap`)."""
        if self.settings.shards is not None:
            work = Work(
                self.store, self.settings.shards, lease_seconds=self.settings.shard_lease_seconds
            )
            await work.claim_shards()
            self.tables.work = work
            self._leases = asyncio.create_task(work.run(), name="tavolo-shard-leases")
        self.tree.error(command_failed)  # every failed slash command still gets an answer
        self.loop_lag = loop_lag.start(self.settings.loop_lag_file)  # benchmarks only
        self.languages.chosen.update(await self.store.user_languages())
        await self.tree.set_translator(CatalogTranslator())  # Italian and Dutch command words
        for name in EXTENSIONS:
            try:
                await self.load_extension(name)
            except Exception:
                log.exception("could not load extension %s", name)
        await self.sync_commands()
        if self.freeze_when_started:
            heap.freeze_start_up()

    async def close(self) -> None:
        """Disconnect, then give back this process's shards and games (another process may
        take them at once)."""
        await super().close()
        if self._leases is not None:
            self._leases.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._leases
            self._leases = None
        if self.tables.work is not None:
            with contextlib.suppress(Exception):  # the store may be gone; the leases run out
                await self.tables.work.release()

    async def sync_commands(self) -> None:
        """Sync slash commands to the test server when one is set, else globally.

        The payload's fingerprint is kept in the database, so an unchanged command set is not
        synced again on every start (Discord rate-limits syncs).
        """
        guild = discord.Object(self.settings.test_guild_id) if self.settings.test_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = CatalogTranslator()
        payload = [
            await cmd.get_translated_payload(self.tree, translator)
            for cmd in self.tree.get_commands(guild=guild)
        ]
        scope = f"commands:{guild.id if guild else 'global'}"
        fingerprint = Store.fingerprint(payload)
        if await self.store.get_meta(scope) == fingerprint:
            log.info("slash commands unchanged (%s); not syncing", scope)
            return
        await self.tree.sync(guild=guild)
        await self.store.set_meta(scope, fingerprint)
        log.info("synced %d slash commands (%s)", len(payload), scope)


async def create_bot(
    settings: Settings, *, clock: Clock = utc_now, new_seed: Callable[[], int] | None = None
) -> TavoloBot:
    """Open the store and build the bot (not yet connected); `clock` and `new_seed` as for
    `TavoloBot`."""
    apply_endpoints(settings)
    store = await open_store(settings.database_url)
    return TavoloBot(settings, store, clock=clock, new_seed=new_seed)


async def run(settings: Settings) -> None:
    """Run the bot until it is stopped (SIGTERM, as a service manager stops it, closes it
    cleanly: its shards go back at once), then close the database. Pictures are drawn in worker
    processes, one per core (`interface.attachments.use_processes`)."""
    attachments.use_processes(os.cpu_count() or 2)
    bot = await create_bot(settings)
    bot.freeze_when_started = True  # full GC passes skip the start-up objects (`interface.heap`)
    closing: set[asyncio.Task[None]] = set()

    def stop() -> None:
        closing.add(asyncio.get_running_loop().create_task(bot.close()))

    with contextlib.suppress(NotImplementedError):  # not on Windows
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop)
    try:
        async with bot:
            await bot.start(settings.discord_token)
    finally:
        await asyncio.gather(*closing, return_exceptions=True)  # a stop's close runs to its end
        await bot.store.close()


def main() -> int:
    """Command-line entry: one-line message and exit code 2 on a missing setting."""
    try:
        from dotenv import load_dotenv

        load_dotenv()
    except ImportError:  # pragma: no cover - python-dotenv is in requirements.txt
        pass
    try:
        settings = Settings.from_env()
    except MissingSetting as missing:
        print(f"tavolo: missing setting {missing}; see .env.example", file=sys.stderr)
        return 2
    configure_logging(settings.log_level, secrets=[settings.discord_token])
    try:
        asyncio.run(run(settings))
    except KeyboardInterrupt:
        return 0
    except ShardsTaken as taken:
        print(f"tavolo: {taken}", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("tavolo: Discord refused DISCORD_TOKEN (login failed)", file=sys.stderr)
        return 1
    except (sqlite3.Error, StoreError) as exc:  # a corrupt or locked file, a server refusing
        where = shown_url(settings.database_url)
        print(f"tavolo: cannot use the database {where}: {exc}", file=sys.stderr)
        return 1
    return 0


# Libraries whose DEBUG output quotes game secrets: aiosqlite logs every SQL statement with its
# parameters (so every saved state, with every hand), discord.http every request and response
# body and discord.gateway every event (hand panels sent and pressed). They stay at INFO even
# when TAVOLO_LOG_LEVEL is DEBUG, which then means Tavolo's own debug output.
QUIET_LOGGERS = ("aiosqlite", "discord.http", "discord.gateway")


def configure_logging(
    level: str, secrets: Iterable[str] = (), stream: TextIO | None = None
) -> logging.Handler:
    """Log to `stream` (stderr) at `level`, but never below INFO for the QUIET_LOGGERS, with
    interaction tokens and the `secrets` (the bot token) cut out of every record; returns the
    handler."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(RedactSecrets(secrets))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    for name in QUIET_LOGGERS:
        logger = logging.getLogger(name)
        if logger.getEffectiveLevel() < logging.INFO:
            logger.setLevel(logging.INFO)
    return handler


if __name__ == "__main__":
    sys.exit(main())
