"""New York on Discord: move and money-card labels, the payment panel's words, and pictures."""

from __future__ import annotations

from typing import Any

from PIL.Image import Image

from i18n import t
from render.newyork import city_picture, hand_picture, score_sheet, table_picture
from rules.newyork.components import BANKS, MONEY, TILES, money_label, tile_label

View = dict[str, Any]


def _cards(text: str) -> list[int]:
    return [int(p) for p in text.split(",") if p.isdecimal() and int(p) in MONEY]


def _tile(text: str, locale: str | None) -> str:
    return tile_label(int(text), locale) if text.isdecimal() and int(text) in TILES else text


class NewYorkUI:
    """The `GameUI` of New York."""

    game_id = "newyork"

    def move_label(self, action: str, view: View, names: list[str], locale: str | None) -> str:
        words = action.split()
        verb = words[0]
        if verb == "take":
            cards = _cards(words[1])
            listed = " + ".join(money_label(c, locale) for c in cards)
            label = t("newyork.move.take", locale, cards=listed)
        elif verb == "buy":
            slot = int(words[1]) - 1
            tile = view["market"][slot]
            bank = t(f"newyork.bank.{BANKS[slot]}", locale)
            label = t("newyork.move.buy", locale, tile=_tile(str(tile), locale), bank=bank)
        elif verb in ("place", "move"):
            tile = _tile(words[1], locale)
            if words[2] == "reserve":
                label = t(f"newyork.move.{verb}_reserve", locale, tile=tile)
            else:
                label = t(f"newyork.move.{verb}", locale, tile=tile, spot=words[2].upper())
        elif verb == "gift":
            label = t("newyork.move.gift", locale, tile=_tile(words[1], locale))
        elif verb == "swap":
            label = t(
                "newyork.move.swap",
                locale,
                tile=_tile(words[1], locale),
                replaced=_tile(words[2], locale),
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
        if verb in ("buy", "place"):
            return "success"
        return "primary"

    def pick_prompt(self, kind: str, locale: str | None) -> str:
        return t("newyork.pick.prompt", locale)

    def pick_confirm_label(self, kind: str, locale: str | None) -> str:
        return t("newyork.pick.confirm", locale)

    def item_label(self, item: int, locale: str | None) -> str:
        return money_label(item, locale)

    def item_group(self, item: int) -> str:
        return MONEY[item].bank

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

    def table_image(self, view: View, names: list[str], locale: str | None) -> Image:
        return table_picture(view, names, locale)

    def hand_image(self, view: View, names: list[str], locale: str | None) -> Image:
        return hand_picture(view, names, locale)

    def final_image(self, view: View, names: list[str], locale: str | None) -> Image | None:
        if not view["scorings"]:
            return None
        return score_sheet(view, names, locale)

    def rules_text(self, locale: str | None) -> str:
        return t("newyork.rules", locale)
