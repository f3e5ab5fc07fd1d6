"""Channels: guild text channels, threads under them, and a user's DM with the bot."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import permissions as perms
from .errors import missing_access, missing_permissions
from .snowflakes import iso_now

if TYPE_CHECKING:
    from .guilds import FakeGuild, FakeRole
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
    overwrites: dict[int, perms.Overwrite] = field(default_factory=dict)

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

    def set_overwrite(self, target: FakeRole | FakeUser, *, allow: int = 0, deny: int = 0) -> None:
        """Set this channel's overwrite for a role or a member (CHANNEL_UPDATE goes out)."""
        if self.guild is None or self.type == PUBLIC_THREAD:
            raise ValueError("overwrites belong to guild channels (threads use their parent's)")
        kind = perms.MEMBER if hasattr(target, "username") else perms.ROLE
        self.overwrites[target.id] = perms.Overwrite(target.id, kind, allow, deny)
        self.guild._changed("CHANNEL_UPDATE", self.payload())

    def hide_from(self, target: FakeRole | FakeUser) -> None:
        """Deny VIEW_CHANNEL to a role or a member here."""
        self.set_overwrite(target, deny=perms.VIEW_CHANNEL)

    def bot_permissions(self) -> int:
        """What the bot may do here (everything in a DM)."""
        if self.guild is None:
            return perms.ALL
        return self.guild.permissions_in(self, self.fake.bot_user)

    def check_bot_sees(self) -> None:
        """As Discord refuses a bot request in a channel it cannot see: 50001 Missing Access."""
        if not self.bot_permissions() & perms.VIEW_CHANNEL:
            raise missing_access()

    def check_bot_sends(self, *, files: bool) -> None:
        """As Discord refuses a bot's new message here: 50001 without VIEW_CHANNEL, 50013
        without SEND_MESSAGES (SEND_MESSAGES_IN_THREADS in a thread) or, for a message with
        files, without ATTACH_FILES."""
        self.check_bot_sees()
        bits = self.bot_permissions()
        send = perms.SEND_MESSAGES_IN_THREADS if self.type == PUBLIC_THREAD else perms.SEND_MESSAGES
        if not bits & send or (files and not bits & perms.ATTACH_FILES):
            raise missing_permissions()

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
                position=self.position,
                permission_overwrites=[o.payload() for o in self.overwrites.values()],
                topic=self.topic,
                nsfw=False,
            )
        if for_user is not None:
            data["permissions"] = str(self.guild.permissions_in(self, for_user))
        return data
