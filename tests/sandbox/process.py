"""Start the sandbox as its own process (the Python entry point or `scripts/run.sh`), read the
address it prints, and stop it (SIGTERM to its own process group) when done."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = re.compile(r"open (http://127\.0\.0\.1:\d+/)")
START_TIMEOUT = 90.0


@dataclass
class Running:
    """A started sandbox: its page's address and every line it printed so far."""

    url: str
    lines: list[str] = field(default_factory=list)

    @property
    def output(self) -> str:
        return "\n".join(self.lines)


@contextmanager
def sandbox_process(command: list[str], tmp: Path, **env: str) -> Iterator[Running]:
    """Run `command` from the repository root with a fresh sandbox database in `tmp`, any free
    port and no DISCORD_TOKEN (nor a `.env` one); yields once the page's address is printed."""
    empty_env = tmp / "empty.env"
    empty_env.write_text("")
    settings = {
        **{k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"},
        "TAVOLO_SANDBOX_DB": str(tmp / "sandbox.db"),
        "TAVOLO_SANDBOX_PORT": "0",
        "TAVOLO_ENV_FILE": str(empty_env),
        "PYTHONUNBUFFERED": "1",
        **env,
    }
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=settings,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    running = Running("")
    try:
        while not running.url:
            try:
                line = lines.get(timeout=START_TIMEOUT)
            except queue.Empty as late:
                raise AssertionError(f"no address within {START_TIMEOUT:.0f}s") from late
            if line is None:
                raise AssertionError(f"the sandbox stopped:\n{running.output}")
            running.lines.append(line)
            if found := ADDRESS.search(line):
                running.url = found.group(1)
        # The lines printed right after the address (who can open it, how to go to Discord).
        for _ in range(3):
            line = lines.get(timeout=10)
            if line is not None:
                running.lines.append(line)
        yield running
    finally:
        with_group(process, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with_group(process, signal.SIGKILL)
            process.wait(timeout=5)


def with_group(process: subprocess.Popen[str], signum: int) -> None:
    """Send `signum` to the process group the sandbox was started in (its own session)."""
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signum)
