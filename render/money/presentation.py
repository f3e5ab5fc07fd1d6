"""How Money is shown: move and card labels, the bid panel's words, and the pictures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from PIL.Image import Image

from i18n import t
from render.money import hand_picture, score_sheet, table_picture
from render.presentation import Event, Presentation, View
from render.results import joined, ranking
from rules.money.components import CARDS, label
from rules.money.engine import table_total


def hands(count: int, locale: str | None) -> str:
    """`1 hand`, `2 hands`."""
    if count == 1:
        return t("money.result.hands_one", locale)
    return t("money.result.hands_many", locale, count=count)


def money_decision(
    won: list[int],
    total: list[int],
    winners: list[int],
    names: list[str],
    locale: str | None,
    by_total: bool,
) -> str:
    """What decided a Money match, in one sentence."""
    who = joined([names[s] for s in winners], locale)
    first = winners[0]
    if by_total:
        key = "money.result.shared_total" if len(winners) > 1 else "money.result.total"
        return t(key, locale, names=who, name=who, points=total[first])
    if len(winners) > 1:
        return t(
            "money.result.shared_hands",
            locale,
            names=who,
            hands=hands(won[first], locale),
            points=total[first],
        )
    tied = [s for s in range(len(won)) if won[s] == won[first] and s != first]
    if tied:
        best_other = max(total[s] for s in tied)
        return t(
            "money.result.hands_tie",
            locale,
            names=joined([names[s] for s in [first, *tied]], locale),
            hands=hands(won[first], locale),
            name=names[first],
            points=total[first],
            other=best_other,
        )
    ahead = [s for s in range(len(total)) if total[s] > total[first]]
    if ahead:
        top = max(ahead, key=lambda s: total[s])
        return t(
            "money.result.hands_over_total",
            locale,
            name=names[first],
            hands=hands(won[first], locale),
            other=names[top],
            points=total[top],
        )
    return t("money.result.most_hands", locale, name=names[first], hands=hands(won[first], locale))


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
        if verb == "bid":
            return self.pick_summary(verb, [int(c) for c in rest.split(",") if c.isdigit()], locale)
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

    def is_scoring(self, event: Event) -> bool:
        """Each hand's scoring is a scoring post, with the score sheet."""
        return event.get("type") == "hand_scored"

    def table_image(
        self, view: View, names: list[str], locale: str | None, last: Sequence[Event] = ()
    ) -> Image:
        return table_picture(view, names, locale, last)

    def hand_image(self, view: View, names: list[str], locale: str | None) -> Image:
        return hand_picture(view, names, locale)

    def final_image(self, view: View, names: list[str], locale: str | None) -> Image | None:
        if not view["results"]:
            return None
        return score_sheet(view, names, locale)

    def result_lines(self, view: View, names: list[str], locale: str | None) -> list[str]:
        """The ranking by hands won, then total (or by total alone with the `total` option or a
        single hand), and what decided it: a winner with a lower total than another player is
        explained (hands won decide; the total only breaks a tie on hands)."""
        winners: list[int] = view["winners"]
        if view["phase"] != "over" or not winners:
            return []
        won, total = view["hands_won"], view["totals"]
        by_total = view["options"]["match"] == "total" or len(view["results"]) == 1
        seats = range(len(total))
        keys = [(total[s],) if by_total else (won[s], total[s]) for s in seats]

        def score(s: int) -> str:
            if by_total:
                return t("result.points", locale, points=total[s], count=total[s])
            return t("money.result.score", locale, hands=hands(won[s], locale), points=total[s])

        lines = ranking(keys, names, score, locale, winners)
        lines.append(money_decision(won, total, winners, names, locale, by_total))
        return lines

    def hand_button_label(self, locale: str | None) -> str:
        """The board's button to the private panel, where the bid is placed."""
        return t("money.hand_button", locale)

    def rules_text(self, locale: str | None) -> str:
        return t("money.rules", locale)
