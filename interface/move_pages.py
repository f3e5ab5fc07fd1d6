"""The further pages of a seat's moves, for when one message cannot hold them all: the last
menu of the board or panel then ends with "More moves…", which asks for the next page."""

from __future__ import annotations

import discord

from db.records import GameRecord
from games import presentation, rules_of
from i18n import t
from interface.move_menus import add_moves
from interface.names import picture_names
from interface.outgoing import Outgoing
from render.private_moves import panel_moves


def moves_page(record: GameRecord, seat: int, page: int, locale: str | None) -> Outgoing:
    """Page `page` (2, 3, ...) of a seat's moves, built from the seat's own view, as menus: the
    public moves first, so a page opened from the board holds every public move the board's
    first page could not (the board shows public moves only; `render.private_moves`)."""
    game, ui = rules_of(record.game), presentation(record.game)
    assert record.state is not None
    own = game.view(record.state, seat)
    view = discord.ui.View(timeout=None)
    moves = panel_moves(ui, game.choices(record.state, seat).moves, own)  # as the panel lists them
    who = (record.id, seat, record.waiting.get(seat, 0))
    pages = add_moves(view, ui, who, moves, own, picture_names(record), locale, page)
    if page < 2 or not view.children:
        return Outgoing(t("error.stale", locale))
    return Outgoing(t("board.moves_page", locale, page=page, pages=pages), [], view)
