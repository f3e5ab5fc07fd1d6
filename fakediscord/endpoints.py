"""Point discord.py at a FakeDiscord (and back): Route.BASE and the default gateway URL."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

import discord
import yarl

if TYPE_CHECKING:
    from .server import FakeDiscord


@contextlib.contextmanager
def pointed_at(fake: FakeDiscord) -> Iterator[None]:
    """Within the block discord.py talks to `fake`; the previous endpoints are restored after."""
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
