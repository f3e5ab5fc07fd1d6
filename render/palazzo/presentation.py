"""How Palazzo is shown: move and item labels, the payment and bid panels' words (a bid shows its
new total before it is confirmed; groups of 15 are offered and shown as groups), the board's
buttons into the purchase and the rebuild, and the pictures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from PIL.Image import Image

from i18n import t
from render.palazzo import hand_picture, score_sheet, table_picture
from render.presentation import Bundles, Event, Presentation, View
from render.results import joined, ranking
from rules.palazzo.components import CURRENCIES, MONEY, TILES, money_label, tile_label
from rules.palazzo.payment import read


def _numbers(text: str) -> list[int]:
    return [int(p) for p in text.replace(",", " ").split() if p.isascii() and p.isdigit()]


def payment_text(cards: list[int], locale: str | None, currency: str | None = None) -> str:
    """`group of 4s + red 3 + certificate 2 = 20`, or why the cards are no legal payment.
    Groups of 15 are shown as groups."""
    if not cards:
        return t("palazzo.cards.none", locale)
    reading = read(cards, currency)
    if reading is None:
        listed = " + ".join(money_label(c, locale) for c in sorted(cards))
        return t("palazzo.pick.illegal", locale, cards=listed)
    parts: list[str] = []
    loose: list[int] = []
    single = reading.currency
    for v in sorted({MONEY[c].value for c in cards if MONEY[c].currency is not None}):
        of_value = [c for c in cards if MONEY[c].currency is not None and MONEY[c].value == v]
        mine = sorted(c for c in of_value if MONEY[c].currency == single)
        groups = (len(of_value) - len(mine)) // 2 if single else len(of_value) // 3
        parts += [t("palazzo.pick.group", locale, value=v)] * groups
        loose += mine[groups:]
    certs = sorted(c for c in cards if MONEY[c].currency is None)
    parts += [t("palazzo.pick.cert_group", locale)] * (len(certs) // 3)
    loose += certs[len(certs) - len(certs) % 3 :]
    parts += [money_label(c, locale) for c in loose]
    return t("palazzo.pick.payment", locale, cards=" + ".join(parts), total=reading.value)


def groups_in(cards: list[int]) -> list[tuple[int, ...]]:
    """The groups of 15 the cards can form, each once: per value, one card of each currency
    (lowest ids first, as many groups as the scarcest currency allows); then certificates in
    threes."""
    found: list[tuple[int, ...]] = []
    for value in sorted({MONEY[c].value for c in cards if MONEY[c].currency is not None}):
        per = [
            sorted(c for c in cards if MONEY[c].currency == cur and MONEY[c].value == value)
            for cur in CURRENCIES
        ]
        found += list(zip(*per, strict=False))
    certs = sorted(c for c in cards if MONEY[c].currency is None)
    found += [tuple(certs[k : k + 3]) for k in range(0, len(certs) - 2, 3)]
    return found


class PalazzoPresentation(Presentation):
    """How Palazzo is shown."""

    game_id: ClassVar[str] = "palazzo"

    def move_label(self, action: str, view: View, names: list[str], locale: str | None) -> str:
        verb, _, rest = action.partition(" ")
        numbers = _numbers(rest)
        if verb in ("buy", "bid", "pick", "rebuild"):
            return self.view_pick_summary(verb, numbers, view, locale)[:80]
        if verb in ("money", "tiles", "auction", "pass"):
            return t(f"palazzo.move.{verb}", locale)[:80]
        if verb == "build":
            palazzo, tile = numbers
            return t("palazzo.move.build", locale, tile=tile_label(tile, locale), palazzo=palazzo)[
                :80
            ]
        if verb == "insert":
            tile, palazzo = numbers
            return t("palazzo.move.insert", locale, tile=tile_label(tile, locale), palazzo=palazzo)[
                :80
            ]
        if verb == "out":
            tile = numbers[0]
            palazzi = view["seats"][view["actor"]]["palazzi"]
            where = next((k + 1 for k, p in enumerate(palazzi) if tile in p), 0)
            return t("palazzo.move.out", locale, tile=tile_label(tile, locale), palazzo=where)[:80]
        return t(f"palazzo.move.{verb}", locale, tile=tile_label(numbers[0], locale))[:80]

    def move_menu(self, action: str, view: View, locale: str | None) -> str | None:
        """Rebuild choices and discards are listed in select menus (there can be many); the
        other moves are buttons."""
        verb = action.partition(" ")[0]
        if verb in ("out", "insert", "remove", "discard"):
            return t(f"palazzo.menu.{verb}", locale)
        return None

    def move_style(self, action: str) -> str:
        verb = action.partition(" ")[0]
        if verb in ("pass", "discard", "remove"):
            return "secondary"
        return "success" if verb in ("buy", "bid") else "primary"

    def pick_prompt(self, kind: str, locale: str | None) -> str:
        return t(f"palazzo.pick.prompt_{kind}", locale)

    def pick_confirm_label(self, kind: str, locale: str | None) -> str:
        return t(f"palazzo.pick.confirm_{kind}", locale)

    def item_label(self, item: int, locale: str | None) -> str:
        return tile_label(item, locale) if item in TILES else money_label(item, locale)

    def item_group(self, item: int) -> str:
        if item in TILES:
            return "tiles"
        return MONEY[item].currency or "certificates"

    def pick_summary(self, kind: str, items: list[int], locale: str | None) -> str:
        tiles = [i for i in items if i in TILES]
        cards = [i for i in items if i in MONEY]
        words = payment_text(cards, locale) if kind in ("buy", "bid") else ""
        if kind == "buy":
            listed = ", ".join(tile_label(x, locale) for x in tiles) or "—"
            return t("palazzo.pick.buy", locale, tiles=listed, payment=words)
        if kind == "bid":
            return t("palazzo.pick.bid_cards", locale, payment=words)
        listed = " + ".join(money_label(c, locale) for c in cards) or t(
            "palazzo.cards.none", locale
        )
        return t(f"palazzo.pick.summary_{kind}", locale, cards=listed)

    def view_pick_summary(self, kind: str, items: list[int], view: View, locale: str | None) -> str:
        """With the view: a purchase against its price, a raise with the bid's new total."""
        cards = [i for i in items if i in MONEY]
        if kind == "buy":
            tiles = [i for i in items if i in TILES]
            listed = ", ".join(tile_label(x, locale) for x in tiles) or "—"
            cost = view.get("price", 0) * len(tiles)
            reading = read(cards)
            return t(
                "palazzo.pick.buy_priced",
                locale,
                tiles=listed,
                payment=payment_text(cards, locale),
                cost=cost,
                change=(reading.value - cost) if reading and reading.value > cost else 0,
            )
        auction, seat = view.get("auction"), view.get("seat")
        if kind == "bid" and auction and seat is not None:
            offer = auction["offers"][seat] or {"total": 0, "currency": None}
            reading = read(cards, offer["currency"])
            high = auction["offers"][auction["high"]]["total"]
            if reading is None or not cards:
                return t(
                    "palazzo.pick.bid_illegal",
                    locale,
                    payment=payment_text(cards, locale, offer["currency"]),
                    high=high,
                )
            total = offer["total"] + reading.value
            return t(
                "palazzo.pick.bid_total",
                locale,
                payment=payment_text(cards, locale, offer["currency"]),
                total=total,
                high=high,
            )
        return self.pick_summary(kind, items, locale)

    def pick_openers(self, view: View, locale: str | None) -> list[tuple[str, str]]:
        """The board's buttons into the private panel's purchase and rebuild, so the turn's
        choices are all on the board. From the public view: "Buy tiles…"
        whenever the warehouse holds a tile (the panel says if the cards cannot pay)."""
        actor = view["seats"][view["actor"]]
        if view["phase"] == "turn" and actor["hand_count"] and actor["palazzi"]:
            return [("rebuild", t("palazzo.board.rebuild", locale))]
        if view["phase"] == "acquire" and view["warehouse"]:
            return [("buy", t("palazzo.board.buy", locale))]
        return []

    def pick_bundles(self, kind: str, items: Sequence[int], locale: str | None) -> Bundles | None:
        """A payment's or a bid's groups of 15, each one option of their own menu (none when
        the cards hold no group)."""
        if kind not in ("buy", "bid"):
            return None
        offered: list[tuple[str, tuple[int, ...]]] = []
        alike: dict[str, tuple[int, ...]] = {}
        for group in groups_in([i for i in items if i in MONEY]):
            value = MONEY[group[0]].value
            name = (
                t("palazzo.pick.group", locale, value=value)
                if MONEY[group[0]].currency
                else t("palazzo.pick.cert_group", locale)
            )
            cards = " + ".join(money_label(c, locale) for c in group)
            label = t("palazzo.pick.group_option", locale, group=name, cards=cards)
            # Equal groups are one choice: "2 × ..." takes two of them.
            held = alike[label] = (*alike.get(label, ()), *group)
            count = len(held) // len(group)
            words = label if count == 1 else t("hand.copies", locale, count=count, label=label)
            offered.append((words, held))
        if not offered:
            return None
        return t("palazzo.pick.groups_placeholder", locale), offered

    def waiting_hint(self, view: View, locale: str | None) -> str:
        """What the waiting seat must do, after "Waiting for: @x" (e.g. " to bid")."""
        if view["phase"] == "over":
            return ""
        return t(f"palazzo.waiting.{view['phase']}", locale)

    def table_image(
        self, view: View, names: list[str], locale: str | None, last: Sequence[Event] = ()
    ) -> Image:
        return table_picture(view, names, locale, last)

    def hand_image(self, view: View, names: list[str], locale: str | None) -> Image:
        return hand_picture(view, names, locale)

    def hand_picture_view(self, view: View) -> View:
        """The seat, its cards and what they are worth as one payment."""
        if "hand" not in view:
            return view
        return {key: view[key] for key in ("seat", "hand", "hand_value")}

    def final_image(self, view: View, names: list[str], locale: str | None) -> Image | None:
        if view["result"] is None:
            return None
        return score_sheet(view, names, locale)

    def result_lines(self, view: View, names: list[str], locale: str | None) -> list[str]:
        """The ranking by points, and what decided it: most points; a tie goes to the tied
        player whose money is worth most as one payment; still tied, they share the win."""
        result = view["result"]
        if result is None:
            return []
        scores, money, winners = result["scores"], result["money"], result["winners"]
        best = max(scores)
        tied = [s for s in range(len(scores)) if scores[s] == best]
        keys = [(scores[s], money[s] if s in tied else 0) for s in range(len(scores))]
        lines = ranking(
            keys,
            names,
            lambda s: t("result.points", locale, points=scores[s], count=scores[s]),
            locale,
            winners,
        )
        who = joined([names[s] for s in winners], locale)
        if len(tied) == 1:
            lines.append(t("result.most_points", locale, name=who, points=best))
        elif len(winners) == 1:
            others = max(money[s] for s in tied if s not in winners)
            lines.append(
                t(
                    "palazzo.result.money_tiebreak",
                    locale,
                    names=joined([names[s] for s in tied], locale),
                    points=best,
                    name=who,
                    money=money[winners[0]],
                    other=others,
                )
            )
        else:
            lines.append(
                t(
                    "palazzo.result.shared",
                    locale,
                    names=who,
                    points=best,
                    money=money[winners[0]],
                )
            )
        return lines

    def rules_text(self, locale: str | None) -> str:
        return t("palazzo.rules", locale)
