"""Application command routes, global and per guild: list, bulk overwrite, create, edit, delete."""

from __future__ import annotations

from aiohttp import web

from .api import ApiRequest, Handler, json_response, no_content
from .errors import DiscordError


def _scope(ctx: ApiRequest) -> int | None:
    if ctx.params["application_id"] != str(ctx.fake.application_id):
        raise DiscordError(403, 50001, "Missing Access")
    if "guild_id" in ctx.params:
        guild_id = ctx.param_id("guild_id")
        if guild_id not in ctx.fake.world.guilds:
            raise DiscordError(403, 50001, "Missing Access")
        return guild_id
    return None


def _unknown() -> DiscordError:
    return DiscordError(404, 10063, "Unknown application command")


async def list_commands(ctx: ApiRequest) -> web.Response:
    """GET .../commands."""
    return json_response(ctx.fake.commands.list(_scope(ctx)))


async def bulk_set(ctx: ApiRequest) -> web.Response:
    """PUT .../commands: replace the scope's commands."""
    return json_response(ctx.fake.commands.bulk_set(_scope(ctx), ctx.payload or []))


async def create_command(ctx: ApiRequest) -> web.Response:
    """POST .../commands: create or overwrite one command."""
    return json_response(ctx.fake.commands.upsert(_scope(ctx), ctx.payload), 201)


async def get_command(ctx: ApiRequest) -> web.Response:
    """GET .../commands/{command_id}."""
    found = ctx.fake.commands.find_by_id(_scope(ctx), ctx.param_id("command_id"))
    if found is None:
        raise _unknown()
    return json_response(found)


async def edit_command(ctx: ApiRequest) -> web.Response:
    """PATCH .../commands/{command_id}."""
    found = ctx.fake.commands.edit(_scope(ctx), ctx.param_id("command_id"), ctx.payload)
    if found is None:
        raise _unknown()
    return json_response(found)


async def delete_command(ctx: ApiRequest) -> web.Response:
    """DELETE .../commands/{command_id}."""
    if not ctx.fake.commands.delete(_scope(ctx), ctx.param_id("command_id")):
        raise _unknown()
    return no_content()


GLOBAL = "/applications/{application_id}/commands"
GUILD = "/applications/{application_id}/guilds/{guild_id}/commands"
ROUTES: dict[tuple[str, str], Handler] = {}
for _base in (GLOBAL, GUILD):
    ROUTES.update(
        {
            ("GET", _base): list_commands,
            ("PUT", _base): bulk_set,
            ("POST", _base): create_command,
            ("GET", _base + "/{command_id}"): get_command,
            ("PATCH", _base + "/{command_id}"): edit_command,
            ("DELETE", _base + "/{command_id}"): delete_command,
        }
    )
