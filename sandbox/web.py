"""The page's HTTP side: the page itself, the server and its messages as a member sees them, the
live feed, pictures, and what a member does (slash commands, autocomplete, buttons, menus,
modals), each done through the loopback Discord exactly as a Discord client would."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from aiohttp import web

from fakediscord import (
    CommandUsageError,
    ComponentNotFound,
    FakeChannel,
    FakeDiscord,
    FakeUser,
    InteractionResult,
    NoResponse,
)

from .live import LiveFeed
from .options import convert
from .views import channel_view, current_view, flat_commands, member_view
from .world import SandboxWorld

STATIC = Path(__file__).resolve().parent / "static"
REFUSED = (CommandUsageError, ComponentNotFound, NoResponse, KeyError, ValueError, RuntimeError)


class SandboxApp:
    """The web application over one sandbox world."""

    def __init__(self, fake: FakeDiscord, world: SandboxWorld) -> None:
        self.fake = fake
        self.world = world
        self.live = LiveFeed(fake)
        self.modals: dict[str, InteractionResult] = {}

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/", self.index)
        app.router.add_static("/static", STATIC)
        app.router.add_get("/files/{attachment_id}/{filename}", self.file)
        app.router.add_get("/api/state", self.state)
        app.router.add_get("/api/messages", self.messages)
        app.router.add_get("/api/commands", self.commands)
        app.router.add_get("/api/events", self.events)
        app.router.add_post("/api/members", self.add_member)
        app.router.add_post("/api/act", self.act)
        return app

    # -- reading ------------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "index.html")

    async def file(self, request: web.Request) -> web.Response:
        attachment = self.fake.world.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None or attachment.filename != request.match_info["filename"]:
            raise web.HTTPNotFound()
        return web.Response(body=attachment.data, content_type=attachment.content_type)

    async def state(self, request: web.Request) -> web.Response:
        """The server, its channels and members, the bot, and the member's DM channel (for an
        unknown member: the first member's)."""
        text = request.query.get("member", "")
        found = self.world.member(int(text)) if text.isdigit() else None
        member = found or self.world.members[0]
        dm = self.fake.world.dm_channels.get(member.id)
        return web.json_response(
            {
                "guild": {"id": str(self.world.guild.id), "name": self.world.guild.name},
                "channels": [channel_view(c) for c in self.world.channels],
                "members": [member_view(m) for m in self.world.members],
                "bot": member_view(self.fake.bot_user),
                "me": str(member.id),
                "dm": str(dm.id) if dm else None,
            }
        )

    async def messages(self, request: web.Request) -> web.Response:
        """What the member sees in a channel (or their DM, channel `dm`), oldest first: its
        messages and the member's own ephemeral answers there."""
        member = self._member(request.query.get("member"))
        channel = self._channel(member, request.query.get("channel", ""))
        found = [
            current_view(m)
            for m in self.fake.world.messages.values()
            if channel is not None
            and m.channel is channel
            and not m.deleted
            and self.fake.world.can_see(member, m)
        ]
        return web.json_response(found)

    async def commands(self, request: web.Request) -> web.Response:
        """The slash commands usable in a channel (or the DM), flattened for the message box."""
        member = self._member(request.query.get("member"))
        channel = self._channel(member, request.query.get("channel", ""))
        in_dm = channel is None or channel.is_dm
        scopes = self.fake.commands.list(None) + self.fake.commands.list(self.world.guild.id)
        return web.json_response(flat_commands(scopes, in_dm=in_dm))

    async def events(self, request: web.Request) -> web.StreamResponse:
        return await self.live.stream(request, self._member(request.query.get("member")))

    # -- acting -------------------------------------------------------------------------
    async def add_member(self, request: web.Request) -> web.Response:
        user = self.world.add_member()
        self.live.tell_everyone("members")
        return web.json_response(member_view(user))

    async def act(self, request: web.Request) -> web.Response:
        """One thing a member does; answers `{ok, choices?, modal?}` or `{error}` (400)."""
        body: dict[str, Any] = await request.json()
        member = self._member(body.get("member"))
        try:
            answer = await self._act(member, body)
        except REFUSED as refused:
            return web.json_response({"error": str(refused)}, status=400)
        return web.json_response({"ok": True, **answer})

    async def _act(self, member: FakeUser, body: dict[str, Any]) -> dict[str, Any]:
        kind = body.get("kind")
        if kind == "modal":
            opened = self.modals.pop(str(body.get("modal")), None)
            if opened is None or opened.user is not member:
                raise ComponentNotFound("this form is no longer open")
            values = {str(k): str(v) for k, v in (body.get("values") or {}).items()}
            return self._answer(await member.submit_modal(opened, values))
        if kind in ("slash", "autocomplete"):
            channel = self._channel(member, str(body.get("channel", "")))
            if channel is None:
                raise ComponentNotFound("no such channel")
            path = str(body.get("command", "")).strip().lstrip("/")
            typed = {str(k): str(v) for k, v in (body.get("options") or {}).items()}
            if kind == "autocomplete":
                option = str(body.get("option"))
                value = typed.pop(option, "")
                others = convert(self.fake, channel, path, typed)
                choices = await member.autocomplete(
                    channel, path, option=option, value=value, options=others
                )
                return {"choices": choices}
            return self._answer(
                await member.slash(channel, path, options=convert(self.fake, channel, path, typed))
            )
        message = self.fake.world.messages[int(str(body.get("message")))]
        custom_id = str(body.get("custom_id"))
        if kind == "press":
            return self._answer(await member.press(message, custom_id))
        if kind == "choose":
            labels = [str(label) for label in body.get("labels") or []]
            return self._answer(await member.choose(message, custom_id, labels))
        raise ValueError(f"unknown action {kind!r}")

    def _answer(self, result: InteractionResult) -> dict[str, Any]:
        if result.modal is None:
            return {}
        key = secrets.token_urlsafe(8)
        self.modals[key] = result
        return {"modal": {**result.modal, "key": key}}

    # -- lookups ------------------------------------------------------------------------
    def _member(self, text: Any) -> FakeUser:
        member = self.world.member(int(text)) if str(text).isdigit() else None
        if member is None:
            raise web.HTTPBadRequest(text="unknown member")
        return member

    def _channel(self, member: FakeUser, text: str) -> FakeChannel | None:
        """A server channel by id, or `dm`: the member's DM with the bot (None if not open)."""
        if text == "dm":
            return self.fake.world.dm_channel(member)
        channel = self.world.channel(int(text)) if text.isdigit() else None
        if channel is None or (channel.is_dm and channel.recipient is not member):
            raise web.HTTPBadRequest(text="unknown channel")
        return channel
