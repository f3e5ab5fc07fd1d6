"""Read a request body as Discord does: JSON, or multipart with `payload_json` + `files[n]`."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import DiscordError

FILE_FIELD = re.compile(r"^files\[(\d+)\]$")


@dataclass(frozen=True)
class UploadedFile:
    """One `files[n]` part: `index` is n, which `attachments[].id` refers to."""

    index: int
    filename: str
    content_type: str
    data: bytes


@dataclass
class Body:
    """The parsed body: `payload` is the JSON (or `payload_json`), `files` the uploads."""

    content_type: str | None
    payload: Any = None
    files: list[UploadedFile] = field(default_factory=list)
    unknown_parts: list[str] = field(default_factory=list)


def _bad_json(detail: str) -> DiscordError:
    return DiscordError(400, 50109, f"The request body contains invalid JSON. ({detail})")


async def read_body(request: web.Request) -> Body:
    """Parse the request body; raise a Discord-style 400 on malformed JSON."""
    if not request.can_read_body:
        return Body(content_type=None)
    content_type = request.content_type
    if content_type == "multipart/form-data":
        return await _read_multipart(request)
    raw = await request.read()
    if not raw:
        return Body(content_type=content_type)
    if content_type != "application/json":
        raise DiscordError(400, 50035, f"Unsupported content type {content_type!r}")
    try:
        return Body(content_type=content_type, payload=json.loads(raw))
    except ValueError as exc:
        raise _bad_json(str(exc)) from exc


async def _read_multipart(request: web.Request) -> Body:
    body = Body(content_type="multipart/form-data")
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue
        name = part.name or ""
        data = await part.read(decode=False)
        if name == "payload_json":
            try:
                body.payload = json.loads(data)
            except ValueError as exc:
                raise _bad_json(str(exc)) from exc
        elif match := FILE_FIELD.match(name):
            body.files.append(
                UploadedFile(
                    index=int(match.group(1)),
                    filename=part.filename or f"file{match.group(1)}",
                    content_type=part.headers.get("Content-Type", "application/octet-stream"),
                    data=bytes(data),
                )
            )
        else:
            body.unknown_parts.append(name)
    return body
