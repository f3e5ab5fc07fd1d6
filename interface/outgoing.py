"""A message still to be sent (`Outgoing`), with its pictures still to be drawn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import discord
from PIL.Image import Image

Picture = Callable[[], Image]
"""A picture still to be drawn: the interface draws and encodes it off the event loop (Pillow
releases the GIL for most of the work, so pictures of several games are drawn on several
cores)."""


@dataclass
class Outgoing:
    """A message to send: text, pictures (image, filename), components and whom to ping."""

    content: str
    images: list[tuple[Picture, str]] = field(default_factory=list)
    view: discord.ui.View | None = None
    mentions: list[int] = field(default_factory=list)
    embed: discord.Embed | None = None
