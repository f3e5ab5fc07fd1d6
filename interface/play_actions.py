"""What happens when a player presses a move button, opens their hand, or drafts and confirms a
pick. Each has the table service check the clicker and the component against the stored game
and act (it commits), maps a refusal to its reply, and only then answers Discord."""

from __future__ import annotations

import logging
from typing import Any

import discord

from db.records import GameRecord
from games import rules_of
from i18n import t
from interface.deferral import in_time, respond
from interface.delivery import deliver_change
from interface.failures import DISCORD_FAILURES
from interface.hand_dms import files_of
from interface.host import host
from interface.messages import hand_panel
from interface.move_pages import moves_page
from interface.outgoing import Outgoing
from interface.replies import failure_text, private_panel, reply, tables, user_locale
from interface.undo_actions import undo_view, with_undo
from rules.errors import RuleError
from service.change import TableChange
from service.errors import OtherSeat, TableError

log = logging.getLogger("tavolo.play")
Interaction = discord.Interaction[Any]


def refusal(interaction: Interaction, err: TableError) -> str:
    """The words of a refused click: the service's reason, except that a component of another
    seat is "not your panel" in a DM and "not your turn" in a channel."""
    if isinstance(err, OtherSeat) and interaction.guild_id is None:
        err = TableError("error.not_your_panel")
    return err.message(user_locale(interaction))


def click_channel(interaction: Interaction) -> int | None:
    """The channel a component was used in, for the service's check (None: a DM)."""
    return interaction.channel_id if interaction.guild_id is not None else None


async def load_for(
    interaction: Interaction, game_id: int, seat: int | None = None
) -> GameRecord | None:
    """The game of a component, if the clicker may use it (`Play.clicked`); None (and an
    ephemeral reason) otherwise."""
    try:
        return await tables(interaction).play.clicked(
            game_id, interaction.user.id, seat=seat, channel_id=click_channel(interaction)
        )
    except TableError as err:
        await reply(interaction, refusal(interaction, err))
        return None


async def load_current(
    interaction: Interaction, game_id: int, seat: int, since: int
) -> GameRecord | None:
    """The game of a seat's component made at waiting version `since`, if the clicker may use it
    and the seat still waits since then (`Play.current`); None (and the reason) otherwise."""
    try:
        return await tables(interaction).play.current(
            game_id, interaction.user.id, seat, since, channel_id=click_channel(interaction)
        )
    except TableError as err:
        await reply(interaction, refusal(interaction, err))
        return None


async def act(
    interaction: Interaction, record: GameRecord, action: str, since: int | None
) -> TableChange | None:
    """Play an action; on success the change is delivered after the answer, and returned.
    None if refused. When the move may be taken back, a slash command's answer carries an Undo
    button, and a press on a private panel gets one on the refreshed panel (`refresh_panel`);
    a press on the channel's board is only acknowledged, as before (no extra message; see
    `interface.undo_actions`; `/game undo` takes it back)."""
    locale = user_locale(interaction)
    try:
        work = tables(interaction).play.move(record.id, interaction.user.id, action, since=since)
        change = await in_time(interaction, work, ephemeral=True)
    except (TableError, RuleError) as err:
        await reply(interaction, err.message(locale))
        return None
    except Exception as error:  # nothing was saved (e.g. the database out of reach)
        log.exception("action failed in game %s", record.id)
        await reply(interaction, failure_text(error, locale))
        return None
    # Committed. Now answer the interaction, then post the board and DMs.
    try:
        if interaction.type is discord.InteractionType.application_command:
            undo = undo_view(change, locale)
            extra = {"view": undo} if undo is not None else {}
            await respond(interaction, t("move.done", locale), ephemeral=True, **extra)
        elif not interaction.response.is_done():
            await interaction.response.defer()
    except DISCORD_FAILURES:
        log.info("could not acknowledge interaction %s", interaction.id)
    await deliver_change(host(interaction), change)
    return change


async def press_move(
    interaction: Interaction, game_id: int, seat: int, since: int, action: str
) -> None:
    """A move button on the board or in a hand panel."""
    record = await load_for(interaction, game_id, seat)
    if record is None:
        return
    change = await act(interaction, record, action, since)
    if change is not None and private_panel(interaction):
        await refresh_panel(interaction, game_id, seat, change.undo_version)


async def show_moves_page(
    interaction: Interaction, game_id: int, seat: int, since: int, page: int
) -> None:
    """Page `page` of a seat's moves (chosen from "More moves…"), visible to that seat only."""
    record = await load_current(interaction, game_id, seat, since)
    if record is None:
        return
    locale = user_locale(interaction)
    out = moves_page(record, seat, page, locale)
    kwargs: dict[str, Any] = {"content": out.content, "ephemeral": True}
    if out.view is not None:
        kwargs["view"] = out.view
    await interaction.response.send_message(**kwargs)


async def show_hand(interaction: Interaction, game_id: int) -> None:
    """The clicker's hand (and moves and pick panel), ephemerally."""
    record = await load_for(interaction, game_id)
    if record is None:
        return
    await send_hand(interaction, record)


async def send_hand(interaction: Interaction, record: GameRecord) -> None:
    """Answer with the clicker's private hand panel, visible to them only."""
    seat = record.seat_of(interaction.user.id)
    assert seat is not None
    await send_panel(interaction, hand_panel(record, seat, user_locale(interaction)))


async def send_panel(interaction: Interaction, out: Outgoing) -> None:
    """Answer with a private panel, visible to the clicker only. Its picture is drawn first;
    if that is slow (a busy machine), the interaction is deferred in time and the panel
    follows."""
    kwargs: dict[str, Any] = {"files": await in_time(interaction, files_of(out), ephemeral=True)}
    if out.view is not None:
        kwargs["view"] = out.view
    await respond(interaction, out.content, ephemeral=True, **kwargs)


def option_items(value: str) -> list[int]:
    """The items of a select option's value: one id, or several joined by dots (a bundle such
    as a group of 15); nothing for any other value ("²" is a digit int() refuses)."""
    parts = value.split(".")
    return [int(p) for p in parts] if all(p.isdecimal() for p in parts) else []


def drafted(
    message: discord.Message | None, skip: str | None = None, only: str | None = None
) -> set[int]:
    """The items marked chosen in a pick panel's select menus (all but the one named `skip`;
    only the one named `only`, when given)."""
    chosen: set[int] = set()
    if message is None:
        return chosen
    for row in message.components:
        for child in getattr(row, "children", []):
            if not isinstance(child, discord.components.SelectMenu) or child.custom_id == skip:
                continue
            if only is None or child.custom_id == only:
                for option in child.options:
                    chosen.update(option_items(option.value) if option.default else ())
    return chosen


async def change_pick(
    interaction: Interaction,
    game_id: int,
    seat: int,
    since: int,
    kind: str,
    values: list[str],
    part: int | None = None,
) -> None:
    """A select menu of a pick panel changed: redraw the panel (on its opened `part`, when it
    shows one pick only) with the new draft."""
    record = await load_current(interaction, game_id, seat, since)
    if record is None:
        return
    raw_id = interaction.data.get("custom_id") if interaction.data else None
    custom_id = raw_id if isinstance(raw_id, str) else None
    picked = {i for v in values for i in option_items(v)}
    # An item this menu no longer holds is dropped from the others too (a card of a group).
    dropped = drafted(interaction.message, only=custom_id) - picked if custom_id else set()
    chosen = (drafted(interaction.message, skip=custom_id) - dropped) | picked
    opened = None if part is None else (kind, part)
    out = hand_panel(record, seat, user_locale(interaction), chosen, opened)
    await interaction.response.edit_message(content=out.content, view=out.view)


async def open_pick(
    interaction: Interaction, game_id: int, seat: int, since: int, kind: str, part: int, edit: bool
) -> None:
    """An `OpenPickButton`: the seat's panel on its pick `kind` (part 0: its opening). From the
    board it is a new ephemeral message; from a panel (`edit`) it replaces that panel."""
    record = await load_current(interaction, game_id, seat, since)
    if record is None:
        return
    locale = user_locale(interaction)
    out = hand_panel(record, seat, locale, opened=(kind, part))
    if edit:
        await interaction.response.edit_message(content=out.content, view=out.view)
    else:
        await send_panel(interaction, out)


async def confirm_pick(
    interaction: Interaction, game_id: int, seat: int, since: int, kind: str
) -> None:
    """Confirm the drafted pick: play it as one action."""
    record = await load_for(interaction, game_id, seat)
    if record is None:
        return
    chosen = sorted(drafted(interaction.message))
    if not chosen:
        await reply(interaction, TableError("error.pick_empty").message(user_locale(interaction)))
        return
    game = rules_of(record.game)
    pick = next((p for p in game.choices(record.state or {}, seat).picks if p.kind == kind), None)
    if pick is None:
        await reply(interaction, TableError("error.stale").message(user_locale(interaction)))
        return
    change = await act(interaction, record, pick.action(chosen), since)
    if change is not None:
        await refresh_panel(interaction, game_id, seat, change.undo_version)


async def refresh_panel(
    interaction: Interaction, game_id: int, seat: int, undo_version: int | None = None
) -> None:
    """After acting from a private panel, the panel follows: the seat's new choices, or its
    hand without buttons once it has nothing to do (never stale buttons); with an Undo button
    when the move (saved as `undo_version`) may be taken back."""
    record = await tables(interaction).game(game_id)
    locale = user_locale(interaction)
    out = hand_panel(record, seat, locale)
    view = with_undo(out.view, game_id, undo_version, locale)
    try:
        await interaction.edit_original_response(
            content=out.content, attachments=await files_of(out), view=view
        )
    except DISCORD_FAILURES:
        log.info("could not refresh a private panel in game %s", game_id)


__all__ = [
    "change_pick",
    "confirm_pick",
    "open_pick",
    "press_move",
    "send_hand",
    "show_hand",
    "show_moves_page",
]
