"""Persistent components (`DynamicItem`s): they are rebuilt from their `custom_id` after a
restart, so buttons on old messages keep working and are checked against the stored game.

A press is handed to the `PressHandlers` installed at start-up (`cogs.play` installs
`interface.press_handlers.PRESS_HANDLERS`), so this module knows no handler and the messages
that hold these components import it one-way.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, cast

import discord

from interface import custom_ids as ids
from interface.replies import guarded

Interaction = discord.Interaction[Any]
Button = discord.ui.Button[Any]
Select = discord.ui.Select[Any]


@dataclass(frozen=True)
class PressHandlers:
    """What a press of each kind of component does; arguments as the component's custom id
    carries them (game id, seat, since, ...)."""

    move: Callable[[Interaction, int, int, int, str], Awaitable[None]]
    hand: Callable[[Interaction, int], Awaitable[None]]
    pick_change: Callable[[Interaction, int, int, int, str, list[str], int | None], Awaitable[None]]
    pick_confirm: Callable[[Interaction, int, int, int, str], Awaitable[None]]
    moves_page: Callable[[Interaction, int, int, int, int], Awaitable[None]]
    open_pick: Callable[[Interaction, int, int, int, str, int, bool], Awaitable[None]]
    lobby: Callable[[Interaction, int, str], Awaitable[None]]
    seat_consent: Callable[[Interaction, int, int, int, int, bool], Awaitable[None]]
    undo: Callable[[Interaction, int, int], Awaitable[None]] | None = None


_installed: list[PressHandlers] = []


def install(handlers: PressHandlers) -> None:
    """Hand every later press to `handlers` (replacing any installed before)."""
    _installed[:] = [handlers]


def presses() -> PressHandlers:
    """The installed handlers; RuntimeError before `install` (answered as a failure)."""
    if not _installed:
        raise RuntimeError("no press handlers installed (see interface.components.install)")
    return _installed[0]


STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def label_of(item: discord.ui.Item[Any]) -> str:
    """The label of a pressed button ("…" when it has none)."""
    return (item.label if isinstance(item, discord.ui.Button) else None) or "…"


def select_of(item: discord.ui.Item[Any]) -> Select | None:
    """The pressed select menu (None when the item is not one)."""
    return item if isinstance(item, discord.ui.Select) else None


class MoveButton(discord.ui.DynamicItem[Button], template=ids.MOVE):
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
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["since"]),
            match["action"],
            label_of(item),
        )

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        await presses().move(interaction, self.game, self.seat, self.since, self.action)


class HandButton(discord.ui.DynamicItem[Button], template=ids.HAND):
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
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]), label_of(item))

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        await presses().hand(interaction, self.game)


class PickSelect(discord.ui.DynamicItem[Select], template=ids.PICK):
    """One select menu of a pick panel; choosing updates the panel's draft. `part` is the
    opened pick's part when the panel shows one pick only (None: the whole panel)."""

    def __init__(
        self,
        game: int,
        seat: int,
        since: int,
        kind: str,
        group: int,
        select: Select | None = None,
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
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickSelect:
        part = match["part"]
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["since"]),
            match["kind"],
            int(match["group"]),
            cast(Select, item),  # a pick menu's id is only ever put on a select menu
            None if part is None else int(part),
        )

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        await presses().pick_change(
            interaction, self.game, self.seat, self.since, self.kind, self.item.values, self.part
        )


class PickConfirm(discord.ui.DynamicItem[Button], template=ids.PICK_OK):
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
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickConfirm:
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["since"]),
            match["kind"],
            label_of(item),
        )

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        await presses().pick_confirm(interaction, self.game, self.seat, self.since, self.kind)


class MoveSelect(discord.ui.DynamicItem[Select], template=ids.MOVE_SELECT):
    """A select menu of complete moves for one seat (e.g. the spots a tile may be built on);
    choosing an option plays it like a move button (the chosen value is checked by the rules),
    or, for the "More moves…" option, shows the seat the next page of its moves."""

    def __init__(
        self, game: int, seat: int, since: int, menu: int, select: Select | None = None
    ) -> None:
        item = select or discord.ui.Select(custom_id=ids.move_select_id(game, seat, since, menu))
        super().__init__(item)
        self.game, self.seat, self.since, self.menu = game, seat, since, menu

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        game, seat, since = int(match["game"]), int(match["seat"]), int(match["since"])
        return cls(game, seat, since, int(match["menu"]), select_of(item))

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        values = list(getattr(self.item, "values", []) or [])
        action = values[0] if len(values) == 1 and isinstance(values[0], str) else ""
        page = ids.page_of(action)
        if page is not None:  # "More moves…": the next page of the seat's moves
            await presses().moves_page(interaction, self.game, self.seat, self.since, page)
            return
        await presses().move(interaction, self.game, self.seat, self.since, action[:100])


class OpenPickButton(discord.ui.DynamicItem[Button], template=ids.OPEN_PICK):
    """Opens a seat's private panel on one pick (part 0: the pick's opening, N: its part N, e.g.
    a yard slot to pay for): from the board as a new ephemeral message, from a panel in place."""

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
                custom_id=ids.open_pick_id(game, seat, since, kind, part, edit),
            )
        )
        self.game, self.seat, self.since, self.kind = game, seat, since, kind
        self.part, self.edit = part, edit

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OpenPickButton:
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["since"]),
            match["kind"],
            int(match["part"]),
            bool(match["edit"]),
            label_of(item),
        )

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        await presses().open_pick(
            interaction, self.game, self.seat, self.since, self.kind, self.part, self.edit
        )


class LobbyButton(discord.ui.DynamicItem[Button], template=ids.LOBBY):
    """Join, Leave, Start, the Add bot buttons (one per level) and Remove bot on a lobby
    message."""

    def __init__(
        self, game: int, op: str, label: str = "…", style: str = "secondary", row: int | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=STYLES[style], custom_id=ids.lobby_id(game, op)),
            row=row,
        )
        self.game, self.op = game, op

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"], label_of(item))

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        await presses().lobby(interaction, self.game, self.op)


class SeatConsentButton(discord.ui.DynamicItem[Button], template=ids.SEAT_CONSENT):
    """A seat holder's answer, in their DM, to a request to hand their seat to member `to`
    (0: a bot): `yes` hands it over, `no` keeps it; the request lapses at `expires`."""

    def __init__(
        self, game: int, seat: int, to: int, expires: int, yes: bool, label: str = "…"
    ) -> None:
        style = discord.ButtonStyle.danger if yes else discord.ButtonStyle.secondary
        op = "yes" if yes else "no"
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=ids.seat_consent_id(game, seat, to, expires, op)
            )
        )
        self.game, self.seat, self.to, self.expires, self.yes = game, seat, to, expires, yes

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SeatConsentButton:
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["to"]),
            int(match["expires"]),
            match["op"] == "yes",
            label_of(item),
        )

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        await presses().seat_consent(
            interaction, self.game, self.seat, self.to, self.expires, self.yes
        )


class UndoButton(discord.ui.DynamicItem[Button], template=ids.UNDO):
    """Takes back the clicker's move that made `version` (on the private answer to it)."""

    def __init__(self, game: int, version: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.undo_id(game, version),
            )
        )
        self.game = game
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["version"]), label_of(item))

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        handler = presses().undo
        if handler is None:
            raise RuntimeError("no undo handler installed")
        await handler(interaction, self.game, self.version)


ALL_ITEMS = (
    MoveButton,
    HandButton,
    PickSelect,
    PickConfirm,
    LobbyButton,
    MoveSelect,
    OpenPickButton,
    SeatConsentButton,
    UndoButton,
)
