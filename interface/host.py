"""What the Discord interface uses of the bot that runs it (`bot.TavoloBot` is one), so the
interface needs no import of the bot: its settings, store, table service, remembered DM
channels, and a few discord.py client calls."""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from config import Settings
from db.store import Store
from interface.languages import MemberLanguages
from service.tables import TableService


class Host(Protocol):
    """The bot as the interface sees it."""

    settings: Settings
    store: Store
    tables: TableService
    dm_channels: dict[int, int]  # user id -> DM channel id
    languages: MemberLanguages  # members' own languages
    http: discord.http.HTTPClient

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


def host(interaction: discord.Interaction[Any]) -> Host:
    """The bot that received an interaction (always a `Host`: it runs the interface)."""
    return cast(Host, interaction.client)
