"""What a user could read: text of messages (every revision), choices and modals shown."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .store import World
    from .users import FakeUser

EMBED_HIDDEN = {"url", "proxy_url", "icon_url", "proxy_icon_url", "type", "color", "timestamp"}
COMPONENT_VISIBLE = {"label", "placeholder", "content", "description", "title"}


def embed_texts(embed: Any) -> Iterator[str]:
    """Every string a reader sees in an embed (not urls, colours or timestamps)."""
    if isinstance(embed, dict):
        for key, value in embed.items():
            if key not in EMBED_HIDDEN:
                yield from embed_texts(value)
    elif isinstance(embed, list):
        for item in embed:
            yield from embed_texts(item)
    elif isinstance(embed, str):
        yield embed


def component_texts(component: Any) -> Iterator[str]:
    """Labels, placeholders, option labels/descriptions and text displays (not custom_ids)."""
    if isinstance(component, list):
        for item in component:
            yield from component_texts(item)
    elif isinstance(component, dict):
        for key, value in component.items():
            if key in COMPONENT_VISIBLE and isinstance(value, str):
                yield value
            elif isinstance(value, dict | list) and key not in ("emoji", "media"):
                yield from component_texts(value)


def message_texts(payload: dict[str, Any]) -> Iterator[str]:
    """Content, embed text, component labels and attachment filenames of a message payload."""
    yield payload.get("content") or ""
    yield from embed_texts(payload.get("embeds") or [])
    yield from component_texts(payload.get("components") or [])
    for attachment in payload.get("attachments") or []:
        yield attachment.get("filename") or ""
        yield attachment.get("description") or ""


def sightings(world: World, user: FakeUser, text: str) -> list[str]:
    """Where `user` could have read `text`: one line per message revision or other sighting."""
    found = []
    for message in world.visible_to(user, include_deleted=True):
        for revision in [*message.revisions, message.payload()]:
            if any(text in t for t in message_texts(revision)):
                where = "DM" if message.channel.is_dm else f"#{message.channel.name}"
                kind = "ephemeral" if message.ephemeral else "message"
                found.append(f"{kind} {message.id} in {where}: {revision.get('content')!r}")
                break
    found += [f"shown: {t!r}" for t in world.shown.get(user.id, []) if text in t]
    return found
