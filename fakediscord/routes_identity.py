"""Routes about who and where: the bot user, the application, gateway URL, guilds, channels."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .api import ApiRequest, Handler, json_response
from .errors import DiscordError, unknown_channel
from .guilds import FakeGuild


def _guild(ctx: ApiRequest) -> FakeGuild:
    guild = ctx.fake.world.guilds.get(ctx.param_id("guild_id"))
    if guild is None:
        raise DiscordError(404, 10004, "Unknown Guild")
    return guild


async def get_me(ctx: ApiRequest) -> web.Response:
    """GET /users/@me: the bot user."""
    me = ctx.fake.bot_user.payload()
    return json_response({**me, "verified": True, "mfa_enabled": False, "email": None})


async def get_user(ctx: ApiRequest) -> web.Response:
    """GET /users/{user_id}."""
    user = ctx.fake.world.users.get(ctx.param_id("user_id"))
    if user is None:
        raise DiscordError(404, 10013, "Unknown User")
    return json_response(user.payload())


async def get_gateway(ctx: ApiRequest) -> web.Response:
    """GET /gateway."""
    return json_response({"url": ctx.fake.gateway_url})


async def get_gateway_bot(ctx: ApiRequest) -> web.Response:
    """GET /gateway/bot."""
    limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
    fake = ctx.fake
    return json_response(
        {"url": fake.gateway_url, "shards": fake.shard_count, "session_start_limit": limit}
    )


def application_payload(ctx: ApiRequest) -> dict[str, Any]:
    """The application object (discord.py reads it at login)."""
    fake = ctx.fake
    return {
        "id": str(fake.application_id),
        "name": fake.bot_user.username,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "bot": fake.bot_user.payload(),
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "owner": fake.owner.payload(),
        "team": None,
        "hook": True,
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "role_connections_verification_url": None,
        "tags": [],
        "integration_types_config": {"0": {}},
        "approximate_guild_count": len(fake.world.guilds),
        "is_monetized": False,
    }


async def get_application(ctx: ApiRequest) -> web.Response:
    """GET /oauth2/applications/@me and /applications/@me."""
    return json_response(application_payload(ctx))


async def get_guild(ctx: ApiRequest) -> web.Response:
    """GET /guilds/{guild_id}."""
    guild = _guild(ctx)
    data = guild.payload()
    if ctx.query.get("with_counts", "").lower() in ("true", "1"):
        data.update(approximate_member_count=len(guild.members), approximate_presence_count=0)
    return json_response(data)


async def get_guild_channels(ctx: ApiRequest) -> web.Response:
    """GET /guilds/{guild_id}/channels (threads excluded, as Discord does)."""
    guild = _guild(ctx)
    return json_response([c.payload() for c in guild.channels.values() if c.type != 11])


async def get_guild_roles(ctx: ApiRequest) -> web.Response:
    """GET /guilds/{guild_id}/roles."""
    return json_response([r.payload() for r in _guild(ctx).roles.values()])


async def get_member(ctx: ApiRequest) -> web.Response:
    """GET /guilds/{guild_id}/members/{user_id}."""
    member = _guild(ctx).members.get(ctx.param_id("user_id"))
    if member is None:
        raise DiscordError(404, 10007, "Unknown Member")
    return json_response(member.payload())


async def list_members(ctx: ApiRequest) -> web.Response:
    """GET /guilds/{guild_id}/members?limit&after, ordered by user id."""
    limit = int(ctx.query.get("limit", "1"))
    after = int(ctx.query.get("after", "0"))
    members = sorted(_guild(ctx).members.values(), key=lambda m: m.user.id)
    return json_response([m.payload() for m in members if m.user.id > after][:limit])


async def get_channel(ctx: ApiRequest) -> web.Response:
    """GET /channels/{channel_id}."""
    channel = ctx.fake.world.channels.get(ctx.param_id("channel_id"))
    if channel is None:
        raise unknown_channel()
    return json_response(channel.payload())


async def create_dm(ctx: ApiRequest) -> web.Response:
    """POST /users/@me/channels {recipient_id}: the (reused) DM channel with that user."""
    recipient = ctx.payload.get("recipient_id")
    user = ctx.fake.world.users.get(int(recipient)) if recipient is not None else None
    if user is None:
        raise DiscordError(400, 50035, "Invalid Form Body", errors={"recipient_id": {}})
    return json_response(ctx.fake.world.dm_channel(user).payload())


ROUTES: dict[tuple[str, str], Handler] = {
    ("GET", "/users/@me"): get_me,
    ("GET", "/users/{user_id}"): get_user,
    ("GET", "/gateway"): get_gateway,
    ("GET", "/gateway/bot"): get_gateway_bot,
    ("GET", "/oauth2/applications/@me"): get_application,
    ("GET", "/applications/@me"): get_application,
    ("GET", "/guilds/{guild_id}"): get_guild,
    ("GET", "/guilds/{guild_id}/channels"): get_guild_channels,
    ("GET", "/guilds/{guild_id}/roles"): get_guild_roles,
    ("GET", "/guilds/{guild_id}/members"): list_members,
    ("GET", "/guilds/{guild_id}/members/{user_id}"): get_member,
    ("GET", "/channels/{channel_id}"): get_channel,
    ("POST", "/users/@me/channels"): create_dm,
}
