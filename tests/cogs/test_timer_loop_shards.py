"""The timer loops of two processes over one database (in process, over the real service and
two stores on one file): each looks after its own shard's games only (boards, reminders); when
one stops renewing its leases, the other sends its due reminders, once, within one lease; and a
language a member chose through one process reaches the other at its next check. (The takeover
of an undelivered board: `tests/e2e/test_shards_e2e.py`.)"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cogs.timers import TimerLoop
from db.store import Store
from fakediscord.inprocess import FakeBot
from interface.languages import MemberLanguages
from service.shards import ShardSpec, Work
from service.tables import TableService
from tests.helpers.clock import FakeClock

ANN, BEN, CAS = 100, 101, 102
SHARD_ONE = 1 << 22  # a server on shard 1 of 2
CHANNEL = 7
LEASE = 3.0


@dataclass
class Seconds:
    now: float = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Process:
    bot: FakeBot
    loop: TimerLoop
    work: Work


@pytest.fixture
async def processes(
    db_path: Path, store: Store, clock: FakeClock
) -> AsyncIterator[tuple[Process, Process, Seconds]]:
    seconds = Seconds()
    second = await Store.open(str(db_path))
    made = []
    for shard, each in enumerate((store, second)):
        tables = TableService(each, new_seed=iter(range(5, 99)).__next__, clock=clock)
        work = Work(
            each, ShardSpec((shard,), 2), lease_seconds=LEASE, owner=f"t:{shard}:x", clock=seconds
        )
        await work.claim_shards()
        tables.work = work
        bot = FakeBot(each, tables)
        bot.languages = MemberLanguages()  # type: ignore[attr-defined]
        made.append(Process(bot, TimerLoop(bot), work))  # type: ignore[arg-type]
    for process in made:
        await process.work.renew()
    yield made[0], made[1], seconds
    await second.close()


async def test_each_loop_keeps_to_its_shard_until_the_others_lease_runs_out(
    processes: tuple[Process, Process, Seconds], clock: FakeClock
) -> None:
    a, b, seconds = processes
    tables = b.bot.tables
    record = await tables.lobby.open(
        guild_id=SHARD_ONE, channel_id=CHANNEL, game_id="money", host_id=ANN, host_name="Ann"
    )
    await tables.lobby.join(record.id, BEN, "Ben")
    await tables.lobby.join(record.id, CAS, "Cas")
    await tables.deadlines.configure(record.id, ANN, manager=False, reminder_hours=1)
    await tables.lobby.start(record.id, ANN)  # committed; its board not delivered yet

    await a.loop.run_once()
    assert a.bot.in_channel(CHANNEL) == [], "B's shard: not A's to deliver"
    await b.loop.run_once()
    assert len(b.bot.in_channel(CHANNEL)) == 1, "B delivers its own board"

    clock.advance(hours=1, minutes=1)
    await a.bot.tables.deadlines.beat()  # the loops were up all along
    await a.loop.run_once()
    assert a.bot.in_channel(CHANNEL) == [], "B's reminders: not A's while B lives"

    await b.bot.store.set_user_language(BEN, "it")  # through B, just before it stops
    seconds.now += LEASE + 0.1  # B stopped renewing one lease ago
    await a.work.renew()
    await a.loop.run_once()
    reminders = [s.content or "" for s in a.bot.in_channel(CHANNEL)]
    assert len(reminders) == 3 and all("still your turn" in text for text in reminders)
    assert a.bot.languages.chosen == {BEN: "it"}  # type: ignore[attr-defined]
    await a.loop.run_once()
    assert len(a.bot.in_channel(CHANNEL)) == 3, "each reminder once"
