"""The Undo button on the private answer to a member's move (issue 19), through the handlers
and the in-process loopback Discord: the answer to an undoable `/move` carries it and the
answer to a move that revealed something does not; the button pressed by another member, by
someone not seated, or after another seat acted is refused with its reason and changes
nothing; pressed while another seat moves, exactly one of the two wins.
"""

from __future__ import annotations

import asyncio
import re

import discord

from db.records import GameRecord
from db.store import Store
from fakediscord.inprocess import FakeBot, FakeInteraction
from games import rules_of
from i18n import t
from interface import custom_ids as ids
from interface.components import UndoButton
from interface.play_actions import act
from service.errors import NotSeated
from service.tables import TableService
from tests.reliability.driving import assert_consistent, seated_game
from tests.reliability.history_games import MEMBER, OTHER, command, pressed

CHANNEL = 5
THIRD = 1_002


async def money_bidding(tables: TableService) -> GameRecord:
    """A Money game of two members and a bot, in its first bidding round (the bot has bid)."""
    record = await seated_game(tables, "money", CHANNEL, [MEMBER, OTHER], bots=1)
    assert record.state is not None and record.state["phase"] == "bid"
    assert sorted(rules_of("money").to_act(record.state)) == sorted(
        [record.seat_of(MEMBER), record.seat_of(OTHER)]
    )
    return record


def bid(record: GameRecord, user: int) -> str:
    game, seat = rules_of("money"), record.seat_of(user)
    assert record.state is not None and seat is not None
    return game.bot_action(game.view(record.state, seat), user)


async def press_undo(bot: FakeBot, user: int, game_id: int, version: int) -> FakeInteraction:
    """Press an Undo button as discord.py dispatches it (rebuilt from its id)."""
    interaction = pressed(bot, user, CHANNEL)
    custom_id = ids.undo_id(game_id, version)
    match = re.fullmatch(ids.UNDO, custom_id)
    assert match is not None
    base = discord.ui.Button(custom_id=custom_id, label=t("undo.button"))
    item = await UndoButton.from_custom_id(interaction, base, match)  # type: ignore[arg-type]
    await item.callback(interaction)
    return interaction


def undo_buttons(answer_kwargs: dict) -> list[str]:
    view = answer_kwargs.get("view")
    children = view.children if view is not None else []
    return [c.item.custom_id for c in children if isinstance(c, UndoButton)]


async def test_the_answer_to_an_undoable_move_carries_undo_and_a_revealing_one_does_not(
    tables: TableService, bot: FakeBot
) -> None:
    record = await money_bidding(tables)
    asked = command(bot, MEMBER, CHANNEL)
    change = await act(asked, record, bid(record, MEMBER), None)
    assert change is not None and change.undo_version == change.record.version
    answer = asked.answers[-1]
    assert answer.ephemeral and answer.content == t("move.done")
    assert undo_buttons(answer.kwargs) == [ids.undo_id(record.id, change.undo_version)]
    record = await tables.game(record.id)
    asked = command(bot, OTHER, CHANNEL)  # the round's last bid shows every bid
    change = await act(asked, record, bid(record, OTHER), None)
    assert change is not None and change.undo_version is None
    assert asked.answers[-1].content == t("move.done")
    assert undo_buttons(asked.answers[-1].kwargs) == []


async def test_undo_pressed_by_another_or_after_another_seat_acted_is_refused(
    tables: TableService, bot: FakeBot
) -> None:
    """Three members bid: the first, then one whose bid is pressed Undo on by the first (who
    has a move of their own in the log: still not theirs to take back), by a stranger, and by
    its maker after the third has bid."""
    record = await seated_game(tables, "money", CHANNEL, [OTHER, MEMBER, THIRD])
    await tables.play.move(record.id, OTHER, bid(record, OTHER))
    change = await tables.play.move(record.id, MEMBER, bid(record, MEMBER))
    version = change.undo_version
    assert version is not None
    for user, reason in (
        (OTHER, t("undo.not_yours")),  # a seated member pressing another's button
        (9_999, NotSeated().message("en")),  # someone without a seat
    ):
        asked = await press_undo(bot, user, record.id, version)
        assert asked.refusal == reason, asked.answers
        assert (await tables.game(record.id)).version == version, "nothing changed"
    record = await tables.game(record.id)
    await tables.play.move(record.id, THIRD, bid(record, THIRD))
    moved = (await tables.game(record.id)).version
    asked = await press_undo(bot, MEMBER, record.id, version)
    assert asked.refusal == t("undo.someone_acted"), asked.answers
    assert (await tables.game(record.id)).version == moved, "nothing changed"


async def test_undo_pressed_while_another_seat_moves_exactly_one_wins(
    tables: TableService, bot: FakeBot, store: Store
) -> None:
    record = await money_bidding(tables)
    member, other = record.seat_of(MEMBER), record.seat_of(OTHER)
    change = await tables.play.move(record.id, MEMBER, bid(record, MEMBER))
    assert change.undo_version is not None
    asked, _ = await asyncio.gather(
        press_undo(bot, MEMBER, record.id, change.undo_version),
        tables.play.move(record.id, OTHER, bid(record, OTHER)),
    )
    log = await store.log(record.id)
    moves = [e.seat for e in await store.actions(record.id)]
    if asked.refusals:  # the other bid first: the undo is refused, both bids stand
        assert asked.refusal == t("undo.someone_acted")
        assert "undo" not in [e.kind for e in log]
        assert moves[-2:] == [member, other]
    else:  # the undo first: the other bid is checked again and saved after it
        assert [e.kind for e in log].count("undo") == 1
        assert member not in moves and moves[-1] == other
    await assert_consistent(store, record.id)
