"""Discord-style error answers and the records of requests the fake refused."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class DiscordError(Exception):
    """Raised by a route handler; becomes a JSON error answer `{"code", "message", ...}`."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.headers = headers or {}
        self.extra = extra or {}

    def body(self) -> dict[str, Any]:
        """The JSON body Discord sends with this error."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        body.update(self.extra)
        return body


def unknown_interaction() -> DiscordError:
    """10062: the token is unknown or the 3-second window to answer has passed."""
    return DiscordError(404, 10062, "Unknown interaction")


def already_acknowledged() -> DiscordError:
    """40060: a second initial response to one interaction."""
    return DiscordError(400, 40060, "Interaction has already been acknowledged.")


def unknown_webhook() -> DiscordError:
    """10015: follow-up token unknown, expired, or used before the initial response."""
    return DiscordError(404, 10015, "Unknown Webhook")


def unknown_message() -> DiscordError:
    """10008: no such message (or not visible to the bot)."""
    return DiscordError(404, 10008, "Unknown Message")


def unknown_channel() -> DiscordError:
    """10003: no such channel."""
    return DiscordError(404, 10003, "Unknown Channel")


def cannot_dm() -> DiscordError:
    """50007: the recipient has closed their DMs."""
    return DiscordError(403, 50007, "Cannot send messages to this user")


def too_large() -> DiscordError:
    """40005: an upload is larger than the attachment size limit."""
    return DiscordError(413, 40005, "Request entity too large")


def invalid_form_body(errors: dict[str, Any]) -> DiscordError:
    """50035: the body failed validation; `errors` mirrors the body's shape."""
    return DiscordError(400, 50035, "Invalid Form Body", errors=errors)


@dataclass(frozen=True)
class Failure:
    """A request Discord would refuse (or the fake cannot answer): fails the test at teardown.

    `kind` is one of: route, method, path, query, body, schema, extra, protocol, unimplemented.
    """

    kind: str
    method: str
    path: str
    template: str | None
    message: str
    schema_message: str = ""

    def __str__(self) -> str:
        route = self.template or self.path
        text = f"[{self.kind}] {self.method} {route}: {self.message}"
        if self.schema_message and self.schema_message not in self.message:
            text += f" (schema: {self.schema_message})"
        return text


@dataclass(frozen=True)
class ErrorAnswer:
    """An error the fake answered with (expected ones too, e.g. 10062 or 50007)."""

    method: str
    path: str
    template: str | None
    status: int
    code: int
    message: str
    body: dict[str, Any] = field(default_factory=dict, compare=False)


def missing_access() -> DiscordError:
    """50001: the bot cannot see or use the channel."""
    return DiscordError(403, 50001, "Missing Access")


def missing_permissions() -> DiscordError:
    """50013: the bot lacks a permission the request needs (e.g. SEND_MESSAGES, ATTACH_FILES)."""
    return DiscordError(403, 50013, "Missing Permissions")


def rate_limited() -> DiscordError:
    """429: too many requests (discord.py gives up after its retries)."""
    return DiscordError(429, 0, "You are being rate limited.")


def bad_gateway() -> DiscordError:
    """502: Discord itself is failing."""
    return DiscordError(502, 0, "Bad Gateway")
