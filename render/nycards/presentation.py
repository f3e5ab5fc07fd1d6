"""How the New York card game is shown: move and card labels, the buy panel (a board button opens
it on the yard slots one can afford; a slot then offers its payments, exact ones first, and its
currency's cards, with the overpayment shown before confirming), and the pictures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from PIL.Image import Image

from i18n import t
from render.nycards import final_picture, hand_picture, scoring_picture, table_picture
from render.pick_parts import PickPart, PickParts
from render.presentation import Event, Presentation, View
from render.private_moves import HAND_ONLY
from render.results import points_result
from rules.contract import Pick
from rules.nycards.components import (
    BUILDINGS,
    CURRENCY_OF,
    MONEY,
    SLOT_CURRENCY,
    VALUE,
    building_label,
    is_money,
    money_label,
)
from rules.nycards.legal import payments


def cards_text(cards: list[int], locale: str | None) -> str:
    """`blue 2 + blue 3` (lowest first)."""
    return " + ".join(money_label(c, locale) for c in sorted(cards, key=lambda c: VALUE[c]))


def buy_label(cards: list[int], view: View, locale: str | None) -> str:
    """`Buy Park (8) with green 3 + green 5: exact, act again` (a suggested payment)."""
    slot = SLOT_CURRENCY.index(CURRENCY_OF[cards[0]])
    building = view["yard"][slot]
    over = sum(VALUE[c] for c in cards) - BUILDINGS[building].price
    key = "nycards.move.buy_exact" if over == 0 else "nycards.move.buy_over"
    label = building_label(building, locale)
    return t(key, locale, building=label, cards=cards_text(cards, locale), over=over)


def _ids(text: str) -> list[int]:
    return [int(p) for p in text.split(",") if p.isdigit() and is_money(int(p))]


class NyCardsPresentation(Presentation):
    """How the New York card game is shown."""

    game_id: ClassVar[str] = "nycards"
    draws_each_scoring: ClassVar[bool] = True

    def move_label(self, action: str, view: View, names: list[str], locale: str | None) -> str:
        verb, _, rest = action.partition(" ")
        if verb == "take":
            cards = _ids(rest)
            total = sum(VALUE[c] for c in cards)
            label = t("nycards.move.take", locale, cards=cards_text(cards, locale))
            return (label + (f" ({total})" if len(cards) > 1 else ""))[:80]
        if verb in ("keep", "gift") and view.get("pending"):
            building = building_label(view["pending"]["building"], locale)
            return t(f"nycards.move.{verb}", locale, building=building)[:80]
        if verb == "buy":
            return buy_label(_ids(rest.split(" ")[-1]), view, locale)[:80]
        if verb == "end":
            return t("nycards.move.end", locale)[:80]
        return t("nycards.move.pass", locale)[:80]

    def move_style(self, action: str) -> str:
        if action in ("gift", "end"):
            return "secondary"
        return "success" if action.startswith("buy") else "primary"

    def pick_prompt(self, kind: str, locale: str | None) -> str:
        return t("nycards.pick.prompt", locale)

    def pick_confirm_label(self, kind: str, locale: str | None) -> str:
        return t("nycards.pick.confirm", locale)

    def item_label(self, item: int, locale: str | None) -> str:
        m = MONEY[item]  # equal cards share a label: the menus offer them as one choice
        currency = t(f"nycards.currency.{m.currency}", locale)
        return t("nycards.money.item", locale, currency=currency, value=m.value)

    def item_group(self, item: int) -> str:
        return CURRENCY_OF[item]

    def pick_summary(self, kind: str, items: list[int], locale: str | None) -> str:
        """The chosen cards and their total (without the yard; see `view_pick_summary`)."""
        cards = [c for c in items if is_money(c)]
        if not cards:
            return t("nycards.pick.none", locale)
        return t(
            "nycards.cards",
            locale,
            cards=cards_text(cards, locale),
            total=sum(VALUE[c] for c in cards),
        )

    def view_pick_summary(self, kind: str, items: list[int], view: View, locale: str | None) -> str:
        """What the chosen cards buy in the seat's `view`: the building, its price, the payment
        and the overpayment (the turn ends) or the exact price (another action)."""
        cards = [c for c in items if is_money(c)]
        if not cards:
            return t("nycards.pick.none", locale)
        listed = cards_text(cards, locale)
        currencies = {CURRENCY_OF[c] for c in cards}
        if len(currencies) > 1:
            return t("nycards.pick.mixed", locale, cards=listed)
        slot = SLOT_CURRENCY.index(currencies.pop())
        building = view["yard"][slot]
        if building is None:
            return t("nycards.pick.empty_slot", locale, cards=listed)
        price, paid = BUILDINGS[building].price, sum(VALUE[c] for c in cards)
        label = building_label(building, locale)
        params = {"building": label, "price": price, "paid": paid, "cards": listed}
        if paid < price:
            return t("nycards.pick.short", locale, short=price - paid, **params)
        if paid == price:
            return t("nycards.pick.exact", locale, **params)
        return t("nycards.pick.over", locale, over=paid - price, **params)

    def pick_openers(self, view: View, locale: str | None) -> list[tuple[str, str]]:
        """The board's "Buy…" while the player to act may buy: from the
        public view, so it shows whether or not their cards can pay."""
        if view["phase"] != "play" or view["pending"] or not any(view["yard"]):
            return []
        return [("buy", t("nycards.board.buy", locale))]

    def private_move(self, action: str, view: View) -> str | None:
        """Moves the public board must not show: `pass` is offered only
        when nothing can be taken or bought, so while the yard holds a building the hand
        decides it; it is listed in the whole panel (Buy… says the cards cannot pay and shows
        it). Purchases are a pick, private anyway."""
        if action == "pass" and any(view["yard"]):
            return HAND_ONLY
        return None

    def pick_parts(self, pick: Pick, view: View, locale: str | None) -> PickParts | None:
        """A purchase in two steps: first the yard slots the seat can
        afford, then one slot's payments (exact ones first) and its currency's cards."""
        if pick.kind != "buy":
            return None
        parts = []
        for slot, building in enumerate(view["yard"]):
            currency = SLOT_CURRENCY[slot]
            own = tuple(c for c in pick.items if CURRENCY_OF[c] == currency)
            if building is None or not own:  # the pick holds only cards that can pay
                continue
            words = {
                "slot": slot + 1,
                "building": building_label(building, locale),
                "currency": t(f"nycards.currency.{currency}", locale),
            }
            pays = payments(list(own), currency, BUILDINGS[building].price)
            parts.append(
                PickPart(
                    slot + 1,
                    t("nycards.pick.slot_button", locale, **words),
                    t("nycards.pick.slot_prompt", locale, **words),
                    own,
                    tuple(pays),
                )
            )
        return PickParts(t("nycards.pick.slots_prompt", locale), tuple(parts))

    def table_image(
        self, view: View, names: list[str], locale: str | None, last: Sequence[Event] = ()
    ) -> Image:
        return table_picture(view, names, locale, last)

    def hand_image(self, view: View, names: list[str], locale: str | None) -> Image:
        return hand_picture(view, names, locale)

    def hand_picture_view(self, view: View) -> View:
        """The seat, its money and the yard (what each currency buys now)."""
        return {key: view[key] for key in ("seat", "hand", "yard") if key in view}

    def final_image(self, view: View, names: list[str], locale: str | None) -> Image | None:
        return final_picture(view, names, locale)

    def scoring_image(
        self, view: View, event: dict[str, Any], names: list[str], locale: str | None
    ) -> Image:
        """The ranking picture of one public `scoring` event."""
        return scoring_picture(view, event, names, locale)

    def hand_button_label(self, locale: str | None) -> str:
        """The board's button to the private panel."""
        return t("nycards.hand_button", locale)

    def result_lines(self, view: View, names: list[str], locale: str | None) -> list[str]:
        """Most points win, ties share; Dirk ranks but never wins, even when ahead."""
        if view["phase"] != "over":
            return []
        return points_result(view, names, locale)

    def rules_text(self, locale: str | None) -> str:
        return t("nycards.rules", locale)
