"""The `/stats` picture: a member's card, one panel per game (all games first when there are
several), each a row of tiles (a big value over its label: games played, won, average score,
average place, rating) and a line on time per turn and missed deadlines.

Only words and numbers already put in the reader's language reach this module (the interface
builds them: `interface.stats_cards.stats_blocks`); nothing here reads the database.
Phone first: at 400 px display width the values are over 14 px and every label over 9 px.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from render import theme
from render.draw import canvas, isolated, panel, text, two_lines

TITLE = 46
HEADING = 36
VALUE = 48
LABEL = 27
LABEL_LINE = 30
FOOTER = 28
TILE_HEIGHT = 140
FOOTER_LINE = 40
BLOCK_HEIGHT = HEADING + 34 + TILE_HEIGHT + 2 * FOOTER_LINE + 24
TOP = 96


@dataclass(frozen=True)
class StatsBlock:
    """One game's panel: its `heading`, the (value, label) tiles and the `footer` lines."""

    heading: str
    tiles: tuple[tuple[str, str], ...]
    footer: tuple[str, ...]


def label_lines(label: str, width: float) -> list[str]:
    """A tile's label on one line, or on two (split at the space that balances them best)
    when one is too narrow for it."""
    return two_lines(label, LABEL, width)


def stats_image(title: str, blocks: Sequence[StatsBlock]) -> Image.Image:
    """The card of `title` (the member's name, in words) with one panel per block."""
    height = TOP + len(blocks) * (BLOCK_HEIGHT + theme.GAP) + theme.MARGIN
    image, draw = canvas(height)
    left, right = theme.MARGIN + 12, theme.WIDTH - theme.MARGIN - 12
    text(draw, (left, 66), isolated(title), TITLE, theme.GOLD, bold=True, max_width=right - left)
    y = TOP
    for block in blocks:
        panel(draw, (theme.MARGIN, y, theme.WIDTH - theme.MARGIN, y + BLOCK_HEIGHT))
        text(draw, (left + 8, y + 16 + HEADING), block.heading, HEADING, theme.TEXT, bold=True)
        tiles_top = y + HEADING + 34
        count = max(len(block.tiles), 1)
        width = (right - left - (count - 1) * theme.GAP) / count
        for index, (value, label) in enumerate(block.tiles):
            x0 = left + index * (width + theme.GAP)
            box = (x0, tiles_top, x0 + width, tiles_top + TILE_HEIGHT)
            panel(draw, box, fill=theme.PANEL_DIM, outline=None, radius=10)
            middle = x0 + width / 2
            text(draw, (middle, tiles_top + 58), value, VALUE, theme.GOLD, True, "ms", width - 12)
            for row, words in enumerate(label_lines(label, width - 12)):
                where = (middle, tiles_top + 96 + row * LABEL_LINE)
                text(draw, where, words, LABEL, theme.MUTED, False, "ms", width - 12)
        for line, words in enumerate(block.footer[:2]):
            footer_y = tiles_top + TILE_HEIGHT + FOOTER_LINE * (line + 1)
            text(draw, (left + 8, footer_y), words, FOOTER, theme.TEXT, max_width=right - left)
        y += BLOCK_HEIGHT + theme.GAP
    return image
