"""Undo from Discord: the **Undo** button on the private answer to a member's move, and
`/game undo`. The table service decides (`service/undo.py`) and commits; only then is the
member answered and the channel's board and the panels brought up to date (the outbox).

Where the Undo button is (PROPOSED): on the private answer a move already gets, never on a
message of its own: the answer to `/move`, and the private panel refreshed after a move made
from it (hand, pick, "More moves…"). A press of the channel's board is only acknowledged, as
before: Discord shows nothing to the presser, and an extra private message for each of the
many moves that could be taken back (most moves of Palazzo and New York are) would bury the
channel for them; `/game undo` takes such a move back. Pressing Undo on a private message
turns that message, in place, into the seat's panel as it is again (no new message); a refusal
(pressed twice, someone acted since, not the presser's move) is a short private answer.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from db.records import GameRecord
from i18n import t
from interface.components import UndoButton
from interface.deferral import in_time
from interface.delivery import deliver_change
from interface.failures import DISCORD_FAILURES
from interface.hand_dms import files_of
from interface.host import host
from interface.messages import hand_panel
from interface.replies import private_panel, reply, tables, user_locale
from service.change import TableChange
from service.errors import TableError

log = logging.getLogger("tavolo.undo")
Interaction = discord.Interaction[Any]


def undo_view(change: TableChange, locale: str | None) -> discord.ui.View | None:
    """The view with an Undo button for the member's move of `change`, when it may be taken
    back; None otherwise."""
    if change.undo_version is None:
        return None
    view = discord.ui.View(timeout=None)
    label = t("undo.button", locale)
    view.add_item(UndoButton(change.record.id, change.undo_version, label))
    return view


def with_undo(
    view: discord.ui.View | None, game_id: int, version: int | None, locale: str | None
) -> discord.ui.View | None:
    """A private panel's `view` with an Undo button added for the move saved as `version`
    (None: nothing to take back; the view as it is)."""
    if version is None:
        return view
    view = view or discord.ui.View(timeout=None)
    # a full panel (25 components, or rows of menus) gets none: /game undo still works
    with contextlib.suppress(ValueError):
        view.add_item(UndoButton(game_id, version, t("undo.button", locale)))
    return view


async def take_back(interaction: Interaction, game_id: int, version: int | None) -> None:
    """Take back the member's last move (`version`: the one the button was made for). A press
    on a private message shows there the seat's panel as it is again; otherwise the member is
    told in a private answer."""
    locale = user_locale(interaction)
    try:
        work = tables(interaction).undo.undo(game_id, interaction.user.id, version=version)
        change = await in_time(interaction, work, ephemeral=True)
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    seat = change.record.seat_of(interaction.user.id)
    if version is not None and private_panel(interaction) and seat is not None:
        await restored_panel(interaction, change.record, seat, locale)
    else:
        await reply(interaction, t("undo.done", locale))
    await deliver_change(host(interaction), change)


async def restored_panel(
    interaction: Interaction, record: GameRecord, seat: int, locale: str | None
) -> None:
    """The pressed private message becomes the seat's panel after the undo (its choices again,
    no Undo button), headed by the words that the move was taken back."""
    out = hand_panel(record, seat, locale)
    content = f"{t('undo.done', locale)}\n{out.content}"[:2000]
    try:
        if not interaction.response.is_done():
            await interaction.response.defer()
        await interaction.edit_original_response(
            content=content, attachments=await files_of(out), view=out.view
        )
    except DISCORD_FAILURES:
        log.info("could not refresh a private panel after an undo in game %s", record.id)
        await reply(interaction, t("undo.done", locale))


async def press_undo(interaction: Interaction, game_id: int, version: int) -> None:
    """The Undo button on the answer to a move."""
    await take_back(interaction, game_id, version)


async def undo_command(interaction: Interaction) -> None:
    """`/game undo`: the member's last move in this channel's game."""
    try:
        record = await tables(interaction).channel_game(interaction.channel_id or 0)
    except TableError as err:
        await reply(interaction, err.message(user_locale(interaction)))
        return
    await take_back(interaction, record.id, None)
