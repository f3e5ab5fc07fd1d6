"""Injected 429s: answer the next N requests of a route with Discord's rate-limit reply."""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass

from aiohttp import web


@dataclass
class Injection:
    """`remaining` more requests of `method template` get a 429 with `retry_after` seconds."""

    method: str
    template: str
    remaining: int
    retry_after: float
    is_global: bool = False


class RateLimits:
    """The pending injections and a log of the 429s answered."""

    def __init__(self) -> None:
        self.pending: list[Injection] = []
        self.answered: list[tuple[str, str]] = []

    def inject(
        self, method: str, template: str, times: int, retry_after: float, is_global: bool
    ) -> Injection:
        """Queue an injection."""
        injection = Injection(method.upper(), template, times, retry_after, is_global)
        self.pending.append(injection)
        return injection

    def take(self, method: str, template: str) -> Injection | None:
        """Consume one 429 for this request, if one is queued."""
        for injection in self.pending:
            if injection.method == method and injection.template == template:
                injection.remaining -= 1
                if injection.remaining <= 0:
                    self.pending.remove(injection)
                self.answered.append((method, template))
                return injection
        return None


def rate_limited_response(injection: Injection) -> web.Response:
    """Discord's 429: JSON body with `retry_after`, `Retry-After` and X-RateLimit headers."""
    body = {
        "message": "You are being rate limited.",
        "retry_after": injection.retry_after,
        "global": injection.is_global,
    }
    headers = {
        "Retry-After": str(max(1, math.ceil(injection.retry_after))),
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": f"{time.time() + injection.retry_after:.3f}",
        "X-RateLimit-Reset-After": f"{injection.retry_after:.3f}",
        "X-RateLimit-Bucket": "fakediscord-" + injection.template.strip("/").replace("/", "-"),
        "X-RateLimit-Scope": "global" if injection.is_global else "user",
        "Via": "1.1 google",
        "Content-Type": "application/json",
    }
    if injection.is_global:
        headers["X-RateLimit-Global"] = "true"
    return web.Response(status=429, body=json.dumps(body).encode(), headers=headers)
