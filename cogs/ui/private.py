"""Moves the public board must not show: those offered only because of the acting seat's hidden
cards (e.g. New York's `buy 2`, offered only when the hand can pay that building).

A `GameUI` names them with the optional `private_move(action, view) -> str | None`, decided from
the action and the view's public parts only: None for a public move; else the kind of the board
step (a `step_buttons` entry, decided from the public view too) whose private panel lists the
move, or `HAND_ONLY`. The board leaves private moves out; the seat's whole panel (My hand) lists
every move, the public ones first.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

HAND_ONLY = "hand"
"""For a private move no board step opens: it is listed in the seat's whole panel (My hand, or a
step's panel when that step is not possible)."""


def private_kind(ui: Any, action: str, view: dict[str, Any]) -> str | None:
    """The step a move is kept for when hidden cards decide whether it is offered; None for a
    public move."""
    hook = getattr(ui, "private_move", None)
    return hook(action, view) if hook is not None else None


def public_moves(ui: Any, moves: Iterable[str], view: dict[str, Any]) -> list[str]:
    """The moves the public board may show, in their order."""
    return [m for m in moves if private_kind(ui, m, view) is None]


def panel_moves(ui: Any, moves: Iterable[str], view: dict[str, Any]) -> list[str]:
    """A seat's moves for its private panel: the public ones first, in the board's order (so the
    panel's pages of moves hold everything the board's pages hold), then the private ones."""
    listed = list(moves)
    shown = public_moves(ui, listed, view)
    kept = set(shown)
    return shown + [m for m in listed if m not in kept]
