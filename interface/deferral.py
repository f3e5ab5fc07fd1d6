"""Answering inside Discord's 3-second window when the work behind an interaction is slow.

Most actions commit and answer in milliseconds, but some are followed by many bot moves (a
game of bots after the last member leaves, a start where bots play first), and a busy machine
can stall anything. `in_time` runs the work and, if it has not finished after SLOW_SECONDS,
acknowledges the interaction first ("deferred"), so Discord is always answered in time; the
caller then answers with `respond` (a follow-up once deferred), or edits the original
response.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from interface.failures import DISCORD_FAILURES

log = logging.getLogger("tavolo.cogs")
T = TypeVar("T")

SLOW_SECONDS = 1.5  # Discord allows 3 s for the first answer; the rest is for the network


async def in_time(interaction: discord.Interaction, work: Awaitable[T], *, ephemeral: bool) -> T:
    """The result of `work`; if it takes longer than SLOW_SECONDS the interaction is deferred
    meanwhile (a component: silently; a slash command: "thinking…", ephemeral as asked, which
    fixes the visibility of the answer that follows). `work` is never cancelled."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=SLOW_SECONDS)
    if not done:
        await acknowledge(interaction, ephemeral=ephemeral)
    return await task


async def acknowledge(interaction: discord.Interaction, *, ephemeral: bool) -> None:
    """Defer the interaction unless it was already answered; a failure is logged, not raised."""
    if interaction.response.is_done():
        return
    try:
        if interaction.type is discord.InteractionType.application_command:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        else:
            await interaction.response.defer()
    except DISCORD_FAILURES:
        log.info("could not defer interaction %s", interaction.id)


async def respond(
    interaction: discord.Interaction, content: str, *, ephemeral: bool, **kwargs: Any
) -> None:
    """Send `content` as the interaction's answer, or as a follow-up once it was deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
