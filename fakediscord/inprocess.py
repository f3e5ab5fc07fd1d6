"""The loopback Discord reached in-process: discord.py-shaped objects over the same `World`.

Handler-level suites (fuzzing, fault injection, authorization, logs) call the interface
handlers directly, with no socket and no gateway. `FakeBot` offers what the cogs and
`interface.delivery` use of `TavoloBot` (tables, store, settings, dm_channels,
`http.start_private_message`, `get_partial_messageable`); what it is asked to send or edit goes
through the loopback's own model: each body is built by discord.py's
`handle_message_parameters`, checked by the REST route's `extra_checks` (Discord's limits on
components, content and embeds; the OpenAPI schema is checked on the HTTP path only), stored by
`MessageOps` in `fake.world` (channels, DMs, messages, attachments), and refused with the
loopback's errors (`errors.py`) turned into the exceptions discord.py raises for them.
`fail(...)` injects such errors into chosen calls. `FakeInteraction` offers what the handlers
use of `discord.Interaction` and records every answer.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
from discord.http import handle_message_parameters

from config import Settings
from db.store import Store
from service.tables import TableService

from . import permissions as perms
from .bodies import UploadedFile
from .channels import FakeChannel
from .errors import DiscordError, Failure, cannot_dm, invalid_form_body, unknown_message
from .extra_checks import extra_problems
from .messages import FakeMessage
from .server import FakeDiscord
from .users import FakeUser
from .validation import Problem, form_errors

ErrorFactory = Callable[[], DiscordError | BaseException]
CREATE = ("POST", "/channels/{channel_id}/messages")
EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
REASONS = {400: "Bad Request", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests"}


def http_exception(error: DiscordError | BaseException) -> BaseException:
    """The exception discord.py raises when Discord answers a request with `error`; a network
    failure (`fakediscord/network.py`) is raised as it is, as aiohttp raises it."""
    if not isinstance(error, DiscordError):
        return error
    response = SimpleNamespace(status=error.status, reason=REASONS.get(error.status, "Error"))
    body = error.body()
    if error.status == 403:
        return discord.Forbidden(response, body)  # type: ignore[arg-type]
    if error.status == 404:
        return discord.NotFound(response, body)  # type: ignore[arg-type]
    if error.status >= 500:
        return discord.DiscordServerError(response, body)  # type: ignore[arg-type]
    return discord.HTTPException(response, body)  # type: ignore[arg-type]


@dataclass
class Sent:
    """One call the bot made to send (or edit) a message; `message` is the stored one."""

    op: str  # "send" or "edit"
    channel_id: int
    message_id: int
    content: str | None
    kwargs: dict[str, Any]
    message: FakeMessage = field(repr=False)


@dataclass
class Fault:
    """`op` ("send", "edit", "open_dm") on `channel_id` (None: any) answers `make()`."""

    op: str
    channel_id: int | None
    make: ErrorFactory
    times: int | None  # None: always


class DiscordMessage:
    """A stored message as discord.py hands it back: `id`, `channel_id`, and `components` as
    discord.py's component objects (what `interface.play_actions.drafted` reads)."""

    def __init__(self, stored: FakeMessage, rows: list[dict[str, Any]] | None = None) -> None:
        self.id = stored.id
        self.channel_id = stored.channel.id
        self.flags = discord.MessageFlags(ephemeral=bool(stored.ephemeral))
        self.components = [
            discord.components.ActionRow(row)  # type: ignore[arg-type]
            for row in (stored.components if rows is None else rows)
        ]


class InProcessDiscord:
    """The loopback Discord's state (`fake.world`) with discord.py-shaped calls onto it."""

    def __init__(self) -> None:
        self.fake = FakeDiscord()
        self.guild = self.fake.add_guild("Tavolo tests")
        self.panels = self.guild.add_text_channel("panels")
        self.faults: list[Fault] = []
        self.calls = 0

    # -- the table, created as the tests name it ----------------------------------------
    def user(self, user_id: int) -> FakeUser:
        """The user with this id (a guild member, created on first use)."""
        found = self.fake.world.users.get(user_id)
        return found or self.fake.add_user(f"user{user_id}", user_id=user_id)

    def channel(self, channel_id: int) -> FakeChannel:
        """The channel with this id (a guild text channel, created on first use)."""
        found = self.fake.world.channels.get(channel_id)
        return found or self.guild.add_channel(f"channel-{channel_id}", channel_id=channel_id)

    def dm_channel(self, user_id: int) -> FakeChannel:
        """The user's DM channel with the bot (created on first use)."""
        return self.fake.world.dm_channel(self.user(user_id))

    # -- faults -------------------------------------------------------------------------
    def check(self, op: str, channel_id: int | None) -> None:
        """Raise the first injected fault matching this call."""
        self.calls += 1
        for fault in self.faults:
            if fault.op == op and fault.channel_id in (None, channel_id):
                if fault.times is not None:
                    if fault.times <= 0:
                        continue
                    fault.times -= 1
                raise http_exception(fault.make())

    # -- messages -----------------------------------------------------------------------
    def create(self, channel: FakeChannel, kwargs: dict[str, Any]) -> FakeMessage:
        """POST /channels/{id}/messages, as the REST route answers it."""
        self.check("send", channel.id)
        if channel.is_dm and channel.recipient is not None and channel.recipient.dms_closed:
            raise http_exception(cannot_dm())
        payload, files = self._body(CREATE, kwargs)

        def create() -> FakeMessage:
            channel.check_bot_sends(files=bool(files))
            return self.fake.message_ops.create(channel, payload, files)

        return self._answer(create)

    def edit(self, channel: FakeChannel, message_id: int, kwargs: dict[str, Any]) -> FakeMessage:
        """PATCH /channels/{id}/messages/{id}: only a live message of this channel."""
        self.check("edit", channel.id)
        try:
            channel.check_bot_sees()
        except DiscordError as error:
            raise http_exception(error) from None
        message = self.fake.world.messages.get(message_id)
        if message is None or message.channel is not channel or message.deleted:
            raise http_exception(unknown_message())
        payload, files = self._body(EDIT, kwargs)
        return self._answer(lambda: self.fake.message_ops.edit(message, payload, files))

    def respond(
        self, channel_id: int, user_id: int, kwargs: dict[str, Any], *, ephemeral: bool
    ) -> FakeMessage:
        """The message of an initial interaction response (ephemeral: shown to the user only)."""
        channel = self.channel(channel_id)
        payload, files = self._body(CREATE, kwargs)
        visible_to = self.user(user_id) if ephemeral else None
        create = self.fake.message_ops.create
        return self._answer(lambda: create(channel, payload, files, visible_to=visible_to))

    def _answer(self, apply: Callable[[], FakeMessage]) -> FakeMessage:
        try:
            return apply()
        except DiscordError as error:
            raise http_exception(error) from None

    def _body(
        self, route: tuple[str, str], kwargs: dict[str, Any]
    ) -> tuple[dict[str, Any], list[UploadedFile]]:
        """The body discord.py would send, validated as the REST route validates it."""
        params = handle_message_parameters(**kwargs)
        uploads = [_upload(index, file) for index, file in enumerate(params.files or [])]
        if params.multipart:
            payload = json.loads(params.multipart[0]["value"])
        else:
            payload = params.payload or {}
        found = self._problems(route, payload)
        if found:
            for problem in found:
                failure = Failure("body", route[0], route[1], route[1], str(problem))
                self.fake.record_failure(failure)
            raise http_exception(invalid_form_body(form_errors(found)))
        return payload, uploads

    def _problems(self, route: tuple[str, str], payload: dict[str, Any]) -> list[Problem]:
        """Discord's rules on message bodies that the schema does not encode (`extra_checks`:
        components' layout, unique custom_ids, buttons, selects, content and embed sizes). The
        schema itself is checked on the HTTP path only: it costs ~5 ms a message, which would
        make the in-process suites several times slower."""
        return extra_problems(route[0], route[1], payload)


def _upload(index: int, file: discord.File) -> UploadedFile:
    """A `files[n]` part as the loopback reads it from a multipart body."""
    data = file.fp.read()
    file.reset()
    return UploadedFile(index, file.filename, "application/octet-stream", data)


class FakePartialMessage:
    """`channel.get_partial_message(id)`: edit."""

    def __init__(self, channel: FakeMessageable, message_id: int) -> None:
        self.channel, self.id = channel, message_id

    async def edit(self, **kwargs: Any) -> DiscordMessage:
        bot = self.channel.bot
        stored = bot.discord.edit(self.channel.stored, self.id, kwargs)
        bot.sent.append(
            Sent("edit", self.channel.id, self.id, kwargs.get("content"), kwargs, stored)
        )
        return DiscordMessage(stored)


class FakeMessageable:
    """`bot.get_partial_messageable(id)`: send, and `get_partial_message(id).edit`."""

    def __init__(self, bot: FakeBot, channel_id: int) -> None:
        self.bot, self.id = bot, channel_id

    @property
    def stored(self) -> FakeChannel:
        """The channel in the loopback's world."""
        return self.bot.discord.channel(self.id)

    async def send(self, content: str | None = None, **kwargs: Any) -> DiscordMessage:
        stored = self.bot.discord.create(self.stored, {"content": content, **kwargs})
        self.bot.sent.append(Sent("send", self.id, stored.id, content, kwargs, stored))
        return DiscordMessage(stored)

    def get_partial_message(self, message_id: int) -> FakePartialMessage:
        return FakePartialMessage(self, message_id)


class FakeHTTP:
    """`bot.http.start_private_message`: POST /users/@me/channels."""

    def __init__(self, bot: FakeBot) -> None:
        self.bot = bot

    async def get_member(self, guild_id: int, user_id: int) -> dict[str, Any]:
        """GET /guilds/{id}/members/{id}: 10007 for a user not in a guild the fake knows (a
        guild it does not know is the in-process table's, whose users are all members)."""
        guild = self.bot.discord.fake.world.guilds.get(guild_id)
        user = self.bot.discord.user(user_id)
        if guild is not None and user.id not in guild.members:
            raise http_exception(DiscordError(404, 10007, "Unknown Member"))
        return {"user": user.payload()}

    async def start_private_message(self, user_id: int) -> dict[str, Any]:
        self.bot.discord.check("open_dm", None)
        return self.bot.discord.dm_channel(user_id).payload()


class FakeBot:
    """The parts of `TavoloBot` the cogs use, over a real store and table service."""

    def __init__(
        self, store: Store, tables: TableService | None = None, locale: str = "en"
    ) -> None:
        self.store = store
        self.tables = tables or TableService(store)
        self.settings = Settings(discord_token="in-process", locale=locale)
        self.dm_channels: dict[int, int] = {}
        self.discord = InProcessDiscord()
        self.http = FakeHTTP(self)
        self.sent: list[Sent] = []

    # -- faults
    def fail(
        self, op: str, make: ErrorFactory, channel_id: int | None = None, times: int | None = None
    ) -> None:
        """Make `op` ("send", "edit", "open_dm") on `channel_id` (None: anywhere) answer the
        loopback error `make()` (e.g. `errors.cannot_dm`)."""
        self.discord.faults.append(Fault(op, channel_id, make, times))

    def heal(self) -> None:
        self.discord.faults.clear()

    @property
    def calls(self) -> int:
        """Calls that reached Discord (sends, edits, DM openings)."""
        return self.discord.calls

    # -- discord.py surface
    def dm_id(self, user_id: int) -> int:
        """The id of the user's DM channel with the bot."""
        return self.discord.dm_channel(user_id).id

    def get_partial_messageable(self, channel_id: int, *, type: Any = None) -> FakeMessageable:
        return FakeMessageable(self, channel_id)

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
    """`interaction.response`; with `error` (a loopback error factory, e.g.
    `errors.unknown_interaction`) every response raises it, and the interaction stays
    unanswered, as discord.py leaves it when Discord refuses the response."""

    def __init__(self, interaction: FakeInteraction, error: ErrorFactory | None = None) -> None:
        self._i = interaction
        self._done = False
        self._error = error

    def is_done(self) -> bool:
        return self._done

    def _respond(self) -> None:
        if self._error is not None:
            raise http_exception(self._error())
        if self._done:
            raise discord.InteractionResponded(self._i)  # type: ignore[arg-type]
        self._done = True

    async def send_message(
        self, content: str | None = None, *, ephemeral: bool = False, **kwargs: Any
    ) -> None:
        self._respond()
        self._i.answers.append(Answer("send_message", content, ephemeral, kwargs))
        if self._i.channel_id is not None:
            discord_ = self._i.client.discord
            body = {"content": content, **kwargs}
            self._i.original = discord_.respond(
                self._i.channel_id, self._i.user.id, body, ephemeral=ephemeral
            )

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
        message: DiscordMessage | None = None,
        data: dict[str, Any] | None = None,
        command: bool = False,
        locale: str = "en-US",
        response_error: ErrorFactory | None = None,
    ) -> None:
        self.client = client
        self.id = client.discord.fake.ids.next()
        self.user = SimpleNamespace(id=user_id, display_name=name or f"user{user_id}")
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.locale = locale
        self.guild_locale = locale if guild_id is not None else None
        self.permissions = discord.Permissions(manage_guild=manager)
        self.app_permissions = discord.Permissions(perms.BOT_DEFAULT)  # the bot's, in the channel
        self.guild = None  # no guild cache in process: `/games` lists no game here
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
        self.original: FakeMessage | None = None

    async def original_response(self) -> DiscordMessage:
        """The stored message of the initial response (10008 if there is none)."""
        if self.original is None:
            raise http_exception(unknown_message())
        return DiscordMessage(self.original)

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.answers.append(Answer("edit_original", kwargs.get("content"), False, kwargs))

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


def message_with(
    bot: FakeBot, view: discord.ui.View | None, chosen: AbstractSet[int] | None = None
) -> DiscordMessage:
    """The message `view` makes, posted in the loopback (its components validated there) and
    handed back as Discord sends it: select options marked as drafted (default) as drawn, or,
    given `chosen`, exactly those whose value is in it — what `interface.play_actions.drafted`
    reads."""
    stored = bot.discord.create(bot.discord.panels, {"content": "panel", "view": view})
    rows = copy.deepcopy(stored.components)
    for row in rows if chosen is not None else []:
        for comp in row["components"]:
            for option in comp.get("options", []):
                option["default"] = option["value"].isdigit() and int(option["value"]) in chosen
    return DiscordMessage(stored, rows)
