"""The tour's files: every message event the played seats could see, in order, under one
folder: `0001-channel-post.txt` (+ `0001-channel-post-1.png`, one per new picture),
`0002-channel-edit.txt`, `0003-dm.txt`, `0004-ephemeral.txt`, `…-ephemeral-edit.txt`,
`…-channel-delete.txt`; with several played seats a DM or ephemeral names its reader
(`0003-dm-bea.txt`, `0004-ephemeral-bea-edit.txt`). A deferred answer's "thinking…"
placeholder is not saved; the edit that fills it is saved as the post it becomes. An edit
saves only the pictures it adds and names those it keeps or removes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fakediscord import FakeChannel, FakeUser
from fakediscord.events import MessageEvent
from tests.helpers.tour.texts import Names, describe

PNG = b"\x89PNG\r\n\x1a\n"


def where(event: MessageEvent, channel: FakeChannel, users: Sequence[FakeUser]) -> str | None:
    """`channel`, `dm` or `ephemeral` for an event one of the users could see, else None;
    with several users a DM or ephemeral is followed by its reader's name (`dm-bea`)."""
    message = event.message
    reader = message.visible_to
    if reader is None and message.channel is channel:
        return "channel"
    if reader is None and message.channel.is_dm:
        reader = message.channel.recipient
    if reader is None or reader not in users:
        return None
    place = "ephemeral" if message.visible_to is not None else "dm"
    return place if len(users) == 1 else f"{place}-{reader.username}"


@dataclass
class Saved:
    """One saved file: its number, kind (e.g. `channel-post`) and the event."""

    number: int
    kind: str
    event: MessageEvent
    pictures: list[str] = field(default_factory=list)


def seen_events(
    events: Iterable[MessageEvent], channel: FakeChannel, users: Sequence[FakeUser]
) -> list[tuple[str, MessageEvent]]:
    """The events the users could see, each with its file kind, placeholders left out."""
    pending: set[int] = set()
    found = []
    for event in events:
        place = where(event, channel, users)
        if place is None:
            continue
        message_id = event.message.id
        if event.kind == "create" and event.loading:
            pending.add(message_id)
            continue
        if event.kind == "create" or (event.kind == "edit" and message_id in pending):
            pending.discard(message_id)
            found.append(("channel-post" if place == "channel" else place, event))
        elif message_id in pending:  # a placeholder deleted unfilled
            pending.discard(message_id)
        else:
            found.append((f"{place}-{event.kind}", event))
    return found


def save(folder: Path, seen: list[tuple[str, MessageEvent]], name_of: Names) -> list[Saved]:
    """Write the files; returns what was written."""
    folder.mkdir(parents=True, exist_ok=True)
    first_file: dict[int, str] = {}  # message id → its first file's number
    shown: dict[int, dict[int, str]] = {}  # message id → attachment id → file name
    saved = []
    for number, (kind, event) in enumerate(seen, start=1):
        stem = f"{number:04d}-{kind}"
        message_id = event.message.id
        first = first_file.setdefault(message_id, f"{number:04d}")
        before = shown.get(message_id, {})
        now: dict[int, str] = {}
        record = Saved(number, kind, event)
        picture_lines = []
        for index, attachment in enumerate(event.attachments, start=1):
            if attachment.id in before:
                now[attachment.id] = before[attachment.id]
                picture_lines.append(f"kept {attachment.filename}: {before[attachment.id]}")
                continue
            suffix = ".png" if attachment.data.startswith(PNG) else Path(attachment.filename).suffix
            name = f"{stem}-{index}{suffix}"
            (folder / name).write_bytes(attachment.data)
            now[attachment.id] = name
            record.pictures.append(name)
            size = _size(event, attachment.id)
            picture_lines.append(f"{attachment.filename}{size}: {name}")
        picture_lines += [f"removed {name}" for key, name in before.items() if key not in now]
        shown[message_id] = now
        head = f"{kind} · message {first}"
        if event.kind != "create" and first != f"{number:04d}":
            head += f" (first shown in {first})"
        pinged = sorted(event.message.pinged) if event.kind == "create" else []
        lines = [head]
        if pinged:
            lines.append("pings: " + ", ".join("@" + name_of(u) for u in pinged))
        lines += ["", *describe(event.payload, name_of)]
        if picture_lines:
            lines += ["", "[pictures]", *picture_lines]
        (folder / f"{stem}.txt").write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")
        saved.append(record)
    return saved


def _size(event: MessageEvent, attachment_id: int) -> str:
    for shown in event.payload.get("attachments") or []:
        if shown.get("id") == str(attachment_id) and "width" in shown:
            return f" {shown['width']}×{shown['height']}"
    return ""
