"""How New York is shown: move and money-card labels, the board's pick openers into the private
panel (Buy… lists the buildings the seat's money can pay, telling whether exactly; Pay… its
payments, exact ones first), the payment panel's words, and pictures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from PIL.Image import Image

from i18n import t
from render.newyork import (
    city_picture,
    hand_picture,
    score_sheet,
    scoring_picture,
    table_picture,
)
from render.pick_parts import PickPart, PickParts
from render.presentation import Event, Presentation, View
from render.private_moves import HAND_ONLY
from render.results import points_result
from rules.contract import Pick
from rules.newyork.building import grid_of, spot_label
from rules.newyork.components import BANKS, MONEY, TILES, money_label, tile_label, tile_name
from rules.newyork.payment import least_overpayment, payments


def _cards(text: str) -> list[int]:
    return [int(p) for p in text.split(",") if p.isdecimal() and int(p) in MONEY]


def _tile(text: str, locale: str | None) -> str:
    return tile_label(int(text), locale) if text.isdecimal() and int(text) in TILES else text


def city_spot(view: View, tile: int) -> str:
    """The spot (`B3`) of a building in the acting seat's city, "" if it is not there."""
    grid = grid_of(view["cities"][view["current"]])
    cell = next((cell for cell, there in grid.items() if there == tile), None)
    return "" if cell is None else spot_label(grid, cell).upper()


def owing(view: View) -> int:
    """What the purchase being paid still costs (0 when nothing is being paid)."""
    paying = view["paying"]
    if paying is None or view["market"][paying["slot"]] is None:
        return 0
    price = TILES[view["market"][paying["slot"]]].price
    return price - sum(MONEY[c].value for c in paying["paid"])


def buy_label(slot: int, view: View, locale: str | None) -> str:
    """`Buy Park 7 with yellow money`; in a seat's own view also whether its money of that bank
    can pay exactly (another action) or overpays."""
    tile = view["market"][slot]
    name = tile_name(tile, locale) if tile is not None else ""  # the slot's bank tells it apart
    words = {"tile": name, "bank": t(f"newyork.bank.{BANKS[slot]}", locale)}
    hand = view.get("hand")
    if hand is None or tile is None:
        return t("newyork.move.buy", locale, **words)
    own = [c for c in hand if MONEY[c].bank == BANKS[slot]]
    over = least_overpayment(own, TILES[tile].price)
    if over is None:
        return t("newyork.move.buy", locale, **words)
    key = "newyork.move.buy_exact" if over == 0 else "newyork.move.buy_over"
    return t(key, locale, over=over, **words)


def cards_text(cards: list[int], locale: str | None) -> str:
    """`blue 2 + blue 3` (lowest first)."""
    ordered = sorted(cards, key=lambda c: MONEY[c].value)
    return " + ".join(money_label(c, locale) for c in ordered)


def purchase_label(slot: int, cards: list[int], view: View, locale: str | None) -> str:
    """`Buy Park 7 with blue 3 + blue 5: exact, act again` (or what it overpays): a purchase
    paid in one action."""
    tile = view["market"][slot]
    if tile is None or not cards:
        return buy_label(slot, view, locale)
    over = sum(MONEY[c].value for c in cards) - TILES[tile].price
    key = "newyork.move.buy_paid_exact" if over == 0 else "newyork.move.buy_paid_over"
    words = {"tile": tile_name(tile, locale), "cards": cards_text(cards, locale)}
    return t(key, locale, over=over, **words)


def chosen_summary(items: list[int], view: View, locale: str | None) -> str:
    """What the chosen cards buy in the seat's view: the building, its price and the payment,
    with what is short, exact (another action) or overpaid (the turn ends)."""
    if not items:
        return t("newyork.pick.none", locale)
    listed = cards_text(items, locale)
    banks = {MONEY[c].bank for c in items}
    if len(banks) > 1:
        return t("newyork.pick.mixed", locale, cards=listed)
    tile = view["market"][BANKS.index(banks.pop())]
    if tile is None:
        return t("newyork.pick.empty_space", locale, cards=listed)
    price, paid = TILES[tile].price, sum(MONEY[c].value for c in items)
    words = {"tile": tile_name(tile, locale), "price": price, "paid": paid, "cards": listed}
    if paid < price:
        return t("newyork.pick.short", locale, short=price - paid, **words)
    if paid == price:
        return t("newyork.pick.exact", locale, **words)
    return t("newyork.pick.over", locale, over=paid - price, **words)


def pay_label(cards: list[int], view: View, locale: str | None) -> str:
    """`Pay blue 3 + blue 5 = 8: exact, act again` (or what it overpays, or what is
    still owed after it)."""
    listed = " + ".join(money_label(c, locale) for c in cards)
    paid = sum(MONEY[c].value for c in cards)
    left = owing(view) - paid
    key = "newyork.move.pay_part" if left > 0 else "newyork.move.pay_exact"
    if left < 0:
        key = "newyork.move.pay_over"
    return t(key, locale, cards=listed, total=paid, owing=left, over=-left)


def buy_parts(pick: Pick, view: View, locale: str | None) -> PickParts:
    """The `buy` pick's parts: one per market building the seat's cards of its bank can pay,
    with that bank's cards and its payments (exact ones first)."""
    parts = []
    for slot, tile in enumerate(view["market"]):
        own = tuple(c for c in pick.items if MONEY[c].bank == BANKS[slot])
        if tile is None or not own:  # the pick holds only cards that can pay
            continue
        words = {"tile": tile_label(tile, locale), "bank": t(f"newyork.bank.{BANKS[slot]}", locale)}
        parts.append(
            PickPart(
                slot + 1,
                buy_label(slot, view, locale),
                t("newyork.pick.building_prompt", locale, **words),
                own,
                tuple(payments(own, TILES[tile].price)),
            )
        )
    return PickParts(t("newyork.pick.buildings_prompt", locale), tuple(parts))


class NewYorkPresentation(Presentation):
    """How New York is shown."""

    game_id: ClassVar[str] = "newyork"
    draws_each_scoring: ClassVar[bool] = True

    def move_label(self, action: str, view: View, names: list[str], locale: str | None) -> str:
        words = action.split()
        verb = words[0]
        if verb == "take":
            cards = _cards(words[1])
            listed = " + ".join(money_label(c, locale) for c in cards)
            label = t("newyork.move.take", locale, cards=listed)
        elif verb == "buy" and len(words) == 3:
            label = purchase_label(int(words[1]) - 1, _cards(words[2]), view, locale)
        elif verb == "buy":
            label = buy_label(int(words[1]) - 1, view, locale)
        elif verb == "pay":
            label = pay_label(_cards(words[1]), view, locale)
        elif verb in ("place", "move"):
            tile = _tile(words[1], locale)
            if words[2] == "reserve" and verb == "move":  # a city building: its spot names it
                spot = city_spot(view, int(words[1])) if words[1].isdecimal() else ""
                name = tile_name(int(words[1]), locale) if words[1].isdecimal() else tile
                label = t("newyork.move.move_reserve", locale, tile=name, spot=spot)
            elif words[2] == "reserve":
                label = t("newyork.move.place_reserve", locale, tile=tile)
            else:
                label = t(f"newyork.move.{verb}", locale, tile=tile, spot=words[2].upper())
        elif verb == "gift":
            label = t("newyork.move.gift", locale, tile=_tile(words[1], locale))
        elif verb == "swap":
            label = t(
                "newyork.move.swap",
                locale,
                tile=_tile(words[1], locale),
                replaced=tile_name(int(words[2]), locale) if words[2].isdecimal() else words[2],
                spot=city_spot(view, int(words[2])) if words[2].isdecimal() else "",
            )
        else:
            label = t(f"newyork.move.{verb}", locale)
        return label[:80]

    def move_menu(self, action: str, view: View, locale: str | None) -> str | None:
        """Building spots and redesigns are listed in select menus (closest spots first);
        take, buy, reserve, Dirk and end are buttons."""
        words = action.split()
        if words[0] == "place" and words[2] != "reserve":
            return t("newyork.menu.place", locale, tile=_tile(words[1], locale))
        if words[0] == "move" and words[2] != "reserve":
            return t("newyork.menu.move", locale, tile=_tile(words[1], locale))
        if words[0] in ("move", "swap"):
            return t("newyork.menu.redesign", locale)
        return None

    def move_style(self, action: str) -> str:
        verb = action.split()[0]
        if verb in ("end", "back") or action.endswith(" reserve"):
            return "secondary"
        if verb in ("buy", "place", "pay"):
            return "success"
        return "primary"

    def private_move(self, action: str, view: View) -> str | None:
        """Moves the public board must not show: `end` is offered only when nothing else is
        possible, which the hand decides; it is listed in the whole panel. (A purchase is the
        `buy` pick, private anyway; `buy N` only in games begun with step-by-step paying.)"""
        verb = action.split()[0]
        if verb == "buy":
            return "buy"
        if verb == "end":
            return HAND_ONLY
        return None

    def pick_openers(self, view: View, locale: str | None) -> list[tuple[str, str]]:
        """The board's "Buy…" while a market building is for sale (and "Pay…" while one is
        being paid step by step, in games begun that way): from the public view, so whether the
        hand can pay never shows (Buy… then says it cannot, beside the other moves)."""
        if view["phase"] != "act":
            return []
        if view["paying"] is not None:
            return [("pay", t("newyork.board.pay", locale))]
        if any(tile is not None for tile in view["market"]):
            return [("buy", t("newyork.board.buy", locale))]
        return []

    def pick_parts(self, pick: Pick, view: View, locale: str | None) -> PickParts | None:
        """A purchase in one panel: first the market buildings the seat's money can pay (a
        button each, saying whether exactly), then one building's payments (exact ones first)
        and its bank's cards; confirming buys it in one action. A step-by-step payment (games
        begun that way) is one part: the payments of what is still owed."""
        if pick.kind == "buy":
            return buy_parts(pick, view, locale)
        if pick.kind != "pay" or view["paying"] is None:
            return None
        prompt = t("newyork.pick.prompt", locale)
        suggested = tuple(payments(pick.items, owing(view)))
        part = PickPart(1, t("newyork.pick.confirm", locale), prompt, pick.items, suggested)
        return PickParts(prompt, (part,))

    def pick_prompt(self, kind: str, locale: str | None) -> str:
        if kind == "buy":
            return t("newyork.pick.buildings_prompt", locale)
        return t("newyork.pick.prompt", locale)

    def pick_confirm_label(self, kind: str, locale: str | None) -> str:
        return t("newyork.pick.buy" if kind == "buy" else "newyork.pick.confirm", locale)

    def item_label(self, item: int, locale: str | None) -> str:
        return money_label(item, locale)

    def item_group(self, item: int) -> str:
        return MONEY[item].bank

    def view_pick_summary(self, kind: str, items: list[int], view: View, locale: str | None) -> str:
        """A purchase: what the chosen cards buy and how (see `chosen_summary`)."""
        if kind == "buy":
            return chosen_summary(items, view, locale)
        return self.pick_summary(kind, items, locale)

    def pick_summary(self, kind: str, items: list[int], locale: str | None) -> str:
        if not items:
            return t("newyork.pick.none", locale)
        cards = " + ".join(money_label(c, locale) for c in items)
        return t(
            "newyork.pick.summary", locale, cards=cards, total=sum(MONEY[c].value for c in items)
        )

    def city_image(self, view: View, seat: int, names: list[str], locale: str | None) -> Image:
        """One seat's city from the public view (for `/game city`)."""
        return city_picture(view, seat, names, locale)

    def table_image(
        self, view: View, names: list[str], locale: str | None, last: Sequence[Event] = ()
    ) -> Image:
        """The public table, what the `last` events took, bought or placed framed in gold."""
        return table_picture(view, names, locale, last)

    def hand_image(self, view: View, names: list[str], locale: str | None) -> Image:
        return hand_picture(view, names, locale)

    def hand_picture_view(self, view: View) -> View:
        """The seat, its money, its own city and reserve, and the tile it is placing if it is
        (the other seats' entries left empty)."""
        seat = view.get("seat")
        if seat is None or "hand" not in view:
            return view

        def own(entries: list[Any]) -> list[Any]:
            return [entry if i == seat else [] for i, entry in enumerate(entries)]

        placing = view["phase"] == "place" and seat in view["to_act"]
        return {
            "seat": seat,
            "hand": view["hand"],
            "phase": "place" if placing else "",
            "to_act": [seat] if placing else [],
            "to_place": own(view["to_place"]),
            "cities": own(view["cities"]),
            "reserves": own(view["reserves"]),
        }

    def final_image(self, view: View, names: list[str], locale: str | None) -> Image | None:
        if not view["scorings"]:
            return None
        return score_sheet(view, names, locale)

    def scoring_image(
        self, view: View, event: dict[str, Any], names: list[str], locale: str | None
    ) -> Image:
        """One scoring's street and majority points of every player, from its public `scored`
        event: each scoring's post shows its own."""
        return scoring_picture(view, event, names, locale)

    def result_lines(self, view: View, names: list[str], locale: str | None) -> list[str]:
        """Most points win, ties share; Dirk ranks but never wins, even when ahead."""
        if view["phase"] != "over":
            return []
        return points_result(view, names, locale)

    def rules_text(self, locale: str | None) -> str:
        return t("newyork.rules", locale)
