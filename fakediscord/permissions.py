"""Permission bits, and how Discord computes a member's permissions in a channel: the guild's
(@everyone, then the member's roles; everything for the owner or an administrator), then the
channel's overwrites (@everyone's, the roles' together, the member's own: each deny, then
allow). A thread takes its parent channel's overwrites."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
MENTION_EVERYONE = 1 << 17
CONNECT = 1 << 20
SPEAK = 1 << 21
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL = (1 << 51) - 1

EVERYONE_DEFAULT = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CONNECT
    | SPEAK
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_DEFAULT = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)


ROLE, MEMBER = 0, 1  # overwrite types


@dataclass
class Overwrite:
    """A channel's permission overwrite for a role (`type` 0) or a member (`type` 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        """The overwrite object."""
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


def in_channel(
    base: int,
    overwrites: Iterable[Overwrite],
    *,
    everyone_id: int,
    role_ids: Iterable[int],
    user_id: int,
) -> int:
    """The permissions in a channel from the guild-level `base` (Discord's order: @everyone's
    overwrite, then the member's roles' overwrites together, then the member's own)."""
    if base & ADMINISTRATOR:
        return ALL
    found = list(overwrites)
    bits = base
    for o in found:
        if o.type == ROLE and o.id == everyone_id:
            bits = (bits & ~o.deny) | o.allow
    roles = set(role_ids)
    allow = deny = 0
    for o in found:
        if o.type == ROLE and o.id in roles and o.id != everyone_id:
            allow, deny = allow | o.allow, deny | o.deny
    bits = (bits & ~deny) | allow
    for o in found:
        if o.type == MEMBER and o.id == user_id:
            bits = (bits & ~o.deny) | o.allow
    return bits


NAMES = {
    VIEW_CHANNEL: "VIEW_CHANNEL",
    SEND_MESSAGES: "SEND_MESSAGES",
    SEND_MESSAGES_IN_THREADS: "SEND_MESSAGES_IN_THREADS",
    ATTACH_FILES: "ATTACH_FILES",
    EMBED_LINKS: "EMBED_LINKS",
    READ_MESSAGE_HISTORY: "READ_MESSAGE_HISTORY",
}
