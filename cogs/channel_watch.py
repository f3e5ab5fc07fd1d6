"""A game's channel or thread deleted: its game ends at once (aborted through the table service,
as when posting its board finds the channel gone), instead of waiting for the next post."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from interface.delivery import end_without_channel

if TYPE_CHECKING:
    from bot import TavoloBot


class ChannelWatch(commands.Cog):
    """Listens for deleted channels and threads."""

    def __init__(self, bot: TavoloBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel ends its game, and the games of the threads it had (as far as
        the cache knows them)."""
        threads: list[Any] = list(getattr(channel, "threads", []))
        for channel_id in [channel.id, *(thread.id for thread in threads)]:
            await end_without_channel(self.bot, channel_id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A deleted thread ends its game. The raw event comes for every thread, cached or not
        (`on_thread_delete` only for cached ones, and archived threads are not), so it is the
        only thread listener needed."""
        await end_without_channel(self.bot, payload.thread_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ChannelWatch(bot))  # type: ignore[arg-type]
