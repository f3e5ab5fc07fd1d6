"""Seeded games played through the real table service for the history tests (issue 19), with
the public view of every state the store saved, by the count of actions applied: what the
channel's public board showed at that moment."""

from __future__ import annotations

import random
from typing import Any

import pytest

from db.records import GameRecord
from db.store import Store
from fakediscord.inprocess import FakeInteraction
from games import rules_of
from rules.base import APPLIED_KEY
from service.tables import TableService
from tests.reliability.driving import member_move, play_until, seated_game

MEMBER = 1_000
OTHER = 1_001


class SavedViews:
    """Wraps a store's `start_game` and `save_move`: the public view of every saved state."""

    def __init__(self, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
        self.views: dict[int, dict[str, Any]] = {}
        self.states: dict[int, dict[str, Any]] = {}
        self.game_ids: dict[int, str] = {}
        for name in ("start_game", "save_move"):
            monkeypatch.setattr(store, name, self.wrap(store, getattr(store, name)))

    def wrap(self, store: Store, save: Any) -> Any:
        async def saving(game_id: int, *args: Any, **kw: Any) -> GameRecord:
            record = await save(game_id, *args, **kw)
            state = kw["state"]
            self.states[state[APPLIED_KEY]] = state
            self.views[state[APPLIED_KEY]] = rules_of(record.game).view(state, None)
            return record

        return saving


async def finished_game(
    tables: TableService, game_id: str, channel: int, *, members: int = 2, seed: int = 3
) -> GameRecord:
    """A game of `members` members (the rest bots) in `channel`, played to its end by random
    member moves."""
    info = rules_of(game_id).info
    users = [MEMBER + k for k in range(members)]
    record = await seated_game(
        tables, game_id, channel, users, bots=max(info.min_players - members, 0)
    )
    return await play_until(tables, record, random.Random(seed), lambda r: False, 5_000)


async def running_game(
    tables: TableService, game_id: str, channel: int, moves: int, *, seed: int = 3
) -> GameRecord:
    """A game of two members (and bots up to the minimum) after `moves` member moves."""
    info = rules_of(game_id).info
    record = await seated_game(
        tables, game_id, channel, [MEMBER, OTHER], bots=max(info.min_players - 2, 0)
    )
    return await play_until(tables, record, random.Random(seed), after(moves))


def after(moves: int) -> Any:
    """A `play_until` condition: true once `moves` member moves were made."""
    done = iter(range(moves + 1))
    return lambda record: next(done) >= moves


def command(bot: Any, user: int, channel: int | None, guild: int | None = 1) -> FakeInteraction:
    """A slash command's interaction of `user` in `channel` (None: a DM)."""
    return FakeInteraction(bot, user, guild_id=guild, channel_id=channel, command=True)


def pressed(bot: Any, user: int, channel: int) -> FakeInteraction:
    """A component press of `user` in `channel`."""
    return FakeInteraction(bot, user, guild_id=1, channel_id=channel)


async def game_with_undos(tables: TableService, game_id: str, undos: int) -> tuple[GameRecord, int]:
    """A running game of two members (bots up to the minimum) where members took back
    `undos` of their moves (each followed by more play); the game and the undos made."""
    info = rules_of(game_id).info
    record = await seated_game(
        tables, game_id, 7, [MEMBER, OTHER], bots=max(info.min_players - 2, 0)
    )
    rng = random.Random(11)
    made = 0
    for _ in range(400):
        if record.status != "running" or (made == undos and rng.random() < 0.2):
            break
        move = member_move(record, rng)
        assert move is not None
        _, user, action, since = move
        change = await tables.play.move(record.id, user, action, since=since)
        record = change.record
        if made < undos and change.undo_version is not None and rng.random() < 0.5:
            record = (await tables.undo.undo(record.id, user, version=change.undo_version)).record
            made += 1
            move = member_move(record, rng)  # the game goes on after each undo
            assert move is not None
            _, user, action, since = move
            record = (await tables.play.move(record.id, user, action, since=since)).record
    return record, made
