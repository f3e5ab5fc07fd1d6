"""Interaction callbacks and the follow-up webhook (`/webhooks/{application_id}/{token}`)."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from .api import ApiRequest, Handler, json_response, no_content
from .errors import DiscordError, ErrorAnswer, Failure, already_acknowledged, unknown_message
from .interactions import APPLICATION_COMMAND, InteractionResult
from .message_ops import number_components
from .messages import EPHEMERAL, FakeMessage
from .visibility import component_texts

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"
ORIGINAL = WEBHOOK + "/messages/@original"
FOLLOWUP = WEBHOOK + "/messages/{message_id}"
CHAT_INPUT_COMMAND = 20
ALLOWED = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}


def _refuse(ctx: ApiRequest, result: InteractionResult | None, error: DiscordError) -> None:
    if result is not None:
        answer = ErrorAnswer(
            ctx.method, ctx.request.path, ctx.template, error.status, error.code, error.message
        )
        result.refusals.append(answer)
        result.answered.set()


async def callback(ctx: ApiRequest) -> web.Response:
    """POST .../callback: the initial response (10062 if late or unknown, 40060 if doubled)."""
    engine = ctx.fake.interactions
    token = ctx.params["interaction_token"]
    known = engine.by_token.get(token)
    try:
        result = engine.for_callback(ctx.params["interaction_id"], token)
        if result.acknowledged:
            raise already_acknowledged()
    except DiscordError as error:
        _refuse(ctx, known, error)
        raise
    kind = ctx.payload["type"]
    data: dict[str, Any] = ctx.payload.get("data") or {}
    if kind not in ALLOWED[result.type] or (kind in (6, 7) and result.source_message is None):
        message = f"callback type {kind} is not valid for a {result.label} interaction"
        ctx.fake.record_failure(Failure("protocol", "POST", ctx.request.path, CALLBACK, message))
        error = DiscordError(400, 50035, "Invalid Form Body", errors={"type": {"_errors": []}})
        _refuse(ctx, result, error)
        raise error
    _apply(ctx, result, kind, data)
    result.response_type = kind
    result.answered_at = asyncio.get_running_loop().time()
    result.answered.set()
    ctx.fake.world.changed()
    if ctx.query.get("with_response", "").lower() in ("true", "1"):
        return json_response(_callback_payload(result, kind))
    return no_content()


def _apply(ctx: ApiRequest, result: InteractionResult, kind: int, data: dict[str, Any]) -> None:
    ops, world = ctx.fake.message_ops, ctx.fake.world
    private = result.user if (data.get("flags") or 0) & EPHEMERAL else None
    message_kind = CHAT_INPUT_COMMAND if result.type == APPLICATION_COMMAND else 0
    extra = _message_extra(ctx, result)
    if kind == 4:
        result.original = ops.create(
            result.channel, data, ctx.body.files, visible_to=private, kind=message_kind, extra=extra
        )
    elif kind == 5:
        result.original = ops.create(
            result.channel,
            {"flags": data.get("flags")},
            [],
            visible_to=private,
            loading=True,
            kind=message_kind,
            extra=extra,
        )
    elif kind == 6:
        result.original = result.source_message
    elif kind == 7:
        assert result.source_message is not None
        result.original = ops.edit(result.source_message, data, ctx.body.files)
    elif kind == 8:
        result.choices = list(data.get("choices") or [])
        world.remember_shown(result.user, [str(c.get("name")) for c in result.choices])
    elif kind == 9:
        result.modal = {**data, "components": number_components(data.get("components") or [])}
        texts = [data.get("title") or "", *component_texts(data.get("components") or [])]
        world.remember_shown(result.user, texts)


def _message_extra(
    ctx: ApiRequest, result: InteractionResult, followup_of: int | None = None
) -> dict[str, Any]:
    engine, app_id = ctx.fake.interactions, ctx.fake.application_id
    return {
        "webhook_id": app_id,
        "application_id": app_id,
        "interaction_metadata": engine.metadata(result, followup_of=followup_of),
        "interaction": engine.legacy_interaction(result),
    }


def _callback_payload(result: InteractionResult, kind: int) -> dict[str, Any]:
    info: dict[str, Any] = {"id": str(result.id), "type": result.type}
    resource: dict[str, Any] = {"type": kind}
    message = result.original
    if kind in (4, 5, 7) and message is not None:
        info.update(
            response_message_id=str(message.id),
            response_message_loading=message.loading,
            response_message_ephemeral=message.ephemeral,
        )
        if kind in (4, 7):
            resource["message"] = message.payload()
    return {"interaction": info, "resource": resource}


def _result(ctx: ApiRequest) -> InteractionResult:
    return ctx.fake.interactions.for_webhook(ctx.params["webhook_id"], ctx.params["webhook_token"])


def _target(ctx: ApiRequest, result: InteractionResult) -> FakeMessage:
    if ctx.template == ORIGINAL:
        message = result.original
    else:
        wanted = ctx.param_id("message_id")
        message = next((m for m in result.messages if m.id == wanted), None)
    if message is None or message.deleted:
        raise unknown_message()
    return message


async def execute(ctx: ApiRequest) -> web.Response:
    """POST /webhooks/{app}/{token}: a follow-up (the first one fills a deferred response)."""
    result = _result(ctx)
    ops, payload, files = ctx.fake.message_ops, ctx.payload, ctx.body.files
    original = result.original
    if original is not None and original.loading and result.response_type == 5:
        message = ops.edit(original, payload, files)
    else:
        private = result.user if (payload.get("flags") or 0) & EPHEMERAL else None
        followup_of = original.id if original is not None else None
        extra = _message_extra(ctx, result, followup_of)
        message = ops.create(result.channel, payload, files, visible_to=private, extra=extra)
    result.followups.append(message)
    if ctx.query.get("wait", "").lower() in ("true", "1"):
        return json_response(message.payload())
    return no_content()


async def get_webhook_message(ctx: ApiRequest) -> web.Response:
    """GET .../messages/@original or .../messages/{id}."""
    return json_response(_target(ctx, _result(ctx)).payload())


async def edit_webhook_message(ctx: ApiRequest) -> web.Response:
    """PATCH .../messages/@original or .../messages/{id}."""
    message = _target(ctx, _result(ctx))
    return json_response(ctx.fake.message_ops.edit(message, ctx.payload, ctx.body.files).payload())


async def delete_webhook_message(ctx: ApiRequest) -> web.Response:
    """DELETE .../messages/@original or .../messages/{id}."""
    ctx.fake.message_ops.delete(_target(ctx, _result(ctx)))
    return no_content()


ROUTES: dict[tuple[str, str], Handler] = {
    ("POST", CALLBACK): callback,
    ("POST", WEBHOOK): execute,
    ("GET", ORIGINAL): get_webhook_message,
    ("PATCH", ORIGINAL): edit_webhook_message,
    ("DELETE", ORIGINAL): delete_webhook_message,
    ("GET", FOLLOWUP): get_webhook_message,
    ("PATCH", FOLLOWUP): edit_webhook_message,
    ("DELETE", FOLLOWUP): delete_webhook_message,
}
