"""Starting the bot from the command line with missing or bad settings: one line, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _start(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """`python bot.py` run from an empty folder (no .env) with only `settings` in its env."""
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), **settings}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_a_token_the_bot_names_the_missing_setting_in_one_line(tmp_path: Path) -> None:
    done = _start(tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "tavolo: missing setting DISCORD_TOKEN; see .env.example\n"


@pytest.mark.parametrize(
    ("name", "value"),
    [("TAVOLO_LOG_LEVEL", "chatty"), ("TAVOLO_TIMER_SECONDS", "0"), ("TAVOLO_TEST_GUILD_ID", "x")],
)
def test_a_bad_setting_is_named_in_one_line(tmp_path: Path, name: str, value: str) -> None:
    done = _start(tmp_path, DISCORD_TOKEN="not-a-real-token", **{name: value})
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"tavolo: missing setting {name}")
    assert "Traceback" not in done.stderr
