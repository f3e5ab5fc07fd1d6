"""Drive a Palazzo table through the loopback Discord as its players would.

Players act only through the UI: the board's buttons (by label; "Buy tiles…" and "Rebuild…"
open the private panel on that step), the hand panel's suggestion buttons, select menus (by
visible label) and confirm button, and `/move` (typed text). The test
side reads the database only to decide *what* a player does (the game's bot policy on the
player's own view), never to do it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from fakediscord import FakeMessage, FakeUser
from fakediscord.interactions import InteractionResult
from games import rules_of
from render.palazzo.presentation import PalazzoPresentation
from tests.e2e.table import LoopbackTable, button_labels, refusal, selects

HAND_BUTTON = "My hand"  # the board's button to the private panel (no bids here)

PALAZZO = rules_of("palazzo")
UI = PalazzoPresentation()
PICK_KINDS = ("pick", "buy", "bid", "rebuild")
DONE = "Done."  # the ephemeral answer to a move made from an ephemeral panel or /move
STEP_BUTTONS = {"buy": "Buy tiles…", "rebuild": "Rebuild…"}  # the board's way into a pick


def numbers(action: str) -> list[int]:
    """The ids of a pick action such as `buy 105,12,35`."""
    return [int(p) for p in action.partition(" ")[2].split(",")]


def same_action(logged: str, decided: str, view: dict[str, Any]) -> bool:
    """The same action as a player tells them apart: a pick's items in any order, equal cards
    or tiles alike (the panel offers them as one choice), a move by its label in `view`."""
    if logged.partition(" ")[0] in PICK_KINDS:
        return logged.partition(" ")[0] == decided.partition(" ")[0] and sorted(
            UI.item_label(i, "en") for i in numbers(logged)
        ) == sorted(UI.item_label(i, "en") for i in numbers(decided))
    return UI.move_label(logged, view, [], "en") == UI.move_label(decided, view, [], "en")


class PalazzoTable(LoopbackTable):
    """One channel's Palazzo game; the bot process and the reading helpers are every table's
    (`LoopbackTable`), the lobby and the moves are Palazzo's."""

    GAME_ID: ClassVar[str] = "palazzo"
    BOARD_TITLE: ClassVar[str] = "Palazzo"

    via_counts: Counter[str]

    async def open_lobby(self, host: FakeUser, options: str | None = None) -> FakeMessage:
        result = await host.slash(self.chan, "game new", options={"game": "palazzo"})
        assert result.message is not None and not result.ephemeral, result.content
        self.lobby = result.message
        record = await self.bot.store.active_game(self.chan.id)
        assert record is not None and record.status == "lobby"
        self.game_id = record.id
        self.via_counts = Counter()
        return result.message

    async def decide(self, seat: int) -> str:
        record = await self.record()
        view = PALAZZO.view(record.state, seat)
        return PALAZZO.bot_action(view, record.version * 7919 + seat)

    async def move(self, seat: int, text: str) -> InteractionResult:
        """`/move action:<text>`, typed."""
        user = self.user_of(seat)
        assert user is not None
        self.via_counts["/move"] += 1
        return await user.slash(self.chan, "move", options={"action": text})

    async def press_move(self, seat: int, action: str) -> InteractionResult:
        """Press the board's button for a complete move (found by its label), else `/move`."""
        user = self.user_of(seat)
        assert user is not None
        record = await self.record()
        label = UI.move_label(action, PALAZZO.view(record.state, None), record.names(), "en")
        board = self.board()
        found = [b for b in button_labels(board) if b == label]
        if len(found) == 1:
            self.via_counts["board button"] += 1
            return await user.press(board, label)
        for menu in selects(board):  # rebuild choices and discards are in select menus
            labels = [o["label"] for o in menu.get("options") or []]
            if labels.count(label) == 1:
                self.via_counts["board menu"] += 1
                return await user.choose(board, menu["placeholder"], [label])
        return await self.move(seat, action)

    async def panel(self, seat: int, button: str = HAND_BUTTON) -> FakeMessage:
        user = self.user_of(seat)
        assert user is not None
        result = await user.press(self.board(), button)
        assert result.ephemeral and result.message is not None, result.content
        return result.message

    async def pick(self, seat: int, action: str) -> InteractionResult:
        """A pick: its suggestion button in the hand panel if there is one, else the menus (when
        every label chosen is unambiguous), else `/move`."""
        user = self.user_of(seat)
        assert user is not None
        record = await self.record()
        own = PALAZZO.view(record.state, seat)
        names = record.names()
        wanted = sorted(numbers(action))
        (pick,) = PALAZZO.choices(record.state, seat).picks
        step = STEP_BUTTONS.get(pick.kind)
        if step is not None and record.version % 3:  # now and then from "My hand" instead
            assert step in button_labels(self.board()), button_labels(self.board())
            self.via_counts["board step"] += 1
            panel = await self.panel(seat, step)
            assert UI.pick_prompt(pick.kind, "en") in panel.content
        else:
            panel = await self.panel(seat)
        for items in pick.suggestions:
            if sorted(items) == wanted:
                label = UI.move_label(pick.action(items), own, names, "en")
                if button_labels(panel).count(label) == 1:
                    self.via_counts["suggestion button"] += 1
                    return await user.press(panel, label)
        labels = [UI.item_label(i, "en") for i in wanted]
        options: dict[str, list[dict[str, Any]]] = {}
        for menu in selects(panel):
            for option in menu.get("options") or []:
                options.setdefault(option["label"], []).append(menu)
        if any(len(options.get(label, [])) != 1 for label in labels) or len(set(labels)) != len(
            labels
        ):
            return await self.move(seat, action)
        for menu in selects(panel):
            offered = {o["label"] for o in menu.get("options") or []}
            mine = sorted(set(labels) & offered)
            if mine:
                result = await user.choose(panel, menu["placeholder"], mine)
                assert result.response_type == 7, refusal(result)
        summary = UI.view_pick_summary(pick.kind, wanted, own, "en")
        assert summary in panel.content, (summary, panel.content)
        self.via_counts["menus"] += 1
        return await user.press(panel, UI.pick_confirm_label(pick.kind, "en"))

    async def play_step(self, via: Any = None) -> None:
        """The one member who must act now acts once, as the bot policy would."""
        record = await self.record()
        assert record.status == "running"
        seats = [s for s in sorted(record.waiting) if not record.seats[s].bot]
        assert len(seats) == 1, f"one member must act, not {seats}"
        seat = seats[0]
        action = await self.decide(seat)
        if action.partition(" ")[0] in PICK_KINDS:
            result = await self.pick(seat, action)
        else:
            result = await self.press_move(seat, action)
        problem = refusal(result)
        assert problem in (None, DONE), f"seat {seat} {action!r} refused: {problem}"
        logged = [a for a in await self.actions() if a.version > record.version]
        assert logged and logged[0].seat == seat, logged
        view = PALAZZO.view(record.state, seat)
        assert same_action(logged[0].action, action, view), (logged[0].action, action)
