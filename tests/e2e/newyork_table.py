"""Drive a New York (tile game) table through the loopback Discord as its players would.

Players act only through the UI: the board's buttons (take, reserve, give to Dirk, end) and
select menus (build at a labelled spot, redesign); the board's "Buy…", whose private panel lists
the buildings their money can pay, then in the same panel the chosen building's payments (exact
first) and its bank's cards in a menu with the Buy button (now and then the "My hand" panel
instead); and `/move` (with autocomplete) for moves shown neither way. The test side reads the
database only to decide *what* a player does (the bot policy on the player's own view).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fakediscord import FakeMessage
from fakediscord.interactions import InteractionResult
from games import presentation, rules_of
from render.newyork.presentation import buy_label
from render.private_moves import private_kind
from rules.newyork.components import money_label
from tests.e2e.table import LoopbackTable, button_labels, refusal, selects

HAND_BUTTON = "My hand"  # the board's button to the private panel (no bids here)

NEWYORK = rules_of("newyork")
UI = presentation("newyork")
BUY = "Buy"
STEPS = {"buy": "Buy…"}  # the board's buttons into the private panel
MAX_PAGES = 10
NEWYORK_NAME = "New York — the tile game"


@dataclass
class NewYorkTable(LoopbackTable):
    """One channel's New York game and the production bot, driven through the fake."""

    GAME_ID: ClassVar[str] = "newyork"
    BOARD_TITLE: ClassVar[str] = NEWYORK_NAME

    by_button: int = 0
    by_command: int = 0
    by_panel: int = 0
    by_menu: int = 0
    by_page: int = 0
    by_step: int = 0
    by_suggestion: int = 0
    gifts: int = 0

    async def decide(self, seat: int) -> str:
        record = await self.record()
        view = NEWYORK.view(record.state, seat)
        action = NEWYORK.bot_action(view, record.version * 7919 + seat)
        if action.endswith(" reserve") and action.startswith("place") and view["dirk"]:
            self.gifts += 1
            return "gift " + action.split()[1]  # a tile with no good spot goes to Dirk
        return action

    async def label(self, action: str) -> str:
        """The button label a player reads for this move on the board."""
        record = await self.record()
        public = NEWYORK.view(record.state, None)
        return UI.move_label(action, public, record.names(), "en")

    async def panel(self, seat: int, button: str = HAND_BUTTON) -> FakeMessage:
        """The seat's private panel, opened from a board button (ephemeral)."""
        user = self.user_of(seat)
        assert user is not None
        result = await user.press(self.board(), button)
        assert result.ephemeral and result.message is not None, result.content
        return result.message

    async def step_panel(self, seat: int, kind: str) -> FakeMessage:
        """The panel the board's step button of this kind opens (now and then "My hand"
        instead, which lists the same); a step the board does not offer: "My hand"."""
        record = await self.record()
        step = STEPS.get(kind)
        if step is None or step not in button_labels(self.board()) or record.version % 5 == 0:
            return await self.panel(seat)
        self.by_step += 1
        return await self.panel(seat, step)

    async def private(self, seat: int, action: str, kind: str) -> InteractionResult:
        """A move the board keeps private (`render.private_moves`): its button in the panel of the
        board's step (e.g. Buy… lists the buildings the seat's money can pay)."""
        user = self.user_of(seat)
        assert user is not None
        record = await self.record()
        own = NEWYORK.view(record.state, seat)
        label = UI.move_label(action, own, record.names(), "en")
        assert label not in button_labels(self.board()), "a private move shows on the board"
        panel = await self.step_panel(seat, kind)
        assert label in button_labels(panel), (label, button_labels(panel))
        return await user.press(panel, label)

    async def buy(self, seat: int, action: str) -> InteractionResult:
        """Buy in one panel: the board's "Buy…" (or "My hand"), the building's button (the panel
        changes in place to its payments, unless it is the only building), then the payment's
        button when it is suggested (exact ones first), else the cards chosen by label in the
        menu, then Buy."""
        user = self.user_of(seat)
        assert user is not None
        record = await self.record()
        own = NEWYORK.view(record.state, seat)
        _verb, space, cards = action.split()
        panel = await self.step_panel(seat, "buy")
        building = buy_label(int(space) - 1, own, "en")
        if building in button_labels(panel):
            opened = await user.press(panel, building)
            assert opened.response_type == 7 and opened.message is not None, refusal(opened)
            panel = opened.message
        offered = [b for b in button_labels(panel) if b.startswith("Buy ")]
        exact = [": exact," in b for b in offered]
        assert exact == sorted(exact, reverse=True), "exact payments are offered first"
        label = UI.move_label(action, own, record.names(), "en")
        self.by_panel += 1
        if label in offered:
            self.by_suggestion += 1
            return await user.press(panel, label)
        wanted = sorted(money_label(int(c), "en") for c in cards.split(","))
        for menu in selects(panel):
            options = {o["label"] for o in menu.get("options") or []}
            mine = [w for w in wanted if w in options]
            if mine:
                result = await user.choose(panel, menu["placeholder"], sorted(set(mine)))
                assert result.response_type == 7, refusal(result)
                wanted = [w for w in wanted if w not in mine]
        assert not wanted, f"cards {wanted} are not offered in the panel"
        return await user.press(panel, BUY)

    async def play(self, seat: int, action: str) -> InteractionResult:
        """Play a complete move: its board button or menu option, looked for on the board and
        then on the "More moves…" pages it opens (a private move: in the private panel); `/move`
        only when it is nowhere."""
        user = self.user_of(seat)
        assert user is not None
        record = await self.record()
        kind = private_kind(UI, action, NEWYORK.view(record.state, None))
        if kind is not None:
            return await self.private(seat, action, kind)
        label = await self.label(action)
        message = self.board()
        for _page in range(MAX_PAGES):
            if label in button_labels(message):
                self.by_button += 1
                return await user.press(message, label)
            more = None
            for menu in selects(message):
                options = {o["label"]: o["value"] for o in menu.get("options") or []}
                if label in options:
                    self.by_menu += 1
                    return await user.choose(message, menu["placeholder"], [label])
                pages = [name for name, value in options.items() if value.startswith("~page ")]
                more = more or (pages and (menu["placeholder"], pages[0])) or None
            if more is None:
                break
            opened = await user.choose(message, more[0], [more[1]])
            assert opened.ephemeral and opened.message is not None, refusal(opened)
            self.by_page += 1
            message = opened.message
        self.by_command += 1
        return await user.slash(self.chan, "move", action=action)

    async def play_step(self, via=lambda seat: "board") -> None:
        """The member who must act does what the bot policy chooses for them, by the UI."""
        record = await self.record()
        assert record.status == "running"
        (seat,) = record.waiting
        assert not record.seats[seat].bot, "a bot seat is waiting"
        action = await self.decide(seat)
        if action.startswith("buy"):
            result = await self.buy(seat, action)
        else:
            result = await self.play(seat, action)
        problem = refusal(result)
        assert problem is None, f"seat {seat} {action!r} refused: {problem}"
        logged = [a for a in await self.actions() if a.version > record.version]
        assert logged and logged[0].seat == seat, logged
        assert logged[0].action.split()[0] == action.split()[0], (logged[0].action, action)
        if action.startswith("buy"):  # the same cards, chosen in any order
            assert sorted(logged[0].action.split()[2].split(",")) == sorted(
                action.split()[2].split(",")
            ), (logged[0].action, action)
        else:  # or a move alike (taking either of two equal cards is one button)
            alike = await self.label(logged[0].action) == await self.label(action)
            assert logged[0].action == action or alike, (logged[0].action, action)
