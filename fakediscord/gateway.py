"""The gateway websocket: HELLO, heartbeats, IDENTIFY -> READY + GUILD_CREATE, RESUME, dispatch.

A session outlives its connection: events dispatched while the bot is disconnected are kept
and replayed on RESUME (then RESUMED). Frames are compressed as the client asked in the URL
(`compress=zlib-stream`, or `zstd-stream` when a zstd module is installed).

Shards as Discord hands them out: IDENTIFY's `shard` [id, count] (an invalid one is closed with
4010 "Invalid shard"); a server belongs to shard `(guild_id >> 22) % count`, DMs to shard 0. A
session receives READY with its shards' servers only, and every server event (interactions
included) goes only to the latest session identified on that server's shard; a session without
`shard` holds every server. Each event sent is checked against its session's shard (a failure
is recorded otherwise).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .compression import Compressor, UnsupportedCompression, make_compressor
from .errors import Failure

if TYPE_CHECKING:
    from .server import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT = 0, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250
GUILD_MEMBERS_INTENT = 1 << 1
INVALID_SHARD = 4010
GUILD_EVENTS_BY_ID = ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard carrying a server's events (Discord's rule); no server (DMs): shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def event_guild(event: str, data: dict[str, Any]) -> int | None:
    """The server an event is about (None: none, e.g. a DM's message)."""
    raw = data.get("id") if event in GUILD_EVENTS_BY_ID else data.get("guild_id")
    return int(raw) if raw is not None else None


def valid_shard(shard: Any) -> bool:
    """Whether IDENTIFY's `shard` is [id, count] with 0 <= id < count."""
    return (
        isinstance(shard, list)
        and len(shard) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in shard)
        and 0 <= shard[0] < shard[1]
    )


@dataclass(eq=False)
class Connection:
    """One websocket; sends are serialised so the compressed stream stays in order."""

    ws: web.WebSocketResponse
    compressor: Compressor | None
    path: str
    compress: str | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, message: dict[str, Any]) -> None:
        """Send one gateway message (binary when compressed, else text)."""
        text = json.dumps(message, separators=(",", ":"))
        async with self.lock:
            if self.compressor is None:
                await self.ws.send_str(text)
            else:
                await self.ws.send_bytes(self.compressor.compress(text.encode()))


@dataclass(eq=False)
class Session:
    """A gateway session: sequence numbers and every event sent, for RESUME."""

    id: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    connection: Connection | None = None
    resumes: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def key(self) -> tuple[int, int]:
        """(shard id, shard count); a session without `shard` holds shard 0 of 1 (all)."""
        return (self.shard[0], self.shard[1]) if self.shard is not None else (0, 1)

    def holds(self, guild_id: int | None) -> bool:
        """Whether this session's shard carries the server's events."""
        shard, count = self.key
        return shard_of(guild_id, count) == shard


class Gateway:
    """Sessions and connections of the one bot the fake serves (one session per shard)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None  # the latest session identified or resumed
        self.holders: dict[tuple[int, int], Session] = {}  # (shard, count) -> latest session
        self.connections: list[Connection] = []

    @property
    def connected(self) -> bool:
        """Whether the current session has a live connection."""
        return self.current is not None and self.current.connection is not None

    def holder(self, guild_id: int | None) -> Session | None:
        """The session that receives a server's events (DMs: shard 0's), or None."""
        found = [s for s in self.holders.values() if s.holds(guild_id)]
        return found[-1] if found else None

    def shard_connected(self, shard: int, count: int) -> bool:
        """Whether a live connection holds shard `shard` of `count`."""
        session = self.holders.get((shard, count))
        return session is not None and session.connection is not None

    # -- connection handling ------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """The websocket endpoint (`/gateway`, and `/gateway-resume` given as resume URL)."""
        ws = web.WebSocketResponse(max_msg_size=0, timeout=2.0, compress=False)
        await ws.prepare(request)
        query = request.query
        if query.get("v") != "10" or query.get("encoding", "json") != "json":
            self._fail(request, f"unsupported gateway query {dict(query)!r}")
            await ws.close(code=4012, message=b"Invalid API version")
            return ws
        try:
            compressor = make_compressor(query.get("compress"))
        except UnsupportedCompression as exc:
            self._fail(request, str(exc))
            await ws.close(code=4000, message=b"Unsupported compression")
            return ws
        conn = Connection(ws, compressor, request.path, query.get("compress"))
        self.connections.append(conn)
        session: Session | None = None
        try:
            hello = {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["fakediscord"]}
            await conn.send({"op": HELLO, "d": hello, "s": None, "t": None})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    await ws.close(code=4002, message=b"Decode error")
                    break
                session = await self._on_message(conn, session, json.loads(msg.data))
        finally:
            if session is not None and session.connection is conn:
                session.connection = None
            self.fake.world.changed()
        return ws

    async def _on_message(
        self, conn: Connection, session: Session | None, message: dict[str, Any]
    ) -> Session | None:
        op, data = message.get("op"), message.get("d")
        if op == HEARTBEAT:
            await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            if session is not None:
                await conn.ws.close(code=4005, message=b"Already authenticated")
                return session
            return await self._identify(conn, data or {})
        elif op == RESUME:
            return await self._resume(conn, data or {})
        elif op in (PRESENCE, VOICE, REQUEST_MEMBERS):
            if session is None:
                await conn.ws.close(code=4003, message=b"Not authenticated")
            elif op == REQUEST_MEMBERS:
                await self._members_chunk(session, data or {})
        else:
            await conn.ws.close(code=4001, message=b"Unknown opcode")
        return session

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> Session | None:
        if not self.fake.token_ok(data.get("token")):
            await conn.ws.close(code=4004, message=b"Authentication failed")
            return None
        if not isinstance(data.get("intents"), int):
            await conn.ws.close(code=4013, message=b"Invalid intent(s)")
            return None
        if "shard" in data and data["shard"] is not None and not valid_shard(data["shard"]):
            self.fake.record_failure(
                Failure("protocol", "GATEWAY", "IDENTIFY", None, f"invalid shard {data['shard']!r}")
            )
            await conn.ws.close(code=INVALID_SHARD, message=b"Invalid shard")
            return None
        session = Session(secrets.token_hex(16), data["intents"], data.get("shard"))
        self.sessions[session.id] = session
        self.current = session
        self.holders.pop(session.key, None)  # the newest session of a shard holds it
        self.holders[session.key] = session
        async with session.lock:
            session.connection = conn
            await self._send_event(session, "READY", self._ready_payload(session))
            for guild in self.fake.world.guilds.values():
                if session.holds(guild.id):
                    await self._send_event(session, "GUILD_CREATE", guild.create_payload())
        self.fake.world.changed()
        return session

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(data.get("session_id") or "")
        if session is None or not self.fake.token_ok(data.get("token")):
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        async with session.lock:
            seq = data.get("seq") or 0
            for event in session.events:
                if event["s"] > seq:
                    await conn.send(event)
            session.connection = conn
            session.resumes += 1
            await self._send_event(session, "RESUMED", {"_trace": ["fakediscord"]})
        self.current = session
        self.fake.world.changed()
        return session

    async def _members_chunk(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.fake.world.guilds.get(int(data.get("guild_id") or 0))
        members = list(guild.members.values()) if guild else []
        chunk = {
            "guild_id": str(guild.id if guild else data.get("guild_id")),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if "nonce" in data:
            chunk["nonce"] = data["nonce"]
        async with session.lock:
            await self._send_event(session, "GUILD_MEMBERS_CHUNK", chunk)

    def _ready_payload(self, session: Session) -> dict[str, Any]:
        bot = self.fake.bot_user
        ready: dict[str, Any] = {
            "v": 10,
            "user": {**bot.payload(), "verified": True, "mfa_enabled": False, "email": None},
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.fake.resume_gateway_url,
            "guilds": [
                {"id": str(g), "unavailable": True}
                for g in self.fake.world.guilds
                if session.holds(g)
            ],
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": ["loopback"],
            "auth": {},
            "application": {"id": str(self.fake.application_id), "flags": 0},
            "_trace": ["fakediscord"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        return ready

    # -- sending ------------------------------------------------------------------------
    async def _send_event(self, session: Session, event: str, data: dict[str, Any]) -> None:
        """Number, keep and (if connected) send one event. Caller holds `session.lock`. An
        event of a server outside the session's shard is a failure (Discord never sends it)."""
        guild = event_guild(event, data)
        if guild is not None and not session.holds(guild):
            shard, count = session.key
            self.fake.record_failure(
                Failure(
                    "protocol",
                    "GATEWAY",
                    event,
                    None,
                    f"server {guild} (shard {shard_of(guild, count)}) sent to shard {shard}",
                )
            )
        session.seq += 1
        message = {"op": DISPATCH, "s": session.seq, "t": event, "d": data}
        session.events.append(message)
        conn = session.connection
        if conn is not None:
            try:
                await conn.send(message)
            except (ConnectionError, RuntimeError):
                session.connection = None

    async def dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> bool:
        """Send an event to the session holding its server's shard (kept for RESUME if
        disconnected).

        Returns False when no session holds it, or its intents do not include `intent`.
        """
        session = self.holder(event_guild(event, data))
        if session is None or (intent and not session.intents & intent):
            return False
        async with session.lock:
            await self._send_event(session, event, data)
        return True

    def dispatch_soon(self, event: str, data: dict[str, Any], *, intent: int = 0) -> None:
        """Schedule `dispatch` from synchronous code (e.g. adding a channel mid-test)."""
        if self.holder(event_guild(event, data)) is None:
            return
        task = asyncio.get_running_loop().create_task(self.dispatch(event, data, intent=intent))
        self.fake.background.add(task)
        task.add_done_callback(self.fake.background.discard)

    # -- test controls ------------------------------------------------------------------
    async def drop(self, code: int = 4000) -> None:
        """Close the live connection with `code`; the session stays resumable."""
        session = self.current
        if session is None or session.connection is None:
            raise RuntimeError("the bot is not connected to the gateway")
        conn, session.connection = session.connection, None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(conn.ws.close(code=code, message=b"fakediscord drop"), 3.0)

    async def send_op(self, op: int, data: Any = None) -> None:
        """Send a raw non-dispatch opcode (7 RECONNECT, 9 INVALID_SESSION, 1 HEARTBEAT)."""
        session = self.current
        if session is None or session.connection is None:
            raise RuntimeError("the bot is not connected to the gateway")
        await session.connection.send({"op": op, "d": data, "s": None, "t": None})

    async def close_all(self) -> None:
        """Close every open websocket (server shutdown)."""
        for conn in self.connections:
            if not conn.ws.closed:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(conn.ws.close(code=1001), 1.0)

    def _fail(self, request: web.Request, message: str) -> None:
        self.fake.record_failure(Failure("protocol", "GET", request.path, None, message))
