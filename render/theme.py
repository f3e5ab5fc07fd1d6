"""Colours and sizes shared by every picture: green table felt, cream text, gold accents."""

from __future__ import annotations

Colour = tuple[int, int, int]


def hex_colour(code: str) -> Colour:
    """`#rrggbb` → (r, g, b)."""
    return (int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16))


def mix(a: Colour, b: Colour, share: float) -> Colour:
    """`a` moved `share` (0..1) of the way towards `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * share),
        round(a[1] + (b[1] - a[1]) * share),
        round(a[2] + (b[2] - a[2]) * share),
    )


FELT = hex_colour("#1d5a3f")
FELT_EDGE = hex_colour("#154530")
PANEL = hex_colour("#174b34")
PANEL_LINE = hex_colour("#2c7250")
PANEL_DIM = hex_colour("#173f2e")
TEXT = hex_colour("#f6f0df")
MUTED = hex_colour("#b4cbbd")
FAINT = hex_colour("#7fa08e")
GOLD = hex_colour("#f0c04f")
INK = hex_colour("#1d2520")
GOOD = hex_colour("#7ed492")
PAPER = hex_colour("#f5eedb")

WIDTH = 1100  # every picture's width: Discord shows it whole on desktop and phones
MARGIN = 24
GAP = 14
RADIUS = 14
