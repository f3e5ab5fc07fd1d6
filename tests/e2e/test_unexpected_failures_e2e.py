"""The safety net: an unexpected error while handling a slash command or a persistent button is
answered privately ("nothing was changed") instead of leaving "This interaction failed"."""

from __future__ import annotations

import pytest

from service.games import Games
from tests.e2e.table import MoneyTable
from tests.e2e.test_money_e2e import people, table

__all__ = ["table"]  # the fixture

INTERNAL = "Something went wrong on our side; nothing was changed. Please try again."


def broken(*_args, **_kwargs):
    raise RuntimeError("simulated fault")


async def test_a_slash_command_that_fails_unexpectedly_is_answered_privately(
    table: MoneyTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    (alice, bob, carol) = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    before = await table.record()
    monkeypatch.setattr(Games, "channel_game", broken)
    result = await alice.slash(table.chan, "game status")
    assert result.ephemeral and result.content == INTERNAL
    monkeypatch.undo()
    assert (await table.record()).version == before.version


async def test_a_button_that_fails_unexpectedly_is_answered_privately(
    table: MoneyTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    (alice, bob, carol) = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    before = await table.record()
    monkeypatch.setattr(Games, "game", broken)
    result = await bob.press(table.board(), "My hand / bid")
    assert INTERNAL in [m.content for m in result.messages if m.ephemeral]
    monkeypatch.undo()
    assert (await table.record()).version == before.version
