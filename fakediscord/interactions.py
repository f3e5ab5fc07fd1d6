"""Interactions: the INTERACTION_CREATE payload, the token's lifetime, and what the bot answered.

Discord's rules enforced here: the initial response must arrive within `deadline` seconds
(3 s) of dispatch, else 10062 "Unknown interaction"; only one initial response (40060);
follow-ups and edits through the token work for `token_ttl` (15 min) after an initial response.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ErrorAnswer, unknown_interaction, unknown_webhook
from .uploads import ATTACHMENT_SIZE_LIMIT

if TYPE_CHECKING:
    from .channels import FakeChannel
    from .messages import FakeMessage
    from .server import FakeDiscord
    from .users import FakeUser

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
TYPE_NAMES = {2: "command", 3: "component", 4: "autocomplete", 5: "modal submit"}


class NoResponse(AssertionError):
    """The bot did not give an (accepted) initial response in time."""


@dataclass(eq=False)
class InteractionResult:
    """One dispatched interaction and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    label: str
    payload: dict[str, Any] = field(repr=False)
    source_message: FakeMessage | None = field(default=None, repr=False)
    dispatched_at: float = 0.0
    answered_at: float | None = None  # loop time the initial response was accepted
    response_type: int | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    refusals: list[ErrorAnswer] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def acknowledged(self) -> bool:
        """Whether an initial response was accepted."""
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        """Whether the initial response was a deferral (5 or 6)."""
        return self.response_type in (5, 6)

    @property
    def message(self) -> FakeMessage | None:
        """The original response message (for 6/7: the message whose component was used)."""
        return self.original

    @property
    def messages(self) -> list[FakeMessage]:
        """The original response (if a message) and the follow-ups, in order."""
        found = [self.original] if self.original is not None else []
        return found + [m for m in self.followups if m is not self.original]

    @property
    def ephemeral(self) -> bool:
        """Whether the original response is ephemeral."""
        return self.original is not None and self.original.ephemeral

    @property
    def content(self) -> str:
        """The original response's content ("" if none)."""
        return self.original.content if self.original is not None else ""


class InteractionEngine:
    """Creates interactions, dispatches them over the gateway, tracks their tokens."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.deadline = 3.0
        self.token_ttl = 15 * 60.0
        self.by_token: dict[str, InteractionResult] = {}
        self.history: list[InteractionResult] = []

    async def run(
        self,
        user: FakeUser,
        channel: FakeChannel,
        kind: int,
        data: dict[str, Any],
        *,
        label: str,
        source: FakeMessage | None = None,
        timeout: float | None = None,
        settle: bool = True,
    ) -> InteractionResult:
        """Dispatch an interaction and wait for the initial response (then, if `settle`, for
        quiet: load generators that keep many interactions in flight pass False).

        Raises NoResponse if the bot did not answer (or was refused) within the deadline.
        """
        guild_id = channel.guild.id if channel.guild is not None else None
        if self.fake.gateway.holder(guild_id) is None:
            raise RuntimeError("no bot session holds the shard of this channel's server")
        if channel.guild is not None and user.id not in channel.guild.members:
            raise AssertionError(f"{user.username} is not a member of {channel.guild.name}")
        result = InteractionResult(
            id=self.fake.ids.next(),
            token="aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48),
            type=kind,
            user=user,
            channel=channel,
            label=label,
            payload={},
            source_message=source,
        )
        result.payload = self.envelope(result, data)
        self.by_token[result.token] = result
        self.history.append(result)
        result.dispatched_at = asyncio.get_running_loop().time()
        await self.fake.gateway.dispatch("INTERACTION_CREATE", result.payload)
        wait = self.deadline + 0.5 if timeout is None else timeout
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(result.answered.wait(), wait)
        if not result.acknowledged:
            refused = "; ".join(f"{r.code} {r.message}" for r in result.refusals) or "no answer"
            raise NoResponse(f"the bot did not answer {label} within {wait:.1f}s ({refused})")
        if settle:
            await self.fake.settle()
        return result

    def envelope(self, result: InteractionResult, data: dict[str, Any]) -> dict[str, Any]:
        """The INTERACTION_CREATE body, shaped as Discord sends it."""
        fake, user, channel = self.fake, result.user, result.channel
        guild = channel.guild
        payload: dict[str, Any] = {
            "id": str(result.id),
            "application_id": str(fake.application_id),
            "type": result.type,
            "data": data,
            "token": result.token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": channel.payload(for_user=user if guild else None),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if guild is not None:
            member = guild.member(user).payload()
            member["permissions"] = str(guild.permissions_in(channel, user))
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member=member,
                app_permissions=str(guild.permissions_in(channel, fake.bot_user)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=user.payload(),
                app_permissions=str(fake.dm_app_permissions),
                authorizing_integration_owners={"0": "0"},
                context=1,
            )
        if result.source_message is not None:
            payload["message"] = result.source_message.payload()
        return payload

    # -- token checks used by the REST routes -------------------------------------------
    def for_callback(self, interaction_id: str, token: str) -> InteractionResult:
        """The interaction a callback answers; 10062 if unknown or past the deadline."""
        result = self.by_token.get(token)
        if result is None or str(result.id) != interaction_id:
            raise unknown_interaction()
        elapsed = asyncio.get_running_loop().time() - result.dispatched_at
        if elapsed > self.deadline and not result.acknowledged:
            raise unknown_interaction()
        return result

    def for_webhook(self, application_id: str, token: str) -> InteractionResult:
        """The interaction behind a follow-up webhook; 10015 if unknown, unanswered or expired."""
        result = self.by_token.get(token)
        if result is None or application_id != str(self.fake.application_id):
            raise unknown_webhook()
        elapsed = asyncio.get_running_loop().time() - result.dispatched_at
        if not result.acknowledged or elapsed > self.token_ttl:
            raise unknown_webhook()
        return result

    def metadata(self, result: InteractionResult, *, followup_of: int | None = None) -> dict:
        """`interaction_metadata` for a message created by this interaction."""
        data: dict[str, Any] = {
            "id": str(result.id),
            "type": result.type,
            "user": result.user.payload(),
            "authorizing_integration_owners": result.payload["authorizing_integration_owners"],
        }
        if result.type == APPLICATION_COMMAND:
            data.update(name=result.label.lstrip("/"), command_type=1)
        if result.source_message is not None:
            data["interacted_message_id"] = str(result.source_message.id)
        if followup_of is not None:
            data["original_response_message_id"] = str(followup_of)
        return data

    def legacy_interaction(self, result: InteractionResult) -> dict[str, Any]:
        """The deprecated `interaction` field of a response message."""
        data = result.payload["data"]
        name = result.label.lstrip("/") if result.type == APPLICATION_COMMAND else None
        return {
            "id": str(result.id),
            "type": result.type,
            "name": name or data.get("custom_id") or "",
            "user": result.user.payload(),
        }
