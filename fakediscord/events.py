"""The message event log: every create, edit and delete of a message, in the order the fake
applied them, each with the message as it was right after the change (for a delete: as it was
when deleted). Tools that replay what players saw (the table tour) read it instead of the
live messages, which only hold their latest state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .messages import FakeAttachment, FakeMessage

EventKind = Literal["create", "edit", "delete"]


@dataclass(frozen=True, eq=False)
class MessageEvent:
    """One change of one message: `seq` counts from 1 over the whole fake."""

    seq: int
    kind: EventKind
    message: FakeMessage
    payload: dict[str, Any]
    attachments: tuple[FakeAttachment, ...]

    @property
    def ephemeral(self) -> bool:
        return self.message.ephemeral

    @property
    def loading(self) -> bool:
        """A deferred answer's "thinking…" placeholder, not filled in yet."""
        return bool(self.payload.get("flags", 0) & (1 << 7))


class MessageLog:
    """Appends a `MessageEvent` per change; `since(seq)` lists those after a point; each of
    `listeners` is called with every new event (the sandbox's live page and its store).
    `keep` False tells the listeners only and keeps nothing (a long-running sandbox)."""

    def __init__(self) -> None:
        self.events: list[MessageEvent] = []
        self.listeners: list[Callable[[MessageEvent], None]] = []
        self.keep = True

    def add(self, kind: EventKind, message: FakeMessage) -> MessageEvent:
        event = MessageEvent(
            len(self.events) + 1, kind, message, message.payload(), tuple(message.attachments)
        )
        if self.keep:
            self.events.append(event)
        for listener in self.listeners:
            listener(event)
        return event

    def since(self, seq: int) -> list[MessageEvent]:
        """The events after the one numbered `seq` (0: all)."""
        return self.events[seq:]
