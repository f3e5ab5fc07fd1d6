"""Sealed Bids, how it is shown: the bid panel's words and two small pictures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from PIL.Image import Image

from i18n import t
from render import theme
from render.draw import canvas, panel, text
from render.presentation import Event, Presentation, View
from tests.sealedbid.rules import CARD_VALUES, LOT_VALUES

WIDTH = 600
ROW = 56


class SealedBidsPresentation(Presentation):
    """How Sealed Bids is shown: the bid is a one-card pick in the private panel."""

    game_id: ClassVar[str] = "sealedbid"

    def move_label(self, action: str, view: View, names: list[str], locale: str | None) -> str:
        _verb, _, card = action.partition(" ")
        return t("sealedbid.move.bid", locale, value=CARD_VALUES[int(card)])[:80]

    def move_style(self, action: str) -> str:
        return "primary"

    def pick_prompt(self, kind: str, locale: str | None) -> str:
        return t("sealedbid.pick.prompt", locale)

    def pick_confirm_label(self, kind: str, locale: str | None) -> str:
        return t("sealedbid.pick.confirm", locale)

    def item_label(self, item: int, locale: str | None) -> str:
        return t("sealedbid.card", locale, value=CARD_VALUES[item])

    def item_group(self, item: int) -> str:
        return "cards"

    def pick_summary(self, kind: str, items: list[int], locale: str | None) -> str:
        if not items:
            return t("sealedbid.pick.none", locale)
        return t("sealedbid.pick.summary", locale, value=CARD_VALUES[items[0]])

    def waiting_hint(self, view: View, locale: str | None) -> str:
        return t("sealedbid.waiting_hint", locale)

    def hand_button_label(self, locale: str | None) -> str:
        return t("sealedbid.hand_button", locale)

    def table_image(
        self, view: View, names: list[str], locale: str | None, last: Sequence[Event] = ()
    ) -> Image:
        """The lot up for auction, then each player's lots, total and whether they have bid."""
        image, draw = canvas(ROW * (len(names) + 2), WIDTH)
        if view["lot"] is None:
            title = t("sealedbid.picture.over", locale)
        else:
            title = t(
                "sealedbid.picture.lot",
                locale,
                round=view["round"],
                rounds=view["rounds"],
                value=LOT_VALUES[view["lot"]],
            )
        text(draw, (24, 52), title, 30, theme.GOLD, bold=True, max_width=WIDTH - 48)
        for seat, name in enumerate(names):
            top = ROW * (seat + 1) + 12
            panel(draw, (16, top, WIDTH - 16, top + ROW - 8))
            line = t(
                "sealedbid.picture.player",
                locale,
                name=name,
                lots=len(view["won"][seat]),
                score=view["scores"][seat],
            )
            text(draw, (32, top + 34), line, 24, theme.TEXT, max_width=WIDTH - 200)
            if view["has_bid"][seat]:
                mark = t("sealedbid.picture.has_bid", locale)
                text(draw, (WIDTH - 32, top + 34), mark, 22, theme.GOOD, anchor="rs")
        return image

    def hand_image(self, view: View, names: list[str], locale: str | None) -> Image:
        """The seat's own cards, lowest first."""
        image, draw = canvas(ROW * 2, WIDTH)
        cards = sorted(CARD_VALUES[card] for card in view["hand"] or [])
        shown = ", ".join(str(value) for value in cards) or "—"
        words = t("sealedbid.picture.hand", locale, cards=shown)
        text(draw, (24, 66), words, 28, theme.TEXT, bold=True, max_width=WIDTH - 48)
        return image

    def final_image(self, view: View, names: list[str], locale: str | None) -> Image | None:
        return None

    def rules_text(self, locale: str | None) -> str:
        return t("sealedbid.rules", locale)
