"""Per-game presentation for the Discord layer: labels for moves and cards, and pictures.

Each game supplies a `GameUI`; the generic cogs use nothing else that is game-specific.

The board is public: it must never show a move whose presence depends on what only the acting
seat may know (its hand). A UI names such moves with `private_move` (optional, see `GameUI`);
the board leaves them out and the seat finds them in its private panel (`cogs.ui.private`).
"""

from __future__ import annotations

from typing import Any, Protocol

from PIL.Image import Image

from cogs.ui.money import MoneyUI
from cogs.ui.newyork import NewYorkUI
from cogs.ui.nycards import NyCardsUI
from cogs.ui.palazzo import PalazzoUI

View = dict[str, Any]


class GameUI(Protocol):
    """What the Discord layer needs to show one game. Every input is a view, never a state."""

    game_id: str

    def move_label(self, action: str, view: View, names: list[str], locale: str | None) -> str:
        """A button label (at most 80 characters) for a complete move."""

    def move_style(self, action: str) -> str:
        """`primary`, `secondary`, `success` or `danger`."""

    def pick_prompt(self, kind: str, locale: str | None) -> str:
        """The instruction above a pick panel (e.g. "Choose the cards of your bid")."""

    def pick_confirm_label(self, kind: str, locale: str | None) -> str:
        """The label of the button that confirms a pick."""

    def item_label(self, item: int, locale: str | None) -> str:
        """A select-option label for one item of a pick (a card)."""

    def item_group(self, item: int) -> str:
        """The group an item is listed under (selects hold 25 options; groups split them)."""

    def pick_summary(self, kind: str, items: list[int], locale: str | None) -> str:
        """What the chosen items amount to (e.g. "Your bid: €20 #12 + $30 #5 = 50")."""

    def table_image(self, view: View, names: list[str], locale: str | None) -> Image:
        """The public table (the view must be the public one)."""

    def hand_image(self, view: View, names: list[str], locale: str | None) -> Image:
        """One seat's private hand."""

    def final_image(self, view: View, names: list[str], locale: str | None) -> Image | None:
        """The score sheet, when there is one to show (e.g. after a hand or at the end)."""

    def rules_text(self, locale: str | None) -> str:
        """A short summary of the rules and of how to play them here."""

    # Optional: `private_move(action, view) -> str | None`, decided from the action and the
    # view's public parts: None for a move the public board may show; for a move offered only
    # because of the seat's hidden cards (e.g. a purchase its money can pay), the kind of the
    # board step (`step_buttons`, `cogs.pick_panel`) whose private panel lists it, or
    # `cogs.ui.private.HAND_ONLY`. See `cogs.ui.private`.


UIS: dict[str, GameUI] = {
    MoneyUI.game_id: MoneyUI(),
    NewYorkUI.game_id: NewYorkUI(),
    NyCardsUI.game_id: NyCardsUI(),
    PalazzoUI.game_id: PalazzoUI(),
}


def ui_for(game_id: str) -> GameUI:
    """The UI of a game id."""
    return UIS[game_id]


def pick_summary(ui: GameUI, kind: str, items: list[int], view: View, locale: str | None) -> str:
    """A pick's summary; a UI may offer `view_pick_summary(kind, items, view, locale)` (optional)
    to use the seat's view, e.g. to show a payment's overpayment against the yard's price."""
    with_view = getattr(ui, "view_pick_summary", None)
    if with_view is not None:
        return with_view(kind, items, view, locale)
    return ui.pick_summary(kind, items, locale)
