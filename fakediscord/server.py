"""FakeDiscord: the loopback server (REST + gateway + attachments) and the test-facing table.

async with FakeDiscord.start() as fake:
    guild = fake.add_guild("Test")
    chan = guild.add_text_channel("games")
    alice = fake.add_user("alice")
    ...  # start a bot with api_base=fake.api_base, gateway_url=fake.gateway_url
    await fake.wait_ready()
    result = await alice.slash(chan, "game new", game="money")
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any, TypeVar

from aiohttp import web

from . import permissions as perms
from .actions import Actions
from .activity import Activity
from .api import API_PREFIX, Api
from .channels import FakeChannel
from .commands import CommandRegistry
from .errors import ErrorAnswer, Failure
from .gateway import Gateway
from .guilds import FakeGuild, FakeRole
from .holds import Hold, Holds
from .interactions import InteractionEngine
from .message_ops import MessageOps
from .messages import FakeMessage
from .ratelimits import RateLimits
from .routes_commands import ROUTES as COMMAND_ROUTES
from .routes_identity import ROUTES as IDENTITY_ROUTES
from .routes_interactions import ROUTES as INTERACTION_ROUTES
from .routes_messages import ROUTES as MESSAGE_ROUTES
from .snowflakes import SnowflakeFactory
from .spec import load_spec
from .store import World
from .uploads import Uploads
from .users import FakeUser
from .visibility import sightings

T = TypeVar("T")
GUILDS_INTENT, GUILD_MEMBERS_INTENT = 1 << 0, 1 << 1
MAX_BODY = 64 * 1024 * 1024


class FakeDiscord:
    """A Discord stand-in on 127.0.0.1 for one bot, validated against Discord's OpenAPI spec."""

    def __init__(
        self,
        *,
        bot_name: str = "Tavolo",
        token: str | None = None,
        application_id: int | None = None,
        shard_count: int = 1,
    ) -> None:
        """`application_id` (the bot user's id too) is a new snowflake unless given."""
        self.ids = SnowflakeFactory()
        self.shard_count = shard_count  # what GET /gateway/bot tells the bot to use
        self.world = World(self)
        self.spec = load_spec()
        self.token = token
        self.application_id = application_id or self.ids.next()
        self.bot_user = self._new_user(bot_name, user_id=self.application_id, bot=True)
        self.owner = self._new_user("owner")
        self.dm_app_permissions = perms.BOT_DEFAULT
        self.failures: list[Failure] = []
        self.errors: list[ErrorAnswer] = []
        self.requests: list[tuple[str, str, Any]] = []
        self.settle_quiet = 0.1
        self.settle_timeout = 5.0
        self.activity = Activity()
        self.ratelimits = RateLimits()
        self.holds = Holds()
        self.gateway = Gateway(self)
        self.interactions = InteractionEngine(self)
        self.commands = CommandRegistry(self)
        self.uploads = Uploads(self)
        self.message_ops = MessageOps(self)
        self.actions = Actions(self)
        self.background: set[asyncio.Task[Any]] = set()
        self.port = 0
        self._runner: web.AppRunner | None = None

    # -- lifecycle ----------------------------------------------------------------------
    @classmethod
    @contextlib.asynccontextmanager
    async def start(cls, **kwargs: Any) -> AsyncIterator[FakeDiscord]:
        """Run a server on 127.0.0.1 (random free port) for the duration of the block."""
        fake = cls(**kwargs)
        await fake.open()
        try:
            yield fake
        finally:
            await fake.close()

    async def open(self) -> None:
        """Start listening."""
        routes = {**IDENTITY_ROUTES, **MESSAGE_ROUTES, **COMMAND_ROUTES, **INTERACTION_ROUTES}
        api = Api(self, self.spec, routes)
        app = web.Application(client_max_size=MAX_BODY)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", api.handle)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway-resume", self.gateway.handle)
        app.router.add_get(
            "/attachments/{channel_id}/{attachment_id}/{filename}", self.uploads.serve
        )
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def close(self) -> None:
        """Close websockets and stop the server."""
        await self.gateway.close_all()
        for task in list(self.background):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- addresses ----------------------------------------------------------------------
    @property
    def http_base(self) -> str:
        """`http://127.0.0.1:PORT`."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """The value for discord.http.Route.BASE (DISCORD_API_BASE)."""
        return self.http_base + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """The value for DiscordWebSocket.DEFAULT_GATEWAY (DISCORD_GATEWAY_URL)."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        """The `resume_gateway_url` sent in READY (a distinct path, to prove it is used)."""
        return f"ws://127.0.0.1:{self.port}/gateway-resume"

    # -- building the table -------------------------------------------------------------
    def add_guild(
        self,
        name: str,
        *,
        locale: str = "en-US",
        guild_id: int | None = None,
        shard: int | None = None,
    ) -> FakeGuild:
        """A guild with @everyone, the bot (with its managed role) and the owner as members;
        `guild_id` picks its id (a world restored across restarts keeps its ids); else `shard`
        puts its new id on that shard of `shard_count`."""
        if shard is not None and not 0 <= shard < self.shard_count:
            raise ValueError(f"shard {shard} is not one of {self.shard_count}")
        if guild_id is None:
            guild_id = (
                self.ids.next()
                if shard is None
                else self.ids.next_on_shard(shard, self.shard_count)
            )
        guild = FakeGuild(self, guild_id, name, owner=self.owner, locale=locale)
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", perms.EVERYONE_DEFAULT)
        bot_role = FakeRole(
            self.ids.next(),
            self.bot_user.username,
            perms.BOT_DEFAULT,
            position=1,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles[bot_role.id] = bot_role
        guild.add_member(self.bot_user, [bot_role])
        guild.add_member(self.owner)
        self.world.guilds[guild.id] = guild
        guild.on_change = self._guild_changed
        self.gateway.dispatch_soon("GUILD_CREATE", guild.create_payload(), intent=GUILDS_INTENT)
        return guild

    def add_user(
        self,
        username: str,
        *,
        global_name: str | None = None,
        guilds: Iterable[FakeGuild] | None = None,
        dms_closed: bool = False,
        locale: str = "en-US",
        user_id: int | None = None,
    ) -> FakeUser:
        """A user, member of `guilds` (default: every guild so far); `user_id` picks its id."""
        user = self._new_user(username, user_id=user_id, global_name=global_name, locale=locale)
        user.dms_closed = dms_closed
        for guild in self.world.guilds.values() if guilds is None else guilds:
            guild.add_member(user)
        return user

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between `user` and the bot."""
        return self.world.dm_channel(user)

    def _new_user(
        self,
        username: str,
        *,
        user_id: int | None = None,
        bot: bool = False,
        global_name: str | None = None,
        locale: str = "en-US",
    ) -> FakeUser:
        user = FakeUser(
            self,
            user_id or self.ids.next(),
            username,
            global_name=global_name,
            bot=bot,
            locale=locale,
        )
        self.world.users[user.id] = user
        return user

    def _guild_changed(self, event: str, data: dict[str, Any]) -> None:
        members = event in ("GUILD_MEMBER_ADD", "GUILD_MEMBER_REMOVE")
        intent = GUILD_MEMBERS_INTENT if members else GUILDS_INTENT
        self.gateway.dispatch_soon(event, data, intent=intent)
        self.world.changed()

    # -- faults -------------------------------------------------------------------------
    def inject_429(
        self,
        method: str,
        route: str,
        *,
        times: int = 1,
        retry_after: float = 0.1,
        is_global: bool = False,
    ) -> None:
        """Answer the next `times` requests of `method route` (a spec template) with a 429."""
        if not self.spec.has_route(method, route):
            raise ValueError(f"{method} {route} is not a route of Discord's API")
        self.ratelimits.inject(method, route, times, retry_after, is_global)

    def hold(self, method: str, route: str, *, after: bool = False, **params: int) -> Hold:
        """Hold the next request of `method route` (a spec template) without an answer: before
        it takes effect, or `after` it did (`holds.py`); `params` narrow it to those path
        parameters (`channel_id=...`). Await `.reached.wait()`."""
        if not self.spec.has_route(method, route):
            raise ValueError(f"{method} {route} is not a route of Discord's API")
        wanted = {name: str(value) for name, value in params.items()}
        return self.holds.add(Hold(method, route, after, wanted))

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the bot's websocket; discord.py should RESUME on the resume URL."""
        await self.gateway.drop(code)

    @property
    def interaction_deadline(self) -> float:
        """Seconds the bot has for its initial response (Discord: 3)."""
        return self.interactions.deadline

    @interaction_deadline.setter
    def interaction_deadline(self, seconds: float) -> None:
        self.interactions.deadline = seconds

    # -- waiting ------------------------------------------------------------------------
    async def wait_for(
        self, predicate: Callable[[], T], timeout: float = 5.0, what: str = "condition"
    ) -> T:
        """Wait until `predicate()` is truthy and return it; AssertionError on timeout."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"timed out after {timeout}s waiting for {what}")
            await self.world.wait_change(min(remaining, 0.05))

    async def wait_ready(self, timeout: float = 10.0) -> None:
        """Wait until a bot has identified and received READY and its GUILD_CREATEs."""
        await self.wait_for(lambda: self.gateway.connected, timeout, "the bot to connect")

    async def wait_shards(self, shards: Iterable[int] | None = None, timeout: float = 20.0) -> None:
        """Wait until a live session holds each of `shards` (default: all) of `shard_count`."""
        wanted = list(range(self.shard_count) if shards is None else shards)
        await self.wait_for(
            lambda: all(self.gateway.shard_connected(s, self.shard_count) for s in wanted),
            timeout,
            f"sessions on shards {wanted}",
        )

    async def wait_resumed(self, resumes: int = 1, timeout: float = 10.0) -> None:
        """Wait until the current session has been resumed `resumes` times, and is connected."""

        def resumed() -> bool:
            session = self.gateway.current
            return session is not None and session.resumes >= resumes and self.gateway.connected

        await self.wait_for(resumed, timeout, "the bot to resume")

    async def wait_for_commands(
        self, names: Iterable[str] = (), guild: FakeGuild | None = None, timeout: float = 10.0
    ) -> list[dict[str, Any]]:
        """Wait until the scope's synced commands include `names` (any command if empty)."""
        wanted = set(names)
        scope = guild.id if guild else None

        def synced() -> list[dict[str, Any]]:
            found = self.commands.list(scope)
            have = {c["name"] for c in found}
            return found if found and wanted <= have else []

        return await self.wait_for(synced, timeout, f"commands {sorted(wanted)}")

    async def wait_for_message(
        self,
        where: FakeChannel | FakeUser | None = None,
        predicate: Callable[[FakeMessage], bool] | None = None,
        timeout: float = 5.0,
        *,
        new_only: bool = False,
    ) -> FakeMessage:
        """The first message (oldest first) in a channel, a user's DM (FakeUser), or anywhere,
        that satisfies `predicate` now or after an edit; `new_only` skips existing messages."""
        floor = max(self.world.messages, default=0) if new_only else 0

        def candidates() -> list[FakeMessage]:
            if isinstance(where, FakeUser):
                return where.dms()
            if isinstance(where, FakeChannel):
                return where.messages()
            return [m for m in self.world.messages.values() if not m.deleted]

        def found() -> FakeMessage | None:
            return next(
                (m for m in candidates() if m.id > floor and (predicate is None or predicate(m))),
                None,
            )

        return await self.wait_for(found, timeout, f"a message in {where!r}")

    async def settle(self, quiet: float | None = None, timeout: float | None = None) -> bool:
        """Wait until the bot made no request for `quiet` s and runs no interaction handler
        (defaults: `settle_quiet`, `settle_timeout`); False if still busy at the timeout."""
        quiet = self.settle_quiet if quiet is None else quiet
        return await self.activity.settle(
            quiet, self.settle_timeout if timeout is None else timeout
        )

    # -- assertions ---------------------------------------------------------------------
    def assert_never_seen(self, user: FakeUser, text: str) -> None:
        """Fail if `text` appeared in anything `user` could read (any revision of messages in
        their guild channels, DMs and ephemerals; autocomplete choices and modals shown)."""
        found = sightings(self.world, user, text)
        if found:
            lines = "\n  ".join(found)
            raise AssertionError(f"{user.username} saw {text!r}:\n  {lines}")

    def take_failures(self) -> list[Failure]:
        """Return and forget the recorded failures (for tests that provoke them)."""
        found, self.failures = self.failures, []
        return found

    def assert_no_failures(self) -> None:
        """Fail listing every request Discord would have refused."""
        if self.failures:
            lines = "\n  ".join(str(f) for f in self.failures)
            raise AssertionError(f"{len(self.failures)} invalid request(s):\n  {lines}")

    # -- used by the routes and the gateway ---------------------------------------------
    def record_failure(self, failure: Failure) -> None:
        """Remember a request Discord would refuse."""
        self.failures.append(failure)

    def token_ok(self, token: str | None) -> bool:
        """Whether a bot token is accepted (any non-empty one unless `token` was set)."""
        return bool(token) and (self.token is None or token == self.token)
