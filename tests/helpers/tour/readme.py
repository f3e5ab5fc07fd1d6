"""The README's pictures, taken from a tour: each game's live board as the channel showed it
about `SHARE` of the way through the game (`scripts/tour.py OUT_DIR --readme`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tests.helpers.tour.saving import Saved

SHARE = 0.45
BOARD = "table.png"  # the board picture's file name in a channel post
README_PICTURE = {  # game → its picture in docs/
    "money": "board.png",
    "nycards": "nycards.png",
    "newyork": "newyork.png",
    "palazzo": "palazzo.png",
}


def board_pictures(saved: Sequence[Saved]) -> list[bytes]:
    """The board pictures the channel showed, in order, each once (an edit that keeps a
    picture shows no new one)."""
    found: list[bytes] = []
    seen: set[int] = set()
    for record in saved:
        if not record.kind.startswith("channel"):
            continue
        for attachment in record.event.attachments:
            if attachment.filename == BOARD and attachment.id not in seen:
                seen.add(attachment.id)
                found.append(attachment.data)
    return found


def write_readme_picture(game_id: str, saved: Sequence[Saved], docs: Path) -> Path:
    """Write the board shown about `SHARE` of the way through the game to docs/; returns the
    file. Raises ValueError when the channel showed no board."""
    boards = board_pictures(saved)
    if not boards:
        raise ValueError(f"{game_id}: the channel showed no board picture")
    path = docs / README_PICTURE[game_id]
    path.write_bytes(boards[int(len(boards) * SHARE)])
    return path
