"""Minimal stand-ins for the discord.py objects the cogs touch, to drive handlers directly.

`FakeBot` offers what the cogs and `interface.delivery` use of `TavoloBot` (tables, store,
settings, dm_channels, http.start_private_message, get_partial_messageable) and records every
message it is asked to send or edit; `fail(...)` makes chosen calls raise Discord HTTP errors.
`FakeInteraction` offers what the handlers in `cogs/` use of `discord.Interaction` and records
every answer; `response_error` makes its responses raise instead (e.g. `UNKNOWN_INTERACTION`:
the interaction timed out before it was answered). Nothing here opens a socket.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import partial
from types import SimpleNamespace
from typing import Any

import discord

from db.store import Store
from service.tables import TableService

_ids = itertools.count(900_000_000_000)


def http_error(status: int, code: int = 0, text: str = "") -> discord.HTTPException:
    """The exception discord.py raises for a failed request with this status and JSON code."""
    response = SimpleNamespace(
        status=status, reason={403: "Forbidden", 404: "Not Found"}.get(status, "Error")
    )
    body = {"code": code, "message": text or f"error {code}"}
    if status == 403:
        return discord.Forbidden(response, body)  # type: ignore[arg-type]
    if status == 404:
        return discord.NotFound(response, body)  # type: ignore[arg-type]
    if status >= 500:
        return discord.DiscordServerError(response, body)  # type: ignore[arg-type]
    return discord.HTTPException(response, body)  # type: ignore[arg-type]


DM_CLOSED = partial(http_error, 403, 50007, "Cannot send messages to this user")
MISSING_ACCESS = partial(http_error, 403, 50001, "Missing Access")
UNKNOWN_CHANNEL = partial(http_error, 404, 10003, "Unknown Channel")
UNKNOWN_MESSAGE = partial(http_error, 404, 10008, "Unknown Message")
RATE_LIMITED = partial(http_error, 429, 0, "You are being rate limited.")
SERVER_ERROR = partial(http_error, 502, 0, "Bad Gateway")
UNKNOWN_INTERACTION = partial(http_error, 404, 10062, "Unknown interaction")


@dataclass
class Sent:
    """One message the bot sent (or edited) through a fake messageable."""

    op: str  # "send" or "edit"
    channel_id: int
    message_id: int
    content: str | None
    kwargs: dict[str, Any]


@dataclass
class Fault:
    op: str  # "send", "edit" or "open_dm"
    channel_id: int | None  # None: any channel
    make: Any  # () -> exception
    times: int | None  # None: always


class FakeMessage:
    """A message as `PartialMessageable.send` returns it (only `id` is read)."""

    def __init__(self, message_id: int, channel_id: int, components: list[Any] | None = None):
        self.id = message_id
        self.channel_id = channel_id
        self.components = components or []


class FakePartialMessage:
    def __init__(self, channel: FakeChannel, message_id: int) -> None:
        self.channel, self.id = channel, message_id

    async def edit(self, **kwargs: Any) -> FakeMessage:
        self.channel.bot.check("edit", self.channel.id)
        self.channel.bot.sent.append(
            Sent("edit", self.channel.id, self.id, kwargs.get("content"), kwargs)
        )
        return FakeMessage(self.id, self.channel.id)


class FakeChannel:
    """`bot.get_partial_messageable(id)`: send, and `get_partial_message(id).edit`."""

    def __init__(self, bot: FakeBot, channel_id: int) -> None:
        self.bot, self.id = bot, channel_id

    async def send(self, content: str | None = None, **kwargs: Any) -> FakeMessage:
        self.bot.check("send", self.id)
        message = FakeMessage(next(_ids), self.id)
        self.bot.sent.append(Sent("send", self.id, message.id, content, kwargs))
        return message

    def get_partial_message(self, message_id: int) -> FakePartialMessage:
        return FakePartialMessage(self, message_id)


class FakeHTTP:
    def __init__(self, bot: FakeBot) -> None:
        self.bot = bot

    async def start_private_message(self, user_id: int) -> dict[str, Any]:
        self.bot.check("open_dm", None)
        return {"id": str(self.bot.dm_id(user_id))}


class FakeBot:
    """The parts of `TavoloBot` the cogs use, over a real store and table service."""

    def __init__(
        self, store: Store, tables: TableService | None = None, locale: str = "en"
    ) -> None:
        self.store = store
        self.tables = tables or TableService(store)
        self.settings = SimpleNamespace(locale=locale)
        self.dm_channels: dict[int, int] = {}
        self.http = FakeHTTP(self)
        self.sent: list[Sent] = []
        self.faults: list[Fault] = []
        self.calls = 0

    # -- faults
    def fail(
        self, op: str, make: Any, channel_id: int | None = None, times: int | None = None
    ) -> None:
        """Make `op` ("send", "edit", "open_dm") on `channel_id` (None: anywhere) raise."""
        self.faults.append(Fault(op, channel_id, make, times))

    def heal(self) -> None:
        self.faults.clear()

    def check(self, op: str, channel_id: int | None) -> None:
        self.calls += 1
        for fault in self.faults:
            if fault.op == op and fault.channel_id in (None, channel_id):
                if fault.times is not None:
                    if fault.times <= 0:
                        continue
                    fault.times -= 1
                raise fault.make()

    # -- discord.py surface
    @staticmethod
    def dm_id(user_id: int) -> int:
        return 7_000_000 + user_id

    def get_partial_messageable(self, channel_id: int, *, type: Any = None) -> FakeChannel:
        return FakeChannel(self, channel_id)

    def get_guild(self, guild_id: int) -> None:
        return None  # no guild cache: channel messages use `settings.locale`

    # -- reading
    def in_channel(self, channel_id: int) -> list[Sent]:
        return [s for s in self.sent if s.channel_id == channel_id]


@dataclass
class Answer:
    """One answer of a handler to an interaction."""

    how: str  # "send_message", "defer", "edit_message", "followup", "edit_original"
    content: str | None
    ephemeral: bool
    kwargs: dict[str, Any] = field(default_factory=dict)


class FakeResponse:
    """`interaction.response`; with `error` (a factory) every response raises it, and the
    interaction stays unanswered, as discord.py leaves it when Discord refuses the response."""

    def __init__(self, interaction: FakeInteraction, error: Any = None) -> None:
        self._i = interaction
        self._done = False
        self._error = error

    def is_done(self) -> bool:
        return self._done

    def _respond(self) -> None:
        if self._error is not None:
            raise self._error()
        if self._done:
            raise discord.InteractionResponded(self._i)  # type: ignore[arg-type]
        self._done = True

    async def send_message(
        self, content: str | None = None, *, ephemeral: bool = False, **kwargs: Any
    ) -> None:
        self._respond()
        self._i.answers.append(Answer("send_message", content, ephemeral, kwargs))

    async def defer(self, **kwargs: Any) -> None:
        self._respond()
        self._i.answers.append(Answer("defer", None, kwargs.get("ephemeral", False), kwargs))

    async def edit_message(self, **kwargs: Any) -> None:
        self._respond()
        self._i.answers.append(Answer("edit_message", kwargs.get("content"), False, kwargs))


class FakeFollowup:
    def __init__(self, interaction: FakeInteraction) -> None:
        self._i = interaction

    async def send(
        self, content: str | None = None, *, ephemeral: bool = False, **kwargs: Any
    ) -> None:
        self._i.answers.append(Answer("followup", content, ephemeral, kwargs))


class FakeInteraction:
    """What the handlers in `cogs/` read from a `discord.Interaction`."""

    def __init__(
        self,
        client: FakeBot,
        user_id: int,
        *,
        guild_id: int | None,
        channel_id: int | None,
        name: str | None = None,
        manager: bool = False,
        message: Any = None,
        data: dict[str, Any] | None = None,
        command: bool = False,
        locale: str = "en-US",
        response_error: Any = None,
    ) -> None:
        self.client = client
        self.id = next(_ids)
        self.user = SimpleNamespace(id=user_id, display_name=name or f"user{user_id}")
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.locale = locale
        self.guild_locale = locale if guild_id is not None else None
        self.permissions = discord.Permissions(manage_guild=manager)
        self.message = message
        self.data = data or {}
        self.type = (
            discord.InteractionType.application_command
            if command
            else discord.InteractionType.component
        )
        self.namespace = SimpleNamespace()
        self.response = FakeResponse(self, response_error)
        self.followup = FakeFollowup(self)
        self.answers: list[Answer] = []

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.answers.append(Answer("edit_original", kwargs.get("content"), False, kwargs))

    async def original_response(self) -> FakeMessage:
        return FakeMessage(next(_ids), self.channel_id or 0)

    # -- reading
    @property
    def refusals(self) -> list[str]:
        """The ephemeral texts sent in answer."""
        return [a.content or "" for a in self.answers if a.ephemeral and a.content]

    @property
    def refusal(self) -> str:
        """The one ephemeral text of a refused request (fails if there is not exactly one)."""
        texts = self.refusals
        assert len(texts) == 1, f"expected one ephemeral refusal, got {self.answers}"
        return texts[0]


def message_with(view: discord.ui.View | None, chosen: set[int] = frozenset()) -> FakeMessage:  # type: ignore[assignment]
    """A message carrying `view`'s components as Discord would send them back, with the select
    options in `chosen` marked as drafted (default) — what `interface.play_actions.drafted`
    reads."""
    rows = []
    for row in view.to_components() if view is not None else []:
        for comp in row["components"]:
            for option in comp.get("options", []):
                option["default"] = option["value"].isdigit() and int(option["value"]) in chosen
        rows.append(discord.components.ActionRow(row))  # type: ignore[arg-type]
    return FakeMessage(next(_ids), 0, rows)
