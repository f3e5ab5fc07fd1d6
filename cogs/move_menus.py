"""A board's complete moves as buttons, and, for a game whose UI asks for it, as select menus.

A `GameUI` may offer `move_menu(action, view, locale) -> str | None` (optional): the title of
the select menu a move is listed in (moves with the same title share a menu, in the order the
rules list them; more than 25 are split into further menus), or None for a button. Without it
every move is a button, as before: at most 20. Discord allows 5 rows: each menu takes a row,
buttons 5 a row, and one button (My hand) is always added after these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs.items import MoveButton, MoveSelect

MAX_BUTTONS = 20
MAX_OPTIONS = 25
MAX_MENUS = 3
ROWS = 5


def menus_of(
    ui: Any, moves: Sequence[str], view: dict, locale: str | None
) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Split moves into buttons and (title, moves) menus of at most 25 options each."""
    menu = getattr(ui, "move_menu", None)
    buttons: list[str] = []
    grouped: dict[str, list[str]] = {}
    for action in moves:
        title = menu(action, view, locale) if menu is not None else None
        if title is None:
            buttons.append(action)
        else:
            grouped.setdefault(title, []).append(action)
    menus = [
        (title, actions[start : start + MAX_OPTIONS])
        for title, actions in grouped.items()
        for start in range(0, len(actions), MAX_OPTIONS)
    ]
    return buttons, menus[:MAX_MENUS]


def add_moves(
    view: discord.ui.View,
    ui: Any,
    who: tuple[int, int, int],
    moves: Sequence[str],
    shown: dict,
    names: list[str],
    locale: str | None,
) -> None:
    """Add the moves of seat `who` = (game id, seat, since) to `view`: menus first, then as many
    buttons as the rows left allow (keeping room for one more button)."""
    game, seat, since = who
    buttons, menus = menus_of(ui, moves, shown, locale)
    for index, (title, actions) in enumerate(menus):
        options = [
            discord.SelectOption(label=ui.move_label(a, shown, names, locale)[:100], value=a)
            for a in actions
        ]
        select = discord.ui.Select(
            custom_id=f"tv:ms:{game}:{seat}:{since}:{index}",
            placeholder=title[:150],
            min_values=1,
            max_values=1,
            options=options,
        )
        view.add_item(MoveSelect(game, seat, since, index, select))
    room = min(MAX_BUTTONS, (ROWS - len(menus)) * 5 - 1)
    for action in buttons[:room]:
        label = ui.move_label(action, shown, names, locale)
        view.add_item(MoveButton(game, seat, since, action, label, ui.move_style(action)))
