"""Channels: guild text channels, threads under them, and a user's DM with the bot."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .snowflakes import iso_now

if TYPE_CHECKING:
    from .guilds import FakeGuild
    from .messages import FakeMessage
    from .server import FakeDiscord
    from .users import FakeUser

TEXT, DM, PUBLIC_THREAD = 0, 1, 11


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a thread in one, or a user's DM with the bot."""

    fake: FakeDiscord = field(repr=False)
    id: int
    type: int
    name: str | None = None
    guild: FakeGuild | None = field(default=None, repr=False)
    recipient: FakeUser | None = None
    parent: FakeChannel | None = field(default=None, repr=False)
    topic: str | None = None
    position: int = 0
    created_at: str = field(default_factory=iso_now)

    @property
    def mention(self) -> str:
        """`<#id>`."""
        return f"<#{self.id}>"

    @property
    def is_dm(self) -> bool:
        """Whether this is a DM channel."""
        return self.type == DM

    def messages(self) -> list[FakeMessage]:
        """Non-ephemeral, non-deleted messages in this channel, oldest first."""
        return self.fake.world.channel_messages(self)

    def add_thread(self, name: str) -> FakeChannel:
        """A public thread under this text channel (a thread is a channel for the bot)."""
        if self.guild is None or self.type != TEXT:
            raise ValueError("threads live under guild text channels")
        return self.guild.add_channel(name, kind=PUBLIC_THREAD, parent=self)

    def payload(self, for_user: FakeUser | None = None) -> dict[str, Any]:
        """The channel object; with `for_user`, adds that user's `permissions` (interactions)."""
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": self.fake.world.last_message_id(self),
                "flags": 0,
                "recipients": [self.recipient.payload()],
            }
        assert self.guild is not None
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "parent_id": str(self.parent.id) if self.parent else None,
            "last_message_id": self.fake.world.last_message_id(self),
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.type == PUBLIC_THREAD:
            data.update(
                owner_id=str(self.fake.bot_user.id),
                message_count=len(self.messages()),
                member_count=1,
                total_message_sent=len(self.messages()),
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": self.created_at,
                    "locked": False,
                    "create_timestamp": self.created_at,
                },
            )
        else:
            data.update(
                position=self.position, permission_overwrites=[], topic=self.topic, nsfw=False
            )
        if for_user is not None:
            data["permissions"] = str(self.guild.permissions_for(for_user))
        return data
