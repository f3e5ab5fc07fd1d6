"""How Money is shown: move and card labels, the bid panel's words, and the pictures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from PIL.Image import Image

from i18n import t
from render.money import hand_picture, score_sheet, table_picture
from render.presentation import Event, Presentation, View
from rules.money.components import CARDS, label
from rules.money.engine import table_total


class MoneyPresentation(Presentation):
    """How Money is shown."""

    game_id: ClassVar[str] = "money"

    def move_label(self, action: str, view: View, names: list[str], locale: str | None) -> str:
        verb, _, rest = action.partition(" ")
        if verb == "row":
            total = table_total(view["rows"][rest])
            return t(f"money.move.row_{rest}", locale, total=total)[:80]
        if verb == "take":
            seat = int(rest)
            total = view["seats"][seat]["table_total"]
            return t("money.move.take", locale, name=names[seat][:40], total=total)[:80]
        return t("money.move.pass", locale)[:80]

    def move_style(self, action: str) -> str:
        return "secondary" if action == "pass" else "primary"

    def pick_prompt(self, kind: str, locale: str | None) -> str:
        return t("money.pick.prompt", locale)

    def pick_confirm_label(self, kind: str, locale: str | None) -> str:
        return t("money.pick.confirm", locale)

    def item_label(self, item: int, locale: str | None) -> str:
        return label(item, locale)

    def item_group(self, item: int) -> str:
        card = CARDS[item]
        return card.currency or card.kind

    def pick_summary(self, kind: str, items: list[int], locale: str | None) -> str:
        if not items:
            return t("money.pick.none", locale)
        cards = " + ".join(label(c, locale) for c in sorted(items, key=lambda c: CARDS[c].value))
        return t("money.pick.summary", locale, cards=cards, total=table_total(items))

    def table_image(
        self, view: View, names: list[str], locale: str | None, last: Sequence[Event] = ()
    ) -> Image:
        return table_picture(view, names, locale)

    def hand_image(self, view: View, names: list[str], locale: str | None) -> Image:
        return hand_picture(view, names, locale)

    def final_image(self, view: View, names: list[str], locale: str | None) -> Image | None:
        if not view["results"]:
            return None
        return score_sheet(view, names, locale)

    def hand_button_label(self, locale: str | None) -> str:
        """The board's button to the private panel, where the bid is placed."""
        return t("money.hand_button", locale)

    def rules_text(self, locale: str | None) -> str:
        return t("money.rules", locale)
