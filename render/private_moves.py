"""Moves the public board must not show: those offered only because of the acting seat's hidden
cards (e.g. New York's `buy 2`, offered only when the hand can pay that building).

A presentation names them with `Presentation.private_move(action, view) -> str | None`, decided
from the action and the view's public parts only: None for a public move; else the kind of the
board's pick opener (a `pick_openers` entry, decided from the public view too) whose private
panel lists the move, or `HAND_ONLY`. The board leaves private moves out; the seat's whole
panel (My hand) lists every move, the public ones first.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from render.presentation import Presentation

HAND_ONLY = "hand"
"""For a private move no pick opener opens: it is listed in the seat's whole panel (My hand, or
an opened pick's panel when that pick is not possible)."""


def private_kind(ui: Presentation, action: str, view: dict[str, Any]) -> str | None:
    """The pick opener a move is kept for when hidden cards decide whether it is offered; None
    for a public move."""
    return ui.private_move(action, view)


def public_moves(ui: Presentation, moves: Iterable[str], view: dict[str, Any]) -> list[str]:
    """The moves the public board may show, in their order."""
    return [m for m in moves if private_kind(ui, m, view) is None]


def panel_moves(ui: Presentation, moves: Iterable[str], view: dict[str, Any]) -> list[str]:
    """A seat's moves for its private panel: the public ones first, in the board's order (so the
    panel's pages of moves hold everything the board's pages hold), then the private ones."""
    listed = list(moves)
    shown = public_moves(ui, listed, view)
    kept = set(shown)
    return shown + [m for m in listed if m not in kept]
