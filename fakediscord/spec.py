"""Discord's OpenAPI description: route templates and cached request validators.

The spec is loaded once per process. Quirks of the spec that real Discord (and discord.py) do
not share are patched here, each with its reason:

* `SnowflakeType` is a string with a digit pattern, but Discord accepts integer snowflakes and
  discord.py sends integers (e.g. `recipient_id` in create-DM, `attachments[].id` = file index).
  We accept an integer >= 0 as well.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SPEC_PATH = REPO_ROOT / "vendor" / "discord-api-spec" / "openapi.json"
SPEC_URI = "urn:discord:openapi"
METHODS = ("get", "put", "post", "patch", "delete")

SNOWFLAKE_SCHEMA: dict[str, Any] = {
    "type": ["string", "integer"],
    "pattern": "^(0|[1-9][0-9]*)$",
    "minimum": 0,
    "format": "snowflake",
}


@dataclass(frozen=True)
class RouteTemplate:
    """One spec path, e.g. `/channels/{channel_id}/messages`, with its compiled matcher."""

    template: str
    regex: re.Pattern[str]
    literals: int
    methods: frozenset[str]


@dataclass(frozen=True)
class RouteMatch:
    """A request path resolved to a spec template; `params` are the path parameters."""

    template: str
    method: str
    params: dict[str, str]
    method_allowed: bool


def spec_path() -> Path:
    """Where the spec lives: $DISCORD_OPENAPI_SPEC if set, else the copy vendored in the repository
    (`vendor/discord-api-spec/openapi.json`)."""
    return Path(os.environ.get("DISCORD_OPENAPI_SPEC", DEFAULT_SPEC_PATH))


def _pointer(*parts: str) -> str:
    escaped = (p.replace("~", "~0").replace("/", "~1") for p in parts)
    return quote("/" + "/".join(escaped), safe="/~")


def _compile(template: str) -> re.Pattern[str]:
    pieces = []
    for segment in template.strip("/").split("/"):
        name = re.fullmatch(r"\{(\w+)\}", segment)
        pieces.append(f"(?P<{name.group(1)}>[^/]+)" if name else re.escape(segment))
    return re.compile("^/" + "/".join(pieces) + "$")


class Spec:
    """The loaded spec: match a request to a route, get an operation's validators."""

    def __init__(self, document: dict[str, Any]) -> None:
        document["components"]["schemas"]["SnowflakeType"] = SNOWFLAKE_SCHEMA
        self.document = document
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self.registry: Registry = Registry().with_resource(SPEC_URI, resource)
        self.routes = [
            RouteTemplate(
                template=path,
                regex=_compile(path),
                literals=sum(1 for s in path.split("/") if s and not s.startswith("{")),
                methods=frozenset(m.upper() for m in ops if m in METHODS),
            )
            for path, ops in document["paths"].items()
        ]
        self._validators: dict[str, Draft202012Validator] = {}

    def has_route(self, method: str, template: str) -> bool:
        """Whether the spec defines `method template` exactly."""
        return any(r.template == template and method.upper() in r.methods for r in self.routes)

    def match(self, method: str, path: str) -> RouteMatch | None:
        """The most specific template matching `path` (literal segments win); None if none."""
        method = method.upper()
        found = [(r, m) for r in self.routes if (m := r.regex.match(path))]
        if not found:
            return None
        allowed = [(r, m) for r, m in found if method in r.methods]
        route, m = max(allowed or found, key=lambda pair: pair[0].literals)
        return RouteMatch(route.template, method, m.groupdict(), bool(allowed))

    def operation(self, match: RouteMatch) -> dict[str, Any]:
        """The operation object of a matched route."""
        return self.document["paths"][match.template][match.method.lower()]

    def parameters(self, match: RouteMatch) -> list[tuple[dict[str, Any], Draft202012Validator]]:
        """Path-level and operation-level parameters of a matched route, with validators."""
        item = self.document["paths"][match.template]
        method = match.method.lower()
        found = []
        for index, param in enumerate(item.get("parameters", [])):
            pointer = _pointer("paths", match.template, "parameters", str(index), "schema")
            found.append((param, self._validator(pointer)))
        for index, param in enumerate(item[method].get("parameters", [])):
            pointer = _pointer("paths", match.template, method, "parameters", str(index), "schema")
            found.append((param, self._validator(pointer)))
        return found

    def body_content_types(self, match: RouteMatch) -> list[str]:
        """The request body media types the operation accepts (empty: no body)."""
        body = self.operation(match).get("requestBody")
        return list(body["content"]) if body else []

    def body_required(self, match: RouteMatch) -> bool:
        """Whether the operation requires a body."""
        body = self.operation(match).get("requestBody")
        return bool(body and body.get("required"))

    def body_validator(self, match: RouteMatch, content_type: str) -> Draft202012Validator:
        """A cached validator for the operation's body schema under `content_type`."""
        pointer = _pointer(
            "paths",
            match.template,
            match.method.lower(),
            "requestBody",
            "content",
            content_type,
            "schema",
        )
        return self._validator(pointer)

    def _validator(self, pointer: str) -> Draft202012Validator:
        if pointer not in self._validators:
            self._validators[pointer] = Draft202012Validator(
                {"$ref": f"{SPEC_URI}#{pointer}"}, registry=self.registry
            )
        return self._validators[pointer]


@cache
def load_spec(path: str | None = None) -> Spec:
    """The spec, parsed once per process (validators are cached on it too)."""
    source = Path(path) if path else spec_path()
    if not source.exists():
        raise FileNotFoundError(f"Discord OpenAPI spec not found at {source}")
    return Spec(json.loads(source.read_text(encoding="utf-8")))
