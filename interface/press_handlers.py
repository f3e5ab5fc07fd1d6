"""The handlers of every persistent component's press, as `interface.components` dispatches
them (installed at start-up by `cogs.play`)."""

from __future__ import annotations

from interface.components import PressHandlers
from interface.lobby_actions import press_lobby
from interface.play_actions import (
    change_pick,
    confirm_pick,
    open_pick,
    press_move,
    show_hand,
    show_moves_page,
)

PRESS_HANDLERS = PressHandlers(
    move=press_move,
    hand=show_hand,
    pick_change=change_pick,
    pick_confirm=confirm_pick,
    moves_page=show_moves_page,
    open_pick=open_pick,
    lobby=press_lobby,
)
