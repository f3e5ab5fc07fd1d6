"""Channel message routes: send (JSON or multipart), read, edit, delete, history, typing."""

from __future__ import annotations

from aiohttp import web

from .api import ApiRequest, Handler, json_response, no_content
from .channels import FakeChannel
from .errors import DiscordError, cannot_dm, unknown_channel, unknown_message
from .messages import FakeMessage
from .permissions import READ_MESSAGE_HISTORY


def _channel(ctx: ApiRequest) -> FakeChannel:
    channel = ctx.fake.world.channels.get(ctx.param_id("channel_id"))
    if channel is None:
        raise unknown_channel()
    return channel


def _message(ctx: ApiRequest) -> FakeMessage:
    channel = _channel(ctx)
    channel.check_bot_sees()
    message = ctx.fake.world.messages.get(ctx.param_id("message_id"))
    if message is None or message.channel is not channel or message.deleted:
        raise unknown_message()
    if message.visible_to is not None:
        raise unknown_message()
    return message


async def create_message(ctx: ApiRequest) -> web.Response:
    """POST /channels/{channel_id}/messages; 50007 if the DM recipient closed their DMs."""
    channel = _channel(ctx)
    if channel.is_dm and channel.recipient is not None and channel.recipient.dms_closed:
        raise cannot_dm()
    channel.check_bot_sends(files=bool(ctx.body.files))
    payload = ctx.payload
    parts = ("content", "embeds", "components", "sticker_ids", "poll")
    if not ctx.body.files and not any(payload.get(k) for k in parts):
        raise DiscordError(400, 50006, "Cannot send an empty message")
    message = ctx.fake.message_ops.create(channel, payload, ctx.body.files)
    return json_response(message.payload())


async def get_message(ctx: ApiRequest) -> web.Response:
    """GET /channels/{channel_id}/messages/{message_id}."""
    return json_response(_message(ctx).payload())


async def edit_message(ctx: ApiRequest) -> web.Response:
    """PATCH /channels/{channel_id}/messages/{message_id}; only the bot's own messages."""
    message = _message(ctx)
    if message.author is not ctx.fake.bot_user:
        raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
    return json_response(ctx.fake.message_ops.edit(message, ctx.payload, ctx.body.files).payload())


async def delete_message(ctx: ApiRequest) -> web.Response:
    """DELETE /channels/{channel_id}/messages/{message_id}."""
    ctx.fake.message_ops.delete(_message(ctx))
    return no_content()


async def list_messages(ctx: ApiRequest) -> web.Response:
    """GET /channels/{channel_id}/messages?limit&before&after&around, newest first."""
    channel = _channel(ctx)
    channel.check_bot_sees()
    if not channel.bot_permissions() & READ_MESSAGE_HISTORY:
        return json_response([])  # as Discord answers without READ_MESSAGE_HISTORY
    found = list(reversed(channel.messages()))
    limit = int(ctx.query.get("limit", "50"))
    if "before" in ctx.query:
        found = [m for m in found if m.id < int(ctx.query["before"])]
    if "after" in ctx.query:
        found = [m for m in found if m.id > int(ctx.query["after"])][-limit:]
    if "around" in ctx.query:
        around = int(ctx.query["around"])
        found.sort(key=lambda m: abs(m.id - around))
        found = sorted(found[:limit], key=lambda m: -m.id)
    return json_response([m.payload() for m in found[:limit]])


async def typing(ctx: ApiRequest) -> web.Response:
    """POST /channels/{channel_id}/typing."""
    _channel(ctx)
    return no_content()


ROUTES: dict[tuple[str, str], Handler] = {
    ("POST", "/channels/{channel_id}/messages"): create_message,
    ("GET", "/channels/{channel_id}/messages"): list_messages,
    ("GET", "/channels/{channel_id}/messages/{message_id}"): get_message,
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): edit_message,
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): delete_message,
    ("POST", "/channels/{channel_id}/typing"): typing,
}
