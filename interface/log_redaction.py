"""Secrets never reach a log: Discord's interaction tokens and the bot's own token are cut out
of every record, the libraries' included (discord.py's webhook logger writes each
interaction's callback and follow-up URLs, whose token opens that member's private answers for
15 minutes).

`RedactSecrets` is a handler filter: a filter on a handler sees every record that handler
writes, from any logger (a filter on a logger sees only the records logged on that very logger).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable

REDACTED = "[redacted]"
# An interaction's token in its REST routes (`/interactions/<id>/<token>/callback`,
# `/webhooks/<application id>/<token>[/messages/...]`) and in JSON (`"token": "..."`).
ROUTE_TOKEN = re.compile(r"(/(?:interactions|webhooks)/\d+/)[A-Za-z0-9_\-.]{20,}")
JSON_TOKEN = re.compile(r"""(["']token["']\s*:\s*["'])[^"']+""")


class RedactSecrets(logging.Filter):
    """Rewrites each record's message with every token replaced by `[redacted]`; also any of
    the `secrets` given (the bot token)."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if len(s) >= 8]

    def redact(self, text: str) -> str:
        """`text` with every token and secret cut out."""
        text = ROUTE_TOKEN.sub(rf"\1{REDACTED}", text)
        text = JSON_TOKEN.sub(rf"\1{REDACTED}", text)
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = self.redact(message)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True
