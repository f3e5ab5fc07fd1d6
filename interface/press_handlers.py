"""The handlers of every persistent component's press, as `interface.components` dispatches
them (installed at start-up by `cogs.play`)."""

from __future__ import annotations

from interface.access import members_only
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
from interface.seat_consent import press_consent
from interface.undo_actions import press_undo

PRESS_HANDLERS = PressHandlers(  # a press from a DM must come from a member of the server
    move=members_only(press_move),
    hand=members_only(show_hand),
    pick_change=members_only(change_pick),
    pick_confirm=members_only(confirm_pick),
    moves_page=members_only(show_moves_page),
    open_pick=members_only(open_pick),
    lobby=members_only(press_lobby),
    seat_consent=members_only(press_consent),
    undo=members_only(press_undo),
)
