"""Settings from the environment: the timer check interval (TAVOLO_TIMER_SECONDS), how long a
game left to bots waits for its players (TAVOLO_ABANDON_AFTER_HOURS), and where
Discord is (DISCORD_API_BASE, DISCORD_GATEWAY_URL: a proxy or a test server)."""

from __future__ import annotations

import pytest

from config import (
    DEFAULT_ABANDON_HOURS,
    DEFAULT_API_BASE,
    DEFAULT_TIMER_SECONDS,
    MissingSetting,
    Settings,
)
from db.store import shown_url, sqlite_path
from service import timing


def test_the_timer_interval_defaults_to_thirty_seconds() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": "x"}).timer_seconds == DEFAULT_TIMER_SECONDS == 30


def test_the_timer_interval_is_read_and_checked() -> None:
    env = {"DISCORD_TOKEN": "x", "TAVOLO_TIMER_SECONDS": "5"}
    assert Settings.from_env(env).timer_seconds == 5
    for bad in ("0", "-3", "soon", "7200"):
        with pytest.raises(MissingSetting, match="TAVOLO_TIMER_SECONDS"):
            Settings.from_env({**env, "TAVOLO_TIMER_SECONDS": bad})


def test_a_deserted_game_waits_72_hours_unless_told_otherwise() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "x"})
    assert settings.abandon_after_hours == DEFAULT_ABANDON_HOURS == 72
    assert timing.DEFAULT_ABANDON_HOURS == DEFAULT_ABANDON_HOURS  # the service's own default
    env = {"DISCORD_TOKEN": "x", "TAVOLO_ABANDON_AFTER_HOURS": "12.5"}
    assert Settings.from_env(env).abandon_after_hours == 12.5
    for bad in ("0", "-3", "soon", "99999"):
        with pytest.raises(MissingSetting, match="TAVOLO_ABANDON_AFTER_HOURS"):
            Settings.from_env({**env, "TAVOLO_ABANDON_AFTER_HOURS": bad})


def test_discord_is_reached_at_its_own_address_unless_told_otherwise() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "x"})
    assert settings.api_base == DEFAULT_API_BASE == "https://discord.com/api/v10"
    assert settings.gateway_url is None  # the gateway Discord names at login
    blank = Settings.from_env(
        {"DISCORD_TOKEN": "x", "DISCORD_API_BASE": " ", "DISCORD_GATEWAY_URL": ""}
    )
    assert (blank.api_base, blank.gateway_url) == (DEFAULT_API_BASE, None)


def test_the_api_base_and_gateway_url_are_read() -> None:
    env = {
        "DISCORD_TOKEN": "x",
        "DISCORD_API_BASE": " http://127.0.0.1:8080/api/v10/ ",
        "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8080/gateway ",
    }
    settings = Settings.from_env(env)
    assert settings.api_base == "http://127.0.0.1:8080/api/v10"  # no trailing slash
    assert settings.gateway_url == "ws://127.0.0.1:8080/gateway"


def test_the_bots_default_game_language_is_english_italian_or_dutch() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": "x"}).locale == "en"
    assert Settings.from_env({"DISCORD_TOKEN": "x", "TAVOLO_LOCALE": "IT"}).locale == "it"
    with pytest.raises(MissingSetting, match="TAVOLO_LOCALE"):
        Settings.from_env({"DISCORD_TOKEN": "x", "TAVOLO_LOCALE": "de"})


def test_the_database_is_one_setting_with_the_old_name_as_an_alias() -> None:
    """TAVOLO_DATABASE_URL names a SQLite file (a path or sqlite: URL) or a PostgreSQL
    database; TAVOLO_DB_PATH, its deprecated name, is read when it is not set."""
    base = {"DISCORD_TOKEN": "x"}
    assert Settings.from_env(base).database_url == "tavolo.db"
    assert Settings.from_env({**base, "TAVOLO_DB_PATH": "old.db"}).database_url == "old.db"
    url = "postgresql://tavolo:pw@db.example:5432/tavolo"
    both = {**base, "TAVOLO_DB_PATH": "old.db", "TAVOLO_DATABASE_URL": url}
    assert Settings.from_env(both).database_url == url
    for bad in ("mysql://db/tavolo", "http://db.example/"):
        with pytest.raises(MissingSetting, match="TAVOLO_DATABASE_URL"):
            Settings.from_env({**base, "TAVOLO_DATABASE_URL": bad})


def test_a_database_url_is_shown_without_its_password() -> None:
    assert shown_url("postgresql://tavolo:secret@db:5432/t") == "postgresql://tavolo:***@db:5432/t"
    assert shown_url("postgresql://db/t") == "postgresql://db/t"
    assert shown_url("/var/lib/tavolo.db") == "/var/lib/tavolo.db"
    assert sqlite_path("sqlite:////var/lib/tavolo.db") == "/var/lib/tavolo.db"
    assert sqlite_path("sqlite:tavolo.db") == "tavolo.db"
    assert sqlite_path("tavolo.db") == "tavolo.db"
