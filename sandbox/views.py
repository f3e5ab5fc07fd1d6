"""What the page receives: messages as the Discord client would draw them (attachment addresses
pointing at the page's own `/files/` route), the server and the slash commands."""

from __future__ import annotations

import json
import re
from typing import Any

from fakediscord import FakeChannel, FakeUser
from fakediscord.events import MessageEvent
from fakediscord.messages import FakeMessage

ATTACHMENT_URL = re.compile(r"http://127\.0\.0\.1:\d+/attachments/\d+/(\d+)/([^\"?#]+)")
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2


def local_urls(data: Any) -> Any:
    """`data` with every loopback attachment address turned into `/files/<id>/<name>`."""
    text = json.dumps(data)
    return json.loads(ATTACHMENT_URL.sub(r"/files/\1/\2", text))


def message_view(payload: dict[str, Any], *, deleted: bool = False) -> dict[str, Any]:
    """A message payload (as the REST API gives it) for the page."""
    view: dict[str, Any] = local_urls(payload)
    view["deleted"] = deleted
    return view


def event_view(event: MessageEvent) -> dict[str, Any]:
    """One create, edit or delete, as the page's live feed sends it."""
    return {"kind": event.kind, "message": message_view(event.payload)}


def current_view(message: FakeMessage) -> dict[str, Any]:
    """A stored message as it is now."""
    return message_view(message.payload(), deleted=message.deleted)


def member_view(user: FakeUser) -> dict[str, Any]:
    return {"id": str(user.id), "name": user.display_name, "bot": user.bot}


def channel_view(channel: FakeChannel) -> dict[str, Any]:
    return {"id": str(channel.id), "name": channel.name or "", "dm": channel.is_dm}


def flat_commands(commands: list[dict[str, Any]], *, in_dm: bool) -> list[dict[str, Any]]:
    """Each runnable `/name [group] [sub]` with its options, as the message box offers them
    (only those usable in a DM when `in_dm`)."""
    found: list[dict[str, Any]] = []
    for command in commands:
        if command.get("type", 1) != 1 or not _usable(command, in_dm=in_dm):
            continue
        _flatten(command, [command["name"]], found)
    return sorted(found, key=lambda c: c["path"])


def _flatten(node: dict[str, Any], path: list[str], found: list[dict[str, Any]]) -> None:
    options = node.get("options") or []
    subs = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if not subs:
        found.append(
            {
                "path": " ".join(path),
                "description": node.get("description") or "",
                "options": [_option(o) for o in options],
            }
        )
    for sub in subs:
        _flatten(sub, [*path, sub["name"]], found)


def _option(option: dict[str, Any]) -> dict[str, Any]:
    keys = ("name", "type", "description", "required", "choices", "autocomplete")
    return {k: option[k] for k in keys if k in option}


def _usable(command: dict[str, Any], *, in_dm: bool) -> bool:
    contexts = command.get("contexts")
    if in_dm:
        return command.get("dm_permission") is not False and (contexts is None or 1 in contexts)
    return contexts is None or 0 in contexts
