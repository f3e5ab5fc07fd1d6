"""What a call to Discord can fail with, and what some failures mean.

discord.py raises `discord.HTTPException` for an answer Discord gave, but the network below it
raises aiohttp's and the OS's own errors (a dropped connection, a refused one, a timeout). After
a commit, every call to Discord must survive all of them.
"""

from __future__ import annotations

import asyncio

import aiohttp
import discord

DISCORD_FAILURES: tuple[type[BaseException], ...] = (
    discord.HTTPException,
    aiohttp.ClientError,
    OSError,
    asyncio.TimeoutError,
)
"""Every failure discord.py lets through from one REST call."""

UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
DM_CLOSED = 50007


def channel_unknown(exc: BaseException) -> bool:
    """Whether Discord answered that the channel does not exist (deleted: 404, code 10003)."""
    return isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL


def cannot_post(exc: BaseException) -> bool:
    """Whether Discord refused because the bot may not see or post in the channel."""
    return isinstance(exc, discord.Forbidden) and exc.code in (MISSING_ACCESS, MISSING_PERMISSIONS)


def dm_closed(exc: BaseException) -> bool:
    """Whether Discord refused a DM because the user does not accept them (403, 50007)."""
    return isinstance(exc, discord.Forbidden) and exc.code == DM_CLOSED
