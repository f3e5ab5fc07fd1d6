"""True races through Discord: two members allowed to press the same button press it at the
same moment. Each request is held at its write until the other has reached its own, so both
have read the same version of the game; exactly one wins, the other is told why, and the game
is as if only the winner had pressed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.table import MoneyTable, button_labels, move_label_prefix, refusal
from tests.e2e.test_money_e2e import STALE, member_exchange_turn, people, play_until, table

__all__ = ["table"]  # the fixture

FULL = "The game is full (5 players)."


def hold_writes_until_both_arrive(table: MoneyTable, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make the bot's first two game writes wait for each other; returns the versions the
    writes were made at (a true race: the first two are the same)."""
    store = table.bot.store
    write: Callable[..., Any] = store._save  # every game write goes through it
    versions: list[int] = []
    both = asyncio.Event()

    async def held(game_id: int, expected_version: int, *args: Any, **kwargs: Any) -> Any:
        versions.append(expected_version)
        if len(versions) == 2:
            both.set()
        if len(versions) <= 2:
            await asyncio.wait_for(both.wait(), 2)
        return await write(game_id, expected_version, *args, **kwargs)

    monkeypatch.setattr(store, "_save", held)
    return versions


async def test_two_members_pressing_join_for_the_last_seat_only_one_sits(
    table: MoneyTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, carol, dave, erin, finn = people(
        table, "alice", "bob", "carol", "dave", "erin", "finn"
    )
    lobby = await table.open_lobby(alice)
    for user in (bob, carol, dave):
        assert refusal(await user.press(lobby, "Join")) is None
    before = await table.record()
    versions = hold_writes_until_both_arrive(table, monkeypatch)

    results = await asyncio.gather(erin.press(lobby, "Join"), finn.press(lobby, "Join"))

    assert versions == [before.version, before.version]  # both read the lobby with one seat
    reasons = [refusal(r) for r in results]
    assert sorted(r or "" for r in reasons) == ["", FULL]
    winner, loser = (erin, finn) if reasons[0] is None else (finn, erin)
    assert results[[erin, finn].index(loser)].ephemeral
    record = await table.record()
    assert record.version == before.version + 1
    assert [s.user_id for s in record.seats] == [u.id for u in (alice, bob, carol, dave, winner)]
    embeds = str(lobby.embeds)
    assert winner.mention in embeds and loser.mention not in embeds
    monkeypatch.undo()
    assert refusal(await alice.press(lobby, "Start")) is None  # five players: it starts


async def test_the_acting_player_pressing_a_move_twice_at_once_plays_it_once(
    table: MoneyTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    await play_until(table, member_exchange_turn)
    before = await table.record()
    seat = next(iter(before.waiting))
    user = table.user_of(seat)
    assert user is not None
    board = table.board()
    prefix = move_label_prefix(await table.decide(seat), before.names())
    label = next(b for b in button_labels(board) if b.startswith(prefix))
    versions = hold_writes_until_both_arrive(table, monkeypatch)

    results = await asyncio.gather(user.press(board, label), user.press(board, label))

    assert versions == [before.version, before.version]  # both read the same board
    reasons = [refusal(r) for r in results]
    assert sorted(r or "" for r in reasons) == ["", STALE]
    new = [a for a in await table.actions() if a.version > before.version]
    assert [(a.seat, a.user_id) for a in new] == [(seat, user.id)]
    assert (await table.record()).version == before.version + 1
