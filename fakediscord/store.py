"""The fake's state: who exists, which channels and messages, and who can see what."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from .channels import DM, FakeChannel
from .events import MessageLog
from .guilds import FakeGuild
from .messages import FakeAttachment, FakeMessage
from .permissions import VIEW_CHANNEL
from .users import FakeUser

if TYPE_CHECKING:
    from .server import FakeDiscord


class World:
    """Users, guilds, channels, messages and attachments; `changed()` wakes waiters; `log`
    keeps every create, edit and delete of a message in order (`events.MessageLog`)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.attachments: dict[int, FakeAttachment] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        self.shown: dict[int, list[str]] = {}
        self.log = MessageLog()
        self._version = 0
        self._event = asyncio.Event()

    # -- change notification ------------------------------------------------------------
    def changed(self) -> None:
        """Something changed: wake everyone waiting in `wait_until`."""
        self._version += 1
        self._event.set()
        self._event = asyncio.Event()

    async def wait_change(self, timeout: float) -> None:
        """Wait for the next change (or the timeout, silently)."""
        event = self._event
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    # -- lookups ------------------------------------------------------------------------
    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The user's DM channel with the bot (created on first use)."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.fake, self.fake.ids.next(), DM, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def last_message_id(self, channel: FakeChannel) -> str | None:
        """Id of the newest public message in the channel."""
        found = self.channel_messages(channel)
        return str(found[-1].id) if found else None

    def add_message(self, message: FakeMessage) -> FakeMessage:
        """Store a new message and wake waiters."""
        self.messages[message.id] = message
        for attachment in message.attachments:
            self.attachments[attachment.id] = attachment
        self.changed()
        return message

    def channel_messages(self, channel: FakeChannel) -> list[FakeMessage]:
        """Public (non-ephemeral), non-deleted messages of a channel, oldest first."""
        return [
            m
            for m in self.messages.values()
            if m.channel is channel and not m.deleted and m.visible_to is None
        ]

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        """Non-deleted, non-ephemeral messages in the user's DM."""
        channel = self.dm_channels.get(user.id)
        return self.channel_messages(channel) if channel else []

    def ephemerals_for(self, user: FakeUser) -> list[FakeMessage]:
        """Non-deleted ephemeral messages shown to `user`."""
        return [m for m in self.messages.values() if m.visible_to is user and not m.deleted]

    def can_see(self, user: FakeUser, message: FakeMessage) -> bool:
        """Whether `user` can see `message` (ignoring deletion)."""
        if message.visible_to is not None:
            return message.visible_to is user
        channel = message.channel
        if channel.type == DM:
            return channel.recipient is user
        guild = channel.guild
        if guild is None or user.id not in guild.members:
            return False
        return bool(guild.permissions_in(channel, user) & VIEW_CHANNEL)

    def visible_to(self, user: FakeUser, *, include_deleted: bool = False) -> list[FakeMessage]:
        """Every message `user` can (or could, before deletion) see, oldest first."""
        return [
            m
            for m in self.messages.values()
            if (include_deleted or not m.deleted) and self.can_see(user, m)
        ]

    def remember_shown(self, user: FakeUser, texts: list[str]) -> None:
        """Record text shown to `user` outside messages (autocomplete choices, modals)."""
        self.shown.setdefault(user.id, []).extend(texts)
