"""Settings from the environment: the timer check interval (TAVOLO_TIMER_SECONDS)."""

from __future__ import annotations

import pytest

from config import DEFAULT_TIMER_SECONDS, MissingSetting, Settings


def test_the_timer_interval_defaults_to_thirty_seconds() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": "x"}).timer_seconds == DEFAULT_TIMER_SECONDS == 30


def test_the_timer_interval_is_read_and_checked() -> None:
    env = {"DISCORD_TOKEN": "x", "TAVOLO_TIMER_SECONDS": "5"}
    assert Settings.from_env(env).timer_seconds == 5
    for bad in ("0", "-3", "soon", "7200"):
        with pytest.raises(MissingSetting, match="TAVOLO_TIMER_SECONDS"):
            Settings.from_env({**env, "TAVOLO_TIMER_SECONDS": bad})
