"""Drive a New York card game table through the loopback Discord as its players would.

Players act only through the UI: the board's "Take …" buttons, keep/gift buttons, the board's
"Buy…" button or their private panel (the board's "My money / buy" button): a slot button when
several slots are affordable, then the slot's payment buttons (exact first) or its menu and the
Buy button; and `/move`. The test side reads the database only to decide *what* a player
does (the game's bot policy on the player's own view).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fakediscord import FakeMessage
from fakediscord.interactions import InteractionResult
from games import rules_of
from rules.nycards.components import BUILDINGS, CURRENCY_OF, MONEY, VALUE, building_label
from tests.e2e.table import (
    LoopbackTable,
    button_labels,
    buttons,
    refusal,
    selects,
)

NYCARDS = rules_of("nycards")
BUY = "Buy"
BUY_BUTTON = "Buy…"
HAND_BUTTON = "My money / buy"


def money_text(cards: list[int]) -> str:
    """`green 2 + blue 3`, lowest value first, as the labels show money."""
    return " + ".join(
        f"{MONEY[c].currency} {MONEY[c].value}" for c in sorted(cards, key=lambda c: VALUE[c])
    )


def card_ids(action: str) -> list[int]:
    """The card ids of a `take 1,2` or `buy [slot] 1,2` action."""
    return [int(p) for p in action.split(" ")[-1].split(",")]


def item_label(card: int) -> str:
    """A card's option label in the buy menus, e.g. `green 3 (card 2)`."""
    m = MONEY[card]
    return f"{m.currency} {m.value} (card {m.copy})"


@dataclass
class NyCardsTable(LoopbackTable):
    """One channel's New York card game and the production bot, driven through the fake."""

    GAME_ID: ClassVar[str] = "nycards"
    BOARD_TITLE: ClassVar[str] = "New York (card game)"

    gifts: int = 0
    buys_by_button: int = 0
    buys_by_menu: int = 0
    slots_chosen: int = 0
    buys_from_hand_panel: int = 0

    async def decide(self, seat: int) -> str:
        record = await self.record()
        view = NYCARDS.view(record.state, seat)
        action = NYCARDS.bot_action(view, record.version * 7919 + seat)
        if action == "keep" and record.state["dirk"] and record.version % 3 == 0:
            return "gift"  # now and then give one to Dirk, as a two-player game allows
        return action

    async def panel(self, seat: int, button: str = HAND_BUTTON) -> FakeMessage:
        """The seat's private panel, opened from a board button (ephemeral)."""
        user = self.user_of(seat)
        assert user is not None
        result = await user.press(self.board(), button)
        assert result.ephemeral and result.message is not None, result.content
        return result.message

    async def take(self, seat: int, action: str) -> InteractionResult:
        """Press the board's button for taking these cards."""
        cards = card_ids(action)
        label = f"Take {money_text(cards)}"
        found = [b for b in button_labels(self.board()) if b.split(" (")[0] == label]
        assert len(found) == 1, f"{label!r} among {button_labels(self.board())}"
        return await self.user_of(seat).press(self.board(), found[0])  # type: ignore[union-attr]

    async def buy_panel(self, seat: int, slot: int) -> FakeMessage:
        """The panel on one slot's payment: the board's "Buy…" (now and then the "My money /
        buy" panel instead), then the slot's button when several slots are affordable."""
        user = self.user_of(seat)
        assert user is not None
        record = await self.record()
        by_hand = record.version % 4 == 0
        self.buys_from_hand_panel += by_hand
        panel = await self.panel(seat, HAND_BUTTON if by_hand else BUY_BUTTON)
        slots = [b for b in button_labels(panel) if b.startswith("Slot ")]
        if slots:
            assert "choose a slot you can afford" in panel.content, panel.content
            (mine,) = [b for b in slots if b.startswith(f"Slot {slot + 1} (")]
            result = await user.press(panel, mine)
            assert result.response_type == 7, refusal(result)
            self.slots_chosen += 1
            assert "← Back" in button_labels(panel)
        building = record.state["yard"][slot]
        assert f"**Buy {building_label(building)} from slot {slot + 1}:**" in panel.content
        return panel

    async def buy(self, seat: int, action: str) -> InteractionResult:
        """Buy from the private panel on the slot's payment: the payment's button if it is
        there, else the cards chosen in the menu (the summary shows the overpayment first),
        then Buy."""
        user = self.user_of(seat)
        assert user is not None
        cards = card_ids(action)
        record = await self.record()
        slot = ("blue", "green", "orange", "yellow").index(CURRENCY_OF[cards[0]])
        panel = await self.buy_panel(seat, slot)
        building = record.state["yard"][slot]
        offered = [b for b in button_labels(panel) if b.startswith("Buy ") and b != BUY]
        assert all(b.startswith(f"Buy {building_label(building)} with ") for b in offered)
        exact = [": exact," in b for b in offered]
        assert exact == sorted(exact, reverse=True), "exact payments are offered first"
        prefix = f"Buy {building_label(building)} with {money_text(cards)}:"
        found = [b for b in offered if b.startswith(prefix)]
        if found:
            self.buys_by_button += 1
            return await user.press(panel, found[0])
        self.buys_by_menu += 1
        wanted = {item_label(c) for c in cards}
        for menu in selects(panel):
            offered_cards = {o["label"] for o in menu.get("options") or []}
            assert all(o.startswith(CURRENCY_OF[cards[0]]) for o in offered_cards)
            mine = sorted(wanted & offered_cards)
            if mine:
                result = await user.choose(panel, menu["placeholder"], mine)
                assert result.response_type == 7, refusal(result)
                wanted -= set(mine)
        assert not wanted, f"cards {sorted(wanted)} are not offered in the panel"
        paid, price = sum(VALUE[c] for c in cards), BUILDINGS[building].price
        expected = "exactly" if paid == price else f"{paid - price} overpaid"
        assert expected in panel.content, panel.content
        return await user.press(panel, BUY)

    async def play_step(self, via=lambda seat: "board") -> None:
        """The member who must act does what the bot policy chooses for them, by the UI."""
        record = await self.record()
        assert record.status == "running"
        (seat,) = record.waiting
        assert not record.seats[seat].bot, "a bot seat is waiting"
        action = await self.decide(seat)
        before = record
        if action.startswith("take"):
            result = await self.take(seat, action)
        elif action.startswith("buy"):
            result = await self.buy(seat, action)
        else:
            label = {"keep": "Keep ", "gift": "Give ", "pass": "Pass"}[action]
            found = [b for b in button_labels(self.board()) if b.startswith(label)]
            assert len(found) == 1, (label, button_labels(self.board()))
            self.gifts += action == "gift"
            result = await self.user_of(seat).press(self.board(), found[0])  # type: ignore[union-attr]
        problem = refusal(result)
        assert problem is None, f"seat {seat} {action!r} refused: {problem}"
        logged = [a for a in await self.actions() if a.version > before.version]
        assert logged and logged[0].seat == seat, logged
        assert _same(logged[0].action, action), (logged[0].action, action)

    def board_has_buttons(self) -> bool:
        return bool(buttons(self.board()))


def _same(logged: str, decided: str) -> bool:
    """The same move: equal text, or a buy with the same currency and values (two copies of a
    value are interchangeable)."""
    if logged == decided:
        return True
    if logged.startswith("buy") and decided.startswith("buy"):
        values = [
            sorted((CURRENCY_OF[c], VALUE[c]) for c in card_ids(a)) for a in (logged, decided)
        ]
        return values[0] == values[1]
    return False
