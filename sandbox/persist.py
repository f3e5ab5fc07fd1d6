"""The sandbox's world file (SQLite): the fake server's ids, its channels and members, each
member's DM channel, and the public messages as they are now with their pictures, so a restarted
sandbox shows the same server and the bot's stored games still match their channels and posts.

Ephemeral messages are not kept (Discord drops them on a reload too)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS ids (name TEXT PRIMARY KEY, id INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS channels (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, position INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, position INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS dms (user_id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL, payload TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS attachments (
    id INTEGER PRIMARY KEY, message_id INTEGER NOT NULL, filename TEXT NOT NULL,
    content_type TEXT NOT NULL, description TEXT, data BLOB NOT NULL);
"""


@dataclass(frozen=True)
class StoredAttachment:
    """A picture or file of a kept message."""

    id: int
    filename: str
    content_type: str
    description: str | None
    data: bytes


@dataclass(frozen=True)
class StoredMessage:
    """A kept message: its payload as the REST API showed it last, and its attachments."""

    id: int
    channel_id: int
    payload: dict[str, Any]
    attachments: list[StoredAttachment]


class WorldFile:
    """Reads and writes the world file; every write is committed at once."""

    def __init__(self, path: str) -> None:
        self.db = sqlite3.connect(path)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    # -- ids, channels, members ---------------------------------------------------------
    def get_id(self, name: str) -> int | None:
        row = self.db.execute("SELECT id FROM ids WHERE name = ?", (name,)).fetchone()
        return int(row[0]) if row else None

    def set_id(self, name: str, value: int) -> None:
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO ids VALUES (?, ?)", (name, value))

    def channels(self) -> list[tuple[int, str]]:
        """(id, name) of the server's text channels, in their order."""
        rows = self.db.execute("SELECT id, name FROM channels ORDER BY position, id")
        return [(int(i), str(n)) for i, n in rows]

    def add_channel(self, channel_id: int, name: str) -> None:
        with self.db:
            count = self.db.execute("SELECT COUNT(*) FROM channels").fetchone()[0]
            self.db.execute("INSERT INTO channels VALUES (?, ?, ?)", (channel_id, name, count))

    def members(self) -> list[tuple[int, str]]:
        """(id, name) of the sandbox's members, in the order they were added."""
        rows = self.db.execute("SELECT id, name FROM members ORDER BY position, id")
        return [(int(i), str(n)) for i, n in rows]

    def add_member(self, user_id: int, name: str) -> None:
        with self.db:
            count = self.db.execute("SELECT COUNT(*) FROM members").fetchone()[0]
            self.db.execute("INSERT INTO members VALUES (?, ?, ?)", (user_id, name, count))

    def dms(self) -> list[tuple[int, int]]:
        """(user id, DM channel id) of every DM the bot opened."""
        return [(int(u), int(c)) for u, c in self.db.execute("SELECT user_id, channel_id FROM dms")]

    def set_dm(self, user_id: int, channel_id: int) -> None:
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO dms VALUES (?, ?)", (user_id, channel_id))

    # -- messages -----------------------------------------------------------------------
    def save_message(
        self, message_id: int, channel_id: int, payload: dict[str, Any], attachments: list[Any]
    ) -> None:
        """Keep a message's current state; `attachments` are FakeAttachment-like (id, filename,
        content_type, description, data). Pictures it no longer shows are dropped."""
        keep = [a.id for a in attachments]
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO messages VALUES (?, ?, ?)",
                (message_id, channel_id, json.dumps(payload)),
            )
            marks = ",".join("?" * len(keep))
            self.db.execute(
                f"DELETE FROM attachments WHERE message_id = ? AND id NOT IN ({marks})",
                (message_id, *keep),
            )
            self.db.executemany(
                "INSERT OR IGNORE INTO attachments VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (a.id, message_id, a.filename, a.content_type, a.description, a.data)
                    for a in attachments
                ],
            )

    def delete_message(self, message_id: int) -> None:
        with self.db:
            self.db.execute("DELETE FROM messages WHERE id = ?", (message_id,))
            self.db.execute("DELETE FROM attachments WHERE message_id = ?", (message_id,))

    def messages(self) -> list[StoredMessage]:
        """Every kept message, oldest first."""
        pictures: dict[int, list[StoredAttachment]] = {}
        rows = self.db.execute(
            "SELECT id, message_id, filename, content_type, description, data FROM attachments"
            " ORDER BY id"
        )
        for attachment_id, message_id, filename, content_type, description, data in rows:
            pictures.setdefault(int(message_id), []).append(
                StoredAttachment(int(attachment_id), filename, content_type, description, data)
            )
        found = []
        for message_id, channel_id, payload in self.db.execute(
            "SELECT id, channel_id, payload FROM messages ORDER BY id"
        ):
            found.append(
                StoredMessage(
                    int(message_id),
                    int(channel_id),
                    json.loads(payload),
                    pictures.get(int(message_id), []),
                )
            )
        return found
