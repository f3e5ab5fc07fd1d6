"""The REST pipeline: match the spec route, rate-limit, authenticate, validate, then handle.

Every request is checked against Discord's OpenAPI description: unknown route (404) or method
(405), path and query parameters, and the JSON body (or multipart `payload_json`) against the
operation's schema plus `extra_checks`. A failure is recorded on the fake (the fixture fails
the test at teardown) and answered like Discord: 400 `{"code": 50035, "message": "Invalid
Form Body", "errors": {...}}`.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web
from multidict import MultiDictProxy

from .bodies import Body, read_body
from .errors import DiscordError, ErrorAnswer, Failure, invalid_form_body
from .extra_checks import extra_problems
from .holds import Holds
from .ratelimits import rate_limited_response
from .spec import RouteMatch, Spec
from .validation import Problem, form_errors, problems

if TYPE_CHECKING:
    from .server import FakeDiscord

API_PREFIX = "/api/v10"


@dataclass
class ApiRequest:
    """A validated request handed to a route handler."""

    fake: FakeDiscord
    request: web.Request
    method: str
    template: str
    params: dict[str, str]
    query: MultiDictProxy[str]
    body: Body

    @property
    def payload(self) -> Any:
        """The JSON body (or `payload_json`); `{}` when there is none."""
        return {} if self.body.payload is None else self.body.payload

    def param_id(self, name: str) -> int:
        """A snowflake path parameter as int."""
        return int(self.params[name])


Handler = Callable[[ApiRequest], Awaitable[web.StreamResponse]]


JSON_HEADERS = {"Content-Type": "application/json"}


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON answer; the content type is exactly `application/json`, as discord.py expects."""
    return web.Response(status=status, body=json.dumps(data).encode(), headers=JSON_HEADERS)


def no_content() -> web.Response:
    """204."""
    return web.Response(status=204)


def error_response(error: DiscordError) -> web.Response:
    """A Discord error answer."""
    response = json_response(error.body(), error.status)
    response.headers.update(error.headers)
    return response


class Api:
    """Runs each request through the pipeline and dispatches it to a handler."""

    def __init__(self, fake: FakeDiscord, spec: Spec, routes: dict[tuple[str, str], Handler]):
        self.fake = fake
        self.spec = spec
        self.routes = routes
        for method, template in routes:
            if not spec.has_route(method, template):
                raise ValueError(f"handler for {method} {template}, which the spec lacks")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """The aiohttp handler for everything under /api/v10."""
        self.fake.activity.begin()
        try:
            return await self._handle(request)
        finally:
            self.fake.activity.end()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        method, path = request.method, request.path.removeprefix(API_PREFIX)
        match = self.spec.match(method, path)
        if match is None:
            self._fail("route", method, path, None, "unknown route (not in Discord's API)")
            return self._error(method, path, None, DiscordError(404, 0, "404: Not Found"))
        if not match.method_allowed:
            self._fail("method", method, path, match.template, f"{method} is not allowed here")
            error = DiscordError(405, 0, "405: Method Not Allowed")
            return self._error(method, path, match.template, error)
        injection = self.fake.ratelimits.take(method, match.template)
        if injection is not None:
            return rate_limited_response(injection)
        if self._needs_bot_token(match) and not self.fake.token_ok(_bot_token(request)):
            return self._error(
                method, path, match.template, DiscordError(401, 0, "401: Unauthorized")
            )
        try:
            body = await read_body(request)
        except DiscordError as error:
            self._fail("body", method, path, match.template, error.message)
            return self._error(method, path, match.template, error)
        found = self._problems(match, request, body)
        if found:
            for kind, problem in found:
                where = f"{problem.where}: {problem.message}"
                self._fail(kind, method, path, match.template, where, problem.schema_message)
            error = invalid_form_body(form_errors(p for _, p in found))
            return self._error(method, path, match.template, error)
        handler = self.routes.get((method, match.template))
        if handler is None:
            message = "route exists in Discord's API but fakediscord does not implement it"
            self._fail("unimplemented", method, path, match.template, message)
            return self._error(method, path, match.template, DiscordError(404, 0, message))
        ctx = ApiRequest(
            self.fake, request, method, match.template, match.params, request.query, body
        )
        self.fake.requests.append((method, match.template, body.payload))
        hold = self.fake.holds.take(method, match.template, dict(match.params))
        if hold is not None and not hold.after:
            await Holds.never_answer(hold)
        try:
            response = await handler(ctx)
        except DiscordError as error:
            return self._error(method, path, match.template, error)
        if hold is not None:
            await Holds.never_answer(hold)
        return response

    # -- validation ---------------------------------------------------------------------
    def _problems(
        self, match: RouteMatch, request: web.Request, body: Body
    ) -> list[tuple[str, Problem]]:
        found: list[tuple[str, Problem]] = []
        known_query: set[str] = set()
        for param, validator in self.spec.parameters(match):
            name, where = param["name"], param["in"]
            if where == "path":
                found += [("path", p) for p in _located(validator, match.params[name], name)]
            elif where == "query":
                known_query.add(name)
                if name in request.query:
                    value = _coerce(request.query[name], param.get("schema", {}))
                    found += [("query", p) for p in _located(validator, value, name)]
        for name in request.query:
            if name not in known_query:
                message = f"unknown query parameter {name!r}"
                found.append(("query", Problem((name,), "UNKNOWN", message, message)))
        found += [("body", p) for p in self._body_problems(match, body)]
        if not found and body.payload is not None:
            extra = extra_problems(match.method, match.template, body.payload)
            found += [("extra", p) for p in extra]
        return found

    def _body_problems(self, match: RouteMatch, body: Body) -> list[Problem]:
        accepted = self.spec.body_content_types(match)
        if body.payload is None and not body.files:
            if self.spec.body_required(match):
                return [Problem((), "BASE_TYPE_REQUIRED", "a request body is required", "")]
            return []
        if not accepted:
            return [Problem((), "UNEXPECTED", "this route takes no body", "")]
        content_type = body.content_type or "application/json"
        if content_type not in accepted:
            message = f"content type {content_type} not accepted (only {accepted})"
            return [Problem((), "UNEXPECTED", message, "")]
        found = [
            Problem((name,), "UNEXPECTED", f"unexpected multipart part {name!r}", "")
            for name in body.unknown_parts
        ]
        validator = self.spec.body_validator(match, content_type)
        found += problems(validator, {} if body.payload is None else body.payload)
        return found

    def _needs_bot_token(self, match: RouteMatch) -> bool:
        security = self.spec.operation(match).get("security") or []
        return bool(security) and {} not in security

    # -- recording ----------------------------------------------------------------------
    def _fail(
        self,
        kind: str,
        method: str,
        path: str,
        template: str | None,
        message: str,
        schema_message: str = "",
    ) -> None:
        self.fake.record_failure(Failure(kind, method, path, template, message, schema_message))

    def _error(
        self, method: str, path: str, template: str | None, error: DiscordError
    ) -> web.Response:
        answer = ErrorAnswer(
            method, path, template, error.status, error.code, error.message, error.body()
        )
        self.fake.errors.append(answer)
        return error_response(error)


def _bot_token(request: web.Request) -> str | None:
    header = request.headers.get("Authorization", "")
    return header.removeprefix("Bot ") if header.startswith("Bot ") else None


def _coerce(value: str, schema: dict[str, Any]) -> Any:
    """Query strings as the typed value Discord parses (booleans: true/false/1/0)."""
    kind = schema.get("type")
    kinds = set(kind) if isinstance(kind, list) else {kind}
    if "boolean" in kinds:
        return {"true": True, "1": True, "false": False, "0": False}.get(value.lower(), value)
    for numeric, convert in (("integer", int), ("number", float)):
        if numeric in kinds:
            try:
                return convert(value)
            except ValueError:
                return value
    return value


def _located(validator: Any, value: Any, name: str) -> list[Problem]:
    return [
        Problem((name, *p.path), p.code, p.message, p.schema_message)
        for p in problems(validator, value)
    ]
