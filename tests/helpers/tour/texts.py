"""What a player reads of a message (its text, embeds, components), and the message written
out as plain text for the tour's files."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from fakediscord.components import BUTTON, SELECTS
from fakediscord.visibility import component_texts, embed_texts

MENTION = re.compile(r"<@!?(\d+)>")
TEXT_DISPLAY, CONTAINER, SECTION, MEDIA_GALLERY, THUMBNAIL = 10, 17, 9, 12, 11

Names = Callable[[int], str]


def readable(text: str, name_of: Names) -> str:
    """`text` as Discord shows it: `<@id>` mentions become `@name`."""
    return MENTION.sub(lambda m: "@" + name_of(int(m.group(1))), text)


def read_texts(payload: Mapping[str, Any], name_of: Names) -> Iterator[str]:
    """Every text a reader sees of a message: content, embed texts, labels, placeholders,
    option labels and descriptions, text displays, and the pictures' descriptions."""
    yield readable(payload.get("content") or "", name_of)
    for text in embed_texts(payload.get("embeds") or []):
        yield readable(text, name_of)
    for text in component_texts(payload.get("components") or []):
        yield readable(text, name_of)
    for attachment in payload.get("attachments") or []:
        if attachment.get("description"):
            yield attachment["description"]


def describe(payload: Mapping[str, Any], name_of: Names) -> list[str]:
    """The message as plain text lines: content, embeds, components (one line each)."""
    content = readable(payload.get("content") or "", name_of)
    lines = [content] if content else []
    for embed in payload.get("embeds") or []:
        lines.append("[embed]")
        for text in embed_texts(embed):
            lines += ["  " + part for part in readable(text, name_of).splitlines()]
    lines += _components(payload.get("components") or [], name_of, "")
    return lines


def _components(components: list[Any], name_of: Names, indent: str) -> list[str]:
    lines: list[str] = []
    for component in components:
        if not isinstance(component, dict):
            continue
        kind = component.get("type")
        if kind == BUTTON:
            state = " (disabled)" if component.get("disabled") else ""
            lines.append(f"{indent}[button] {component.get('label') or ''}{state}")
        elif kind in SELECTS:
            low, high = component.get("min_values", 1), component.get("max_values", 1)
            lines.append(f"{indent}[menu] {component.get('placeholder') or ''} (pick {low}–{high})")
            for option in component.get("options") or []:
                about = f" — {option['description']}" if option.get("description") else ""
                lines.append(f"{indent}  · {option.get('label')}{about}")
        elif kind == TEXT_DISPLAY:
            lines.append(f"{indent}{readable(component.get('content') or '', name_of)}")
        elif kind in (MEDIA_GALLERY, THUMBNAIL):
            lines.append(f"{indent}[picture]")
        for key in ("components", "accessory", "component"):
            inner = component.get(key)
            if isinstance(inner, dict):
                inner = [inner]
            if isinstance(inner, list):
                deeper = indent if kind == 1 else indent + "  "
                lines += _components(inner, name_of, deeper)
    return lines
