"""Discord's 3-second window when the work is slow: a move whose service call takes longer
than Discord waits for a first answer is deferred in time (never "Unknown interaction"), and the
answer follows once the move is committed."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from db.records import GameRecord
from interface import attachments
from interface.deferral import SLOW_SECONDS
from tests.e2e.table import HAND_BUTTON, MoneyTable, button_labels, move_label_prefix, refusal
from tests.e2e.test_money_e2e import member_exchange_turn, people, play_until, table

__all__ = ["table"]  # the fixture

SLOW = 3.3  # seconds the service takes: past Discord's 3 s window for a first answer
DEFERRED_UPDATE = 6  # a component's silent acknowledgement
DEFERRED_MESSAGE = 5  # a slash command's "thinking…"


def slow_service(table: MoneyTable, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every move the table service plays takes SLOW seconds before it starts."""
    play = table.bot.tables.play
    move = play.move

    async def slow_act(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(SLOW)
        return await move(*args, **kwargs)

    monkeypatch.setattr(play, "move", slow_act)


async def a_members_exchange_turn(table: MoneyTable) -> tuple[GameRecord, int, str]:
    """Three members play until one of them alone must act in the exchange: the game then, that
    seat, and the move it will make."""
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    await play_until(table, member_exchange_turn)
    record = await table.record()
    seat = next(iter(record.waiting))
    return record, seat, await table.decide(seat)


async def test_a_slow_button_press_is_deferred_in_time_and_its_move_is_played(
    table: MoneyTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert SLOW_SECONDS < 3 < SLOW
    record, seat, action = await a_members_exchange_turn(table)
    label = next(
        b
        for b in button_labels(table.board())
        if b.startswith(move_label_prefix(action, record.names()))
    )
    slow_service(table, monkeypatch)

    result = await table.user_of(seat).press(table.board(), label)

    assert result.response_type == DEFERRED_UPDATE
    assert result.answered_at is not None
    assert result.answered_at - result.dispatched_at < 3
    assert result.refusals == []
    assert refusal(result) is None
    assert (await table.actions())[-1].action == action
    assert (await table.record()).version == record.version + 1


async def test_a_slow_typed_move_thinks_first_then_says_done(
    table: MoneyTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, seat, action = await a_members_exchange_turn(table)
    slow_service(table, monkeypatch)

    result = await table.user_of(seat).slash(table.chan, "move", action=action)

    assert result.response_type == DEFERRED_MESSAGE
    assert result.answered_at is not None
    assert result.answered_at - result.dispatched_at < 3
    assert result.refusals == []
    assert [m.content for m in result.followups] == ["Done."]
    assert result.followups[0].ephemeral
    assert (await table.actions())[-1].action == action


def slow_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every picture takes SLOW seconds to draw (a machine under load), and none is taken from
    the picture cache (the hand was drawn already for its DM)."""
    draw = attachments.draw_png
    monkeypatch.setattr(attachments, "digest", lambda picture: None)

    def slow_draw(picture: Any) -> bytes:
        time.sleep(SLOW)
        return draw(picture)

    monkeypatch.setattr(attachments, "draw_png", slow_draw)


@pytest.mark.parametrize("how", ["button", "status"])
async def test_a_slow_picture_is_deferred_in_time_and_the_panel_follows(
    table: MoneyTable, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """Issue 16, point 11: "My hand" and `/game status` draw a picture before answering; when
    drawing is slower than Discord's 3 seconds the answer is deferred in time, and the panel
    with its picture follows, for the clicker only."""
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    slow_pictures(monkeypatch)
    if how == "button":
        result = await bob.press(table.board(), HAND_BUTTON, timeout=15)
    else:
        result = await bob.slash(table.chan, "game status", timeout=15)

    assert result.answered_at is not None
    assert result.answered_at - result.dispatched_at < 3, "answered inside the window"
    assert result.refusals == []
    await table.fake.wait_for(lambda: result.followups, timeout=15, what="the panel")
    (panel,) = result.followups
    assert panel.ephemeral and panel.attachments
