"""`scripts/run.sh` (with TAVOLO_SKIP_INSTALL=1: no pip in tests): without a DISCORD_TOKEN it
starts the sandbox, says where and to whom its page answers and how to go to Discord instead,
and the page answers; with a token (here from the .env file) it starts the bot instead."""

from __future__ import annotations

import json
import subprocess
import urllib.request
from pathlib import Path

from tests.sandbox.process import ROOT, sandbox_process

RUN = str(ROOT / "scripts" / "run.sh")


def fetch(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read().decode()


def test_run_sh_without_a_token_starts_the_sandbox_and_its_page_answers(tmp_path: Path) -> None:
    with sandbox_process([RUN], tmp_path, TAVOLO_SKIP_INSTALL="1") as sandbox:
        status, page = fetch(sandbox.url)
        assert status == 200 and "<title>Tavolo sandbox</title>" in page
        _, state = fetch(sandbox.url + "api/state")
        world = json.loads(state)
        assert [c["name"] for c in world["channels"]] == ["general", "games", "more-games"]
        assert [m["name"] for m in world["members"]] == ["alice", "bob"]
    out = sandbox.output
    assert "No DISCORD_TOKEN set: starting the sandbox" in out
    assert "Listening on 127.0.0.1 only" in out
    assert "To run Tavolo on Discord instead, set DISCORD_TOKEN in .env" in out
    assert (tmp_path / "sandbox.db").exists()


def test_run_sh_with_a_token_in_the_env_file_starts_the_bot_not_the_sandbox(
    tmp_path: Path,
) -> None:
    env_file = tmp_path / "with-token.env"
    env_file.write_text("DISCORD_TOKEN=not-a-real-token\n")
    env = {
        "PATH": "/usr/bin:/bin",
        "TAVOLO_SKIP_INSTALL": "1",
        "TAVOLO_ENV_FILE": str(env_file),
        # An unusable setting stops bot.py at once, before it goes anywhere near Discord.
        "TAVOLO_LOG_LEVEL": "LOUD",
    }
    done = subprocess.run([RUN], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "tavolo: missing setting TAVOLO_LOG_LEVEL" in done.stderr
    assert "sandbox" not in done.stdout + done.stderr
