"""Settings read from the environment (and a `.env` file): the only place that knows their names."""

from __future__ import annotations

import os
from dataclasses import dataclass

from service.languages import LANGUAGES
from service.shards import DEFAULT_LEASE_SECONDS, BadShards, ShardSpec

DEFAULT_API_BASE = "https://discord.com/api/v10"
DEFAULT_TIMER_SECONDS = 30.0
DEFAULT_ABANDON_HOURS = 72.0
MAX_ABANDON_HOURS = 24 * 90
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class MissingSetting(Exception):
    """A required setting is absent; the message names it."""


def database_url(env: dict[str, str] | os._Environ[str]) -> str:
    """The database setting: TAVOLO_DATABASE_URL, else the deprecated TAVOLO_DB_PATH (a SQLite
    file), else `tavolo.db`; MissingSetting for a URL of another database."""
    url = (
        env.get("TAVOLO_DATABASE_URL", "").strip()
        or env.get("TAVOLO_DB_PATH", "").strip()
        or "tavolo.db"
    )
    scheme = url.split("://", 1)[0] if "://" in url else ""
    if scheme and scheme not in ("postgresql", "postgres", "sqlite"):
        raise MissingSetting(
            "TAVOLO_DATABASE_URL (a SQLite file path or sqlite: URL, or a postgresql:// URL)"
        )
    return url


@dataclass(frozen=True)
class Settings:
    """Everything the bot needs to start. See `.env.example` for each setting's meaning."""

    discord_token: str
    database_url: str = "tavolo.db"  # a SQLite file (path or sqlite: URL) or postgresql:// URL
    test_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str = DEFAULT_API_BASE
    gateway_url: str | None = None
    locale: str = "en"
    timer_seconds: float = DEFAULT_TIMER_SECONDS
    abandon_after_hours: float = DEFAULT_ABANDON_HOURS
    loop_lag_file: str | None = None  # benchmarks: where to write the event loop's lag
    shards: ShardSpec | None = None  # None: every shard, discord.py's automatic sharding
    shard_lease_seconds: float = DEFAULT_LEASE_SECONDS

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        """Build settings from `env` (default: the process environment); raise MissingSetting."""
        env = dict(os.environ if env is None else env)
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise MissingSetting("DISCORD_TOKEN")
        guild = env.get("TAVOLO_TEST_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise MissingSetting("TAVOLO_TEST_GUILD_ID (must be a server id, digits only)")
        timer = env.get("TAVOLO_TIMER_SECONDS", "").strip()
        try:
            timer_seconds = float(timer) if timer else DEFAULT_TIMER_SECONDS
        except ValueError:
            timer_seconds = 0.0
        if not 1 <= timer_seconds <= 3600:
            raise MissingSetting("TAVOLO_TIMER_SECONDS (seconds between timer checks, 1 to 3600)")
        abandon = env.get("TAVOLO_ABANDON_AFTER_HOURS", "").strip()
        try:
            abandon_hours = float(abandon) if abandon else DEFAULT_ABANDON_HOURS
        except ValueError:
            abandon_hours = 0.0
        if not 1 <= abandon_hours <= MAX_ABANDON_HOURS:
            raise MissingSetting(
                "TAVOLO_ABANDON_AFTER_HOURS (hours a game left to bots waits for its players, "
                f"1 to {MAX_ABANDON_HOURS})"
            )
        log_level = (env.get("TAVOLO_LOG_LEVEL", "").strip() or "INFO").upper()
        if log_level not in LOG_LEVELS:
            raise MissingSetting(f"TAVOLO_LOG_LEVEL (one of {', '.join(LOG_LEVELS)})")
        database = database_url(env)
        locale = (env.get("TAVOLO_LOCALE", "").strip() or "en").lower()
        if locale not in LANGUAGES:
            raise MissingSetting(f"TAVOLO_LOCALE (one of {', '.join(LANGUAGES)})")
        shards_text = env.get("TAVOLO_SHARDS", "").strip()
        try:
            shards = ShardSpec.parse(shards_text) if shards_text else None
        except BadShards as bad:
            raise MissingSetting(
                f"TAVOLO_SHARDS ({bad}; e.g. 0-3/8 holds shards 0 to 3 of 8, 2/8 or 0,2/4)"
            ) from bad
        lease = env.get("TAVOLO_SHARD_LEASE_SECONDS", "").strip()
        try:
            lease_seconds = float(lease) if lease else DEFAULT_LEASE_SECONDS
        except ValueError:
            lease_seconds = 0.0
        if not 1 <= lease_seconds <= 600:
            raise MissingSetting(
                "TAVOLO_SHARD_LEASE_SECONDS (seconds a stopped process's shards and work stay "
                "its own, 1 to 600)"
            )
        return cls(
            discord_token=token,
            database_url=database,
            test_guild_id=int(guild) if guild else None,
            log_level=log_level,
            api_base=(env.get("DISCORD_API_BASE", "").strip() or DEFAULT_API_BASE).rstrip("/"),
            gateway_url=env.get("DISCORD_GATEWAY_URL", "").strip() or None,
            locale=locale,
            timer_seconds=timer_seconds,
            abandon_after_hours=abandon_hours,
            loop_lag_file=env.get("TAVOLO_LOOP_LAG_FILE", "").strip() or None,
            shards=shards,
            shard_lease_seconds=lease_seconds,
        )
