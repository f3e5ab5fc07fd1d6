"""Players' names as they come out of a game's record for what players read. In message text
Discord's markdown and mentions are escaped, so a display name such as
`[gift](https://evil.example)` or a run of backticks shows as typed instead of becoming a link
or breaking the post's layout; pictures and button labels (which Discord does not format) take
them as typed. A name in right-to-left script is isolated (`render.draw.isolated`) in both, so
the words around it keep their order. Names are stored as typed."""

from __future__ import annotations

from functools import lru_cache

import discord

from db.records import GameRecord
from render.draw import isolated


@lru_cache(maxsize=4096)  # the same few names, asked for every line of every message
def shown_name(name: str) -> str:
    """A name for message text (markdown and mentions escaped, right-to-left isolated)."""
    return isolated(discord.utils.escape_mentions(discord.utils.escape_markdown(name)))


def text_names(record: GameRecord) -> list[str]:
    """The seats' names for message text, by seat (`shown_name` of each)."""
    return [shown_name(name) for name in record.names()]


def picture_names(record: GameRecord) -> list[str]:
    """The seats' names for pictures and button labels, by seat (right-to-left isolated)."""
    return [_isolated(name) for name in record.names()]


@lru_cache(maxsize=4096)
def _isolated(name: str) -> str:
    return isolated(name)


def seat_choices(record: GameRecord, typed: str) -> list[discord.app_commands.Choice[int]]:
    """The autocomplete of an option naming a seat: each seat's player by name (the value is the
    1-based seat, which players never read); those whose name contains what was typed, or all
    when nothing (or only a number) was typed."""
    wanted = typed.strip().casefold()
    choices = []
    for seat, name in enumerate(picture_names(record), start=1):
        if wanted and not wanted.isdigit() and wanted not in name.casefold():
            continue
        choices.append(discord.app_commands.Choice(name=name[:100] or "?", value=seat))
    return choices[:25]
