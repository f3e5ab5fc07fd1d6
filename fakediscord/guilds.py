"""Guilds with their roles, members (who may be kicked or banned) and channels; permissions
in the guild and in a channel (with its overwrites, `permissions.in_channel`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import permissions as perms
from .channels import PUBLIC_THREAD, TEXT, FakeChannel
from .snowflakes import iso_now

if TYPE_CHECKING:
    from .server import FakeDiscord
    from .users import FakeUser


@dataclass(eq=False)
class FakeRole:
    """A guild role; the @everyone role has the guild's id."""

    id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        """`<@&id>`."""
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        """The role object."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class FakeMember:
    """A user's membership of a guild."""

    user: FakeUser
    roles: list[FakeRole] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        """The guild member object (without `user` inside `resolved.members`)."""
        data: dict[str, Any] = {
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r.id) for r in self.roles],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
            "unusual_dm_activity_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass(eq=False)
class FakeGuild:
    """A server: roles, members (the bot included) and channels."""

    fake: FakeDiscord = field(repr=False)
    id: int
    name: str
    owner: FakeUser | None = None
    locale: str = "en-US"
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    bans: set[int] = field(default_factory=set)
    created_at: str = field(default_factory=iso_now)
    on_change: Callable[[str, dict[str, Any]], None] | None = field(default=None, repr=False)

    @property
    def everyone(self) -> FakeRole:
        """The @everyone role."""
        return self.roles[self.id]

    @property
    def bot_role(self) -> FakeRole:
        """The bot's managed role."""
        return next(r for r in self.roles.values() if r.managed)

    def add_role(self, name: str, permissions: int = 0) -> FakeRole:
        """A new role with these permission bits."""
        role = FakeRole(self.fake.ids.next(), name, permissions, position=len(self.roles))
        self.roles[role.id] = role
        self._changed("GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.payload()})
        return role

    def add_member(self, user: FakeUser, roles: Iterable[FakeRole] = ()) -> FakeMember:
        """Make `user` a member (idempotent; adds roles to an existing membership)."""
        member = self.members.get(user.id)
        if member is None:
            member = self.members[user.id] = FakeMember(user)
            self._changed("GUILD_MEMBER_ADD", {"guild_id": str(self.id), **member.payload()})
        member.roles.extend(r for r in roles if r not in member.roles)
        return member

    def kick(self, user: FakeUser) -> None:
        """Remove `user` from the guild (GUILD_MEMBER_REMOVE, sent to bots with the members
        intent only); they may be added again."""
        if self.members.pop(user.id, None) is not None:
            data = {"guild_id": str(self.id), "user": user.payload()}
            self._changed("GUILD_MEMBER_REMOVE", data)

    def ban(self, user: FakeUser) -> None:
        """Kick `user` and remember the ban."""
        self.bans.add(user.id)
        self.kick(user)

    def grant(self, user: FakeUser, role: FakeRole) -> None:
        """Give a member a role."""
        self.add_member(user, [role])

    def add_text_channel(self, name: str, *, topic: str | None = None) -> FakeChannel:
        """A new text channel."""
        return self.add_channel(name, kind=TEXT, topic=topic)

    def add_channel(
        self,
        name: str,
        *,
        kind: int = TEXT,
        parent: FakeChannel | None = None,
        topic: str | None = None,
        channel_id: int | None = None,
    ) -> FakeChannel:
        """A new channel of type `kind` (0 text, 11 public thread); `channel_id` picks its id."""
        channel = FakeChannel(
            self.fake,
            channel_id or self.fake.ids.next(),
            kind,
            name=name,
            guild=self,
            parent=parent,
            topic=topic,
            position=len(self.channels),
        )
        self.channels[channel.id] = channel
        self.fake.world.channels[channel.id] = channel
        event = "THREAD_CREATE" if kind == PUBLIC_THREAD else "CHANNEL_CREATE"
        self._changed(event, channel.payload())
        return channel

    def member(self, user: FakeUser) -> FakeMember:
        """The membership of `user` (KeyError if not a member)."""
        return self.members[user.id]

    def permissions_for(self, user: FakeUser) -> int:
        """@everyone | roles; everything for the owner or an administrator."""
        if self.owner is user:
            return perms.ALL
        member = self.members.get(user.id)
        bits = self.everyone.permissions
        for role in member.roles if member else []:
            bits |= role.permissions
        return perms.ALL if bits & perms.ADMINISTRATOR else bits

    def permissions_in(self, channel: FakeChannel, user: FakeUser) -> int:
        """The member's permissions in `channel`: the guild's, then the channel's overwrites
        (a thread's are its parent's); everything for the owner; none for a non-member."""
        if self.owner is user:
            return perms.ALL
        member = self.members.get(user.id)
        if member is None:
            return 0
        source = channel.parent if channel.parent is not None else channel
        return perms.in_channel(
            self.permissions_for(user),
            source.overwrites.values(),
            everyone_id=self.id,
            role_ids=[r.id for r in member.roles],
            user_id=user.id,
        )

    def payload(self) -> dict[str, Any]:
        """The guild object (as GET /guilds/{id} returns it)."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner.id if self.owner else self.fake.bot_user.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "widget_enabled": False,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
        }

    def create_payload(self) -> dict[str, Any]:
        """The GUILD_CREATE event body: the guild plus members, channels and threads."""
        channels = [c for c in self.channels.values() if c.type != PUBLIC_THREAD]
        threads = [c for c in self.channels.values() if c.type == PUBLIC_THREAD]
        return {
            **self.payload(),
            "joined_at": self.created_at,
            "large": False,
            "unavailable": False,
            "lazy": True,
            "member_count": len(self.members),
            "members": [m.payload() for m in self.members.values()],
            "channels": [c.payload() for c in channels],
            "threads": [c.payload() for c in threads],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "embedded_activities": [],
        }

    def _changed(self, event: str, data: dict[str, Any]) -> None:
        if self.on_change is not None:
            self.on_change(event, data)
