"""How a game is shown, declared once: `Presentation`, the base every game's presentation
extends (`render/<game>/presentation.py`): labels for moves and items, the words of its pick
panels, and its pictures. Every input is a view (the public one or a seat's own), never a state.

The methods without a default (`move_label`, `pick_prompt`, ..., `rules_text`) are what every
game must say; the hooks after them have a documented default (nothing, or the generic
behaviour), which a game overrides when it shows more.

The board is public: it must never show a move whose presence depends on what only the acting
seat may know (its hand). A presentation names such moves with `private_move`; the board leaves
them out and the seat finds them in its private panel (`render.private_moves`).

No discord here: the Discord interface (`interface/`) turns these words and pictures into posts.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from PIL.Image import Image

from i18n import t
from render.pick_parts import PickParts
from render.results import points_result
from rules.contract import Pick

View = dict[str, Any]
Event = dict[str, Any]
Bundles = tuple[str, list[tuple[str, tuple[int, ...]]]]
"""A menu of bundles: its placeholder, and each option's label and the items it chooses."""


class Presentation(ABC):
    """What the Discord interface needs to show one game."""

    game_id: ClassVar[str]

    draws_each_scoring: ClassVar[bool] = False
    """Whether `scoring_image` draws each scoring from its own event (default False: a
    scoring's post shows `final_image` of the public view instead)."""

    # ------------------------------------------------------------------ what every game says

    @abstractmethod
    def move_label(self, action: str, view: View, names: list[str], locale: str | None) -> str:
        """A button label (at most 80 characters) for a complete move."""

    @abstractmethod
    def move_style(self, action: str) -> str:
        """`primary`, `secondary`, `success` or `danger`."""

    @abstractmethod
    def pick_prompt(self, kind: str, locale: str | None) -> str:
        """The instruction above a pick panel (e.g. "Choose the cards of your bid")."""

    @abstractmethod
    def pick_confirm_label(self, kind: str, locale: str | None) -> str:
        """The label of the button that confirms a pick."""

    @abstractmethod
    def item_label(self, item: int, locale: str | None) -> str:
        """A select-option label for one item of a pick (a card)."""

    @abstractmethod
    def item_group(self, item: int) -> str:
        """The group an item is listed under (selects hold 25 options; groups split them)."""

    @abstractmethod
    def pick_summary(self, kind: str, items: list[int], locale: str | None) -> str:
        """What the chosen items amount to (e.g. "Your bid: €20 #12 + $30 #5 = 50")."""

    @abstractmethod
    def table_image(
        self, view: View, names: list[str], locale: str | None, last: Sequence[Event] = ()
    ) -> Image:
        """The public table (the view must be the public one), with what the last move changed
        highlighted: `last` are the public events since the previous board (oldest first)."""

    @abstractmethod
    def hand_image(self, view: View, names: list[str], locale: str | None) -> Image:
        """One seat's private hand."""

    @abstractmethod
    def final_image(self, view: View, names: list[str], locale: str | None) -> Image | None:
        """The score sheet, when there is one to show (e.g. after a hand or at the end)."""

    @abstractmethod
    def rules_text(self, locale: str | None) -> str:
        """A short summary of the rules and of how to play them here."""

    # ------------------------------------------------------------------ hooks with a default

    def hand_picture_view(self, view: View) -> View:
        """The part of a seat's own `view` its hand picture (`hand_image`) shows: drawn from it,
        the hand picture is the same as from the whole view. The picture is named by it
        (`interface.attachments.digest`), so a move that changes none of it leaves the seat's
        hand picture as it was: neither drawn nor sent again. Default: the whole view."""
        return view

    def view_pick_summary(self, kind: str, items: list[int], view: View, locale: str | None) -> str:
        """A pick's summary in the seat's `view` (e.g. a payment's overpayment against the
        price). Default: `pick_summary`, which does not need the view."""
        return self.pick_summary(kind, items, locale)

    def move_menu(self, action: str, view: View, locale: str | None) -> str | None:
        """The title of the select menu a move is listed in (moves with the same title share a
        menu), or None for a button. Must not depend on whose view it is. Default: None (every
        move a button, as far as they fit; see `interface.move_menus`)."""
        return None

    def private_move(self, action: str, view: View) -> str | None:
        """Whether the public board may show a move, decided from the action and the view's
        public parts: None for a public move; for a move offered only because of the seat's
        hidden cards (e.g. a purchase its money can pay), the kind of the board's pick opener
        (`pick_openers`) whose private panel lists it, or `render.private_moves.HAND_ONLY`.
        Default: None (every move public)."""
        return None

    def pick_openers(self, view: View, locale: str | None) -> list[tuple[str, str]]:
        """The board's buttons opening the acting seat's private panel on its pick of a kind,
        as (kind, label), decided from the public `view` only (whether the seat's cards can pay
        must not show; if they cannot, the panel says so). Default: none."""
        return []

    def pick_parts(self, pick: Pick, view: View, locale: str | None) -> PickParts | None:
        """The parts the private panel offers a pick in, one at a time (`render.pick_parts`),
        from the seat's own view; None to show the pick whole. Default: None."""
        return None

    def pick_bundles(self, kind: str, items: Sequence[int], locale: str | None) -> Bundles | None:
        """Items chosen together as one option of one more menu, beside the single items
        (choosing a bundle chooses its items, dropping one of them drops the bundle); None when
        there are none. Default: None."""
        return None

    def is_scoring(self, event: Event) -> bool:
        """Whether a public event is a scoring, which gets a channel post of its own with its
        picture (kept when boards collapse to text). Default: events flagged `scored`."""
        return bool(event.get("scored"))

    def waiting_hint(self, view: View, locale: str | None) -> str:
        """What the waiting seat must do, appended to "Waiting for: @x" (e.g. " to bid"), from
        the public view. Default: nothing."""
        return ""

    def scoring_image(
        self, view: View, event: dict[str, Any], names: list[str], locale: str | None
    ) -> Image | None:
        """One scoring's picture from its public event, used when `draws_each_scoring` (each
        scoring's post shows its own). Default: None."""
        return None

    def hand_button_label(self, locale: str | None) -> str:
        """The board's button to the seat's private panel. Default: "My hand"."""
        return t("board.hand_button", locale)

    def result_lines(self, view: View, names: list[str], locale: str | None) -> list[str]:
        """A finished game's result in words from the final public `view`: the ranking with
        the scores, then what decided the winner (the deciding criterion, a tie and its
        tie-break); [] while the game is not over. Default: the most points (`view["scores"]`)
        win and ties share, a neutral Dirk (`view["dirk"]`, `view["dirk_score"]`) never wins."""
        if not view.get("winners") or "scores" not in view:
            return []
        return points_result(view, names, locale)
