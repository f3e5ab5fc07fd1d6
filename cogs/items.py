"""Persistent components (`DynamicItem`s): they are rebuilt from their `custom_id` after a
restart, so buttons on old messages keep working and are checked against the stored game."""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs import ids
from cogs.common import guarded

Interaction = discord.Interaction[Any]
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.MOVE):
    """A complete move for one seat."""

    def __init__(
        self,
        game: int,
        seat: int,
        since: int,
        action: str,
        label: str = "…",
        style: str = "primary",
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=STYLES[style], custom_id=ids.move_id(game, seat, since, action)
            )
        )
        self.game, self.seat, self.since, self.action = game, seat, since, action

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> MoveButton:
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["since"]),
            match["action"],
            item.label or "…",
        )

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        from cogs.play_actions import press_move

        await press_move(interaction, self.game, self.seat, self.since, self.action)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.HAND):
    """Shows the clicker their hand, with their pick panel when they have one to make."""

    def __init__(self, game: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=ids.hand_id(game)
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]), item.label or "…")

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        from cogs.play_actions import show_hand

        await show_hand(interaction, self.game)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.PICK):
    """One select menu of a pick panel; choosing updates the panel's draft. `part` is the
    panel's step when it shows one pick only (None: the whole panel)."""

    def __init__(
        self,
        game: int,
        seat: int,
        since: int,
        kind: str,
        group: int,
        select: discord.ui.Select | None = None,
        part: int | None = None,
    ) -> None:
        item = select or discord.ui.Select(
            custom_id=ids.pick_id(game, seat, since, kind, group, part)
        )
        super().__init__(item)
        self.game, self.seat, self.since, self.kind, self.group = game, seat, since, kind, group
        self.part = part

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> PickSelect:
        part = match["part"]
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["since"]),
            match["kind"],
            int(match["group"]),
            item,
            None if part is None else int(part),
        )

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        from cogs.play_actions import change_pick

        await change_pick(
            interaction, self.game, self.seat, self.since, self.kind, self.item.values, self.part
        )


class PickConfirm(discord.ui.DynamicItem[discord.ui.Button], template=ids.PICK_OK):
    """Confirms the pick drafted in the panel's select menus."""

    def __init__(self, game: int, seat: int, since: int, kind: str, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                custom_id=ids.pick_ok_id(game, seat, since, kind),
            )
        )
        self.game, self.seat, self.since, self.kind = game, seat, since, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> PickConfirm:
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["since"]),
            match["kind"],
            item.label or "…",
        )

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        from cogs.play_actions import confirm_pick

        await confirm_pick(interaction, self.game, self.seat, self.since, self.kind)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.MOVE_SELECT):
    """A select menu of complete moves for one seat (e.g. the spots a tile may be built on);
    choosing an option plays it like a move button (the chosen value is checked by the rules),
    or, for the "More moves…" option, shows the seat the next page of its moves."""

    def __init__(
        self, game: int, seat: int, since: int, menu: int, select: discord.ui.Select | None = None
    ) -> None:
        item = select or discord.ui.Select(custom_id=ids.move_select_id(game, seat, since, menu))
        super().__init__(item)
        self.game, self.seat, self.since, self.menu = game, seat, since, menu

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        game, seat, since = int(match["game"]), int(match["seat"]), int(match["since"])
        select = item if isinstance(item, discord.ui.Select) else None
        return cls(game, seat, since, int(match["menu"]), select)

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        from cogs.play_actions import press_move

        values = list(getattr(self.item, "values", []) or [])
        action = values[0] if len(values) == 1 and isinstance(values[0], str) else ""
        page = ids.page_of(action)
        if page is not None:  # "More moves…": the next page of the seat's moves
            from cogs.play_actions import show_moves_page

            await show_moves_page(interaction, self.game, self.seat, self.since, page)
            return
        await press_move(interaction, self.game, self.seat, self.since, action[:100])


class StepButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.STEP):
    """Opens a seat's private panel on one pick (part 0: its first step, N: its part N, e.g. a
    yard slot to pay for): from the board as a new ephemeral message, from a panel in place."""

    def __init__(
        self,
        game: int,
        seat: int,
        since: int,
        kind: str,
        part: int,
        edit: bool,
        label: str = "…",
        style: str = "primary",
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=STYLES[style],
                custom_id=ids.step_id(game, seat, since, kind, part, edit),
            )
        )
        self.game, self.seat, self.since, self.kind = game, seat, since, kind
        self.part, self.edit = part, edit

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> StepButton:
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["since"]),
            match["kind"],
            int(match["part"]),
            bool(match["edit"]),
            item.label or "…",
        )

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        from cogs.play_actions import open_step

        await open_step(
            interaction, self.game, self.seat, self.since, self.kind, self.part, self.edit
        )


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.LOBBY):
    """Join, Leave, Add bot, Remove bot and Start on a lobby message."""

    def __init__(self, game: int, op: str, label: str = "…", style: str = "secondary") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=STYLES[style], custom_id=ids.lobby_id(game, op))
        )
        self.game, self.op = game, op

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"], item.label or "…")

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        from cogs.lobby_actions import press_lobby

        await press_lobby(interaction, self.game, self.op)


ALL_ITEMS = (
    MoveButton,
    HandButton,
    PickSelect,
    PickConfirm,
    LobbyButton,
    MoveSelect,
    StepButton,
)
