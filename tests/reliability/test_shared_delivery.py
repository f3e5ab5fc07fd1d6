"""Two processes over one database deliver a game's announcements once (issue 21): each
delivery claims its game in the database first, so two bots asked to deliver the same game at
the same moment post its board once; without the claims both would."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db.store import Store
from fakediscord.inprocess import FakeBot
from interface import delivery
from interface.delivery import deliver
from service.shards import ShardSpec, Work
from service.tables import TableService
from tests.reliability.driving import seated_step

CHANNEL = 7


@pytest.fixture
async def bots(db_path: Path, store: Store) -> AsyncIterator[tuple[FakeBot, FakeBot]]:
    """Two bots, each its own store on the one file, holding shard 0 and shard 1 of 2."""
    second = await Store.open(str(db_path))
    made = []
    for shard, each in enumerate((store, second)):
        tables = TableService(each, new_seed=iter(range(900, 999)).__next__)
        tables.work = Work(each, ShardSpec((shard,), 2), owner=f"test:{shard}:x")
        await tables.work.claim_shards()
        made.append(FakeBot(each, tables))
    yield made[0], made[1]
    for bot in made:
        for task in delivery._retries.get(bot, {}).values():
            task.cancel()
    await second.close()


def boards(*bots: FakeBot) -> list[str]:
    return [
        s.content or "" for b in bots for s in b.sent if s.op == "send" and s.channel_id == CHANNEL
    ]


@pytest.mark.parametrize("claims", [True, False])
async def test_two_processes_delivering_one_game_at_once_post_its_board_once(
    bots: tuple[FakeBot, FakeBot], claims: bool
) -> None:
    first, second = bots
    if not claims:
        first.tables.work = second.tables.work = None
    start = await seated_step(first.tables, "nycards", CHANNEL, [100, 101, 102])
    done = await asyncio.gather(deliver(first, start.record.id), deliver(second, start.record.id))
    if claims:
        assert sorted(done) == [False, True], "one delivered, the other left it"
        assert len(boards(first, second)) == 1
        assert await first.store.game_claim(start.record.id) is None, "given back"
    else:
        assert len(boards(first, second)) == 2, "what the claims prevent"
