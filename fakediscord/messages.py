"""Messages and attachments as the fake stores them: live objects that follow edits."""

from __future__ import annotations

import copy
import re
import struct
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .snowflakes import iso_now

if TYPE_CHECKING:
    from .channels import FakeChannel
    from .users import FakeUser

EPHEMERAL = 1 << 6
LOADING = 1 << 7
MENTION = re.compile(r"<@!?(\d+)>")


def _image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) of a PNG, else None."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    return None


@dataclass(eq=False)
class FakeAttachment:
    """An uploaded file, served back at `url` on loopback."""

    id: int
    filename: str
    content_type: str
    data: bytes = field(repr=False)
    url: str
    description: str | None = None
    ephemeral: bool = False

    def payload(self) -> dict[str, Any]:
        """The attachment object."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.ephemeral:
            data["ephemeral"] = True
        if size := _image_size(self.data):
            data["width"], data["height"] = size
        return data


@dataclass(eq=False)
class FakeMessage:
    """A message. Edits change it in place; `revisions` keeps every earlier payload."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    visible_to: FakeUser | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    interaction: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    pinged: set[int] = field(default_factory=set)
    deleted: bool = False
    revisions: list[dict[str, Any]] = field(default_factory=list, repr=False)

    @property
    def ephemeral(self) -> bool:
        """Whether only `visible_to` can see it."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether it is a deferred "thinking..." placeholder not filled in yet."""
        return bool(self.flags & LOADING)

    def mentions(self) -> list[int]:
        """User ids written as `<@id>` in the content."""
        return [int(m) for m in MENTION.findall(self.content)]

    def payload(self) -> dict[str, Any]:
        """The message object as the REST API returns it."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "content": self.content,
            "author": self.author.payload(),
            "attachments": [a.payload() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "mentions": self._mention_payloads(),
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "flags": self.flags,
        }
        optional = {
            "webhook_id": str(self.webhook_id) if self.webhook_id else None,
            "application_id": str(self.application_id) if self.application_id else None,
            "interaction_metadata": self.interaction_metadata,
            "interaction": self.interaction,
            "message_reference": self.message_reference,
        }
        data.update({k: copy.deepcopy(v) for k, v in optional.items() if v is not None})
        return data

    def event_payload(self) -> dict[str, Any]:
        """The payload for MESSAGE_CREATE/UPDATE (adds `guild_id` and `member`)."""
        data = self.payload()
        guild = self.channel.guild
        if guild is not None:
            data["guild_id"] = str(guild.id)
            member = guild.members.get(self.author.id)
            if member is not None:
                data["member"] = member.payload(with_user=False)
        return data

    def snapshot(self) -> None:
        """Keep the current state in `revisions` (before an edit)."""
        self.revisions.append(self.payload())

    def _mention_payloads(self) -> list[dict[str, Any]]:
        world = self.channel.fake.world
        return [world.users[i].payload() for i in self.mentions() if i in world.users]
