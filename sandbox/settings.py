"""The sandbox's settings, read from the environment (and `.env`): see `.env.example`."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 8765


class BadSetting(Exception):
    """A sandbox setting has a value it cannot use; the message names it."""


@dataclass(frozen=True)
class SandboxSettings:
    """Where the sandbox keeps its games and where its page listens.

    `host` is 127.0.0.1 unless TAVOLO_SANDBOX_HOST names another address explicitly;
    `port` 0 picks a free one."""

    db_path: str = "sandbox.db"
    host: str = LOOPBACK
    port: int = DEFAULT_PORT

    @property
    def world_path(self) -> str:
        """The file holding the fake server (ids, members, messages, pictures) beside the
        bot's database, so games and their channels survive a restart together."""
        path = Path(self.db_path)
        return str(path.with_name(f"{path.stem}-world{path.suffix or '.db'}"))

    @property
    def loopback_only(self) -> bool:
        """Whether only this machine can open the page."""
        return self.host in (LOOPBACK, "localhost", "::1")

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> SandboxSettings:
        """Build settings from `env` (default: the process environment); raise BadSetting."""
        env = dict(os.environ if env is None else env)
        port_text = env.get("TAVOLO_SANDBOX_PORT", "").strip() or str(DEFAULT_PORT)
        if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
            raise BadSetting("TAVOLO_SANDBOX_PORT (a port number, 0 for any free one)")
        return cls(
            db_path=env.get("TAVOLO_SANDBOX_DB", "").strip() or "sandbox.db",
            host=env.get("TAVOLO_SANDBOX_HOST", "").strip() or LOOPBACK,
            port=int(port_text),
        )
