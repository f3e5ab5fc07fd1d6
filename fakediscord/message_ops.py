"""Creating, editing and deleting messages from request bodies (JSON or multipart)."""

from __future__ import annotations

import copy
import time
from typing import TYPE_CHECKING, Any

from .bodies import UploadedFile
from .errors import too_large
from .extra_checks import walk_components
from .messages import EPHEMERAL, LOADING, FakeAttachment, FakeMessage
from .snowflakes import iso_now
from .uploads import ATTACHMENT_SIZE_LIMIT

if TYPE_CHECKING:
    from .channels import FakeChannel
    from .server import FakeDiscord
    from .users import FakeUser

GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 9, 1 << 12
NONCE_SECONDS = 300.0  # Discord: an enforced nonce is unique "in the past few minutes"
KEPT_FLAGS = (1 << 2) | (1 << 12) | (1 << 15)  # SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, V2
REPLY = 19


class MessageOps:
    """Turns validated bodies into stored messages and tells the gateway about them."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self._nonces: dict[tuple[int, int, str], tuple[float, FakeMessage]] = {}

    def create(
        self,
        channel: FakeChannel,
        payload: dict[str, Any],
        files: list[UploadedFile],
        *,
        author: FakeUser | None = None,
        visible_to: FakeUser | None = None,
        loading: bool = False,
        kind: int = 0,
        extra: dict[str, Any] | None = None,
    ) -> FakeMessage:
        """A new message; ephemeral (flag 64) when `visible_to` is given. With `nonce` and
        `enforce_nonce`, a second create with the same nonce by the same author in the same
        channel within a few minutes answers the first message and creates nothing."""
        nonce = payload.get("nonce") if payload.get("enforce_nonce") else None
        key = (channel.id, (author or self.fake.bot_user).id, str(nonce))
        if nonce is not None and key in self._nonces:
            when, earlier = self._nonces[key]
            if time.monotonic() - when < NONCE_SECONDS:
                return earlier
        _check_sizes(files)
        flags = (payload.get("flags") or 0) & KEPT_FLAGS
        if visible_to is not None:
            flags |= EPHEMERAL
        if loading:
            flags |= LOADING
        reference = payload.get("message_reference")
        message = FakeMessage(
            id=self.fake.ids.next(),
            channel=channel,
            author=author or self.fake.bot_user,
            content=payload.get("content") or "",
            flags=flags,
            type=REPLY if reference and kind == 0 else kind,
            visible_to=visible_to,
            message_reference=_reference(reference, channel) if reference else None,
            **(extra or {}),
        )
        message.attachments = self._new_attachments(message, payload, files)
        message.embeds = self._embeds(payload.get("embeds") or [], message.attachments)
        message.components = number_components(payload.get("components") or [])
        message.pinged = _pinged(message, payload.get("allowed_mentions"))
        self.fake.world.add_message(message)
        if nonce is not None:
            self._nonces[key] = (time.monotonic(), message)
        self.fake.world.log.add("create", message)
        self._announce("MESSAGE_CREATE", message)
        return message

    def edit(
        self, message: FakeMessage, payload: dict[str, Any], files: list[UploadedFile]
    ) -> FakeMessage:
        """Apply an edit (only the fields present); a loading message gets filled in."""
        _check_sizes(files)
        message.snapshot()
        if "content" in payload:
            message.content = payload["content"] or ""
        if "attachments" in payload or files:
            message.attachments = self._edited_attachments(message, payload, files)
        if "embeds" in payload:
            message.embeds = self._embeds(payload["embeds"] or [], message.attachments)
        if "components" in payload:
            message.components = number_components(payload["components"] or [])
        if payload.get("flags") is not None:
            keep = message.flags & ~KEPT_FLAGS
            message.flags = keep | (payload["flags"] & KEPT_FLAGS)
        if message.loading:
            message.flags &= ~LOADING
        else:
            message.edited_timestamp = iso_now()
        self.fake.world.log.add("edit", message)
        self.fake.world.changed()
        self._announce("MESSAGE_UPDATE", message)
        return message

    def delete(self, message: FakeMessage) -> None:
        """Mark deleted (it stays in the store: users may have seen it)."""
        message.deleted = True
        self.fake.world.log.add("delete", message)
        self.fake.world.changed()
        if message.visible_to is None:
            data = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild is not None:
                data["guild_id"] = str(message.channel.guild.id)
            self.fake.gateway.dispatch_soon("MESSAGE_DELETE", data, intent=_intent(message))

    # -- helpers ------------------------------------------------------------------------
    def _announce(self, event: str, message: FakeMessage) -> None:
        if message.visible_to is None:
            self.fake.gateway.dispatch_soon(event, message.event_payload(), intent=_intent(message))

    def _new_attachments(
        self, message: FakeMessage, payload: dict[str, Any], files: list[UploadedFile]
    ) -> list[FakeAttachment]:
        described = {str(a.get("id")): a for a in payload.get("attachments") or []}
        return [self._store(message, f, described.get(str(f.index), {})) for f in files]

    def _edited_attachments(
        self, message: FakeMessage, payload: dict[str, Any], files: list[UploadedFile]
    ) -> list[FakeAttachment]:
        listed = payload.get("attachments")
        if listed is None:
            kept = list(message.attachments)
        else:
            wanted = {str(a.get("id")) for a in listed}
            kept = [a for a in message.attachments if str(a.id) in wanted]
        return kept + self._new_attachments(message, payload, files)

    def _store(
        self, message: FakeMessage, upload: UploadedFile, described: dict[str, Any]
    ) -> FakeAttachment:
        return self.fake.uploads.store(
            message.channel,
            upload,
            filename=described.get("filename") or upload.filename,
            description=described.get("description"),
            ephemeral=message.ephemeral,
        )

    def _embeds(
        self, embeds: list[dict[str, Any]], attachments: list[FakeAttachment]
    ) -> list[dict[str, Any]]:
        by_name = {a.filename: a for a in attachments}
        result = []
        for embed in copy.deepcopy(embeds):
            embed.setdefault("type", "rich")
            for key in ("image", "thumbnail"):
                part = embed.get(key)
                if isinstance(part, dict) and str(part.get("url", "")).startswith("attachment://"):
                    found = by_name.get(part["url"].removeprefix("attachment://"))
                    if found is not None:
                        shown = found.payload()
                        keep = ("url", "proxy_url", "width", "height", "content_type")
                        part.update({k: shown[k] for k in keep if k in shown})
            result.append(embed)
        return result


def _check_sizes(files: list[UploadedFile]) -> None:
    if any(len(f.data) > ATTACHMENT_SIZE_LIMIT for f in files):
        raise too_large()


def _intent(message: FakeMessage) -> int:
    return DIRECT_MESSAGES if message.channel.is_dm else GUILD_MESSAGES


def _reference(reference: dict[str, Any], channel: FakeChannel) -> dict[str, Any]:
    data = {
        "type": reference.get("type") or 0,
        "message_id": str(reference.get("message_id")),
        "channel_id": str(reference.get("channel_id") or channel.id),
    }
    if channel.guild is not None:
        data["guild_id"] = str(channel.guild.id)
    return data


def number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copy components, numbering those without an `id` as Discord does (1, 2, ...)."""
    components = copy.deepcopy(components)
    used = {c["id"] for _, c in walk_components(components, ()) if isinstance(c.get("id"), int)}
    next_id = 1
    for _, component in walk_components(components, ()):
        if not isinstance(component.get("id"), int):
            while next_id in used:
                next_id += 1
            component["id"] = next_id
            used.add(next_id)
    return components


def _pinged(message: FakeMessage, allowed: dict[str, Any] | None) -> set[int]:
    """Users notified by `<@id>` mentions, given `allowed_mentions` (default: all)."""
    mentioned = set(message.mentions())
    if allowed is None:
        return mentioned
    if "users" in (allowed.get("parse") or []):
        return mentioned
    return mentioned & {int(u) for u in allowed.get("users") or []}
