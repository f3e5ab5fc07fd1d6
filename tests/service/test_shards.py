"""Two processes' table services over one database file (`service/shards.py`): a process
holding overlapping shards refuses to start and says why; each works on the timers of its own
shards' games, never on another live process's; a game is worked on by one process at a time,
so a reminder or a deadline move happens once; and the games of a process that stopped renewing
its leases are taken over by the other within one lease."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest

from db.store import Store
from games import RULES
from service.shards import ShardSpec, ShardsTaken, Work, gone, machine, shard_of
from service.tables import TableService
from tests.helpers.clock import FakeClock

LEASE = 2.0
SHARD_ONE = 1 << 22  # a server id on shard 1 of 2
ANN, BEN, CAS = 100, 101, 102


@dataclass
class Seconds:
    """The leases' clock (epoch seconds), moved by hand."""

    now: float = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Process:
    store: Store
    tables: TableService
    work: Work


@pytest.fixture
def seconds() -> Seconds:
    return Seconds()


@pytest.fixture
async def two(
    db_path: Path, clock: FakeClock, seconds: Seconds
) -> AsyncIterator[tuple[Process, Process]]:
    """Process A holding shard 0 of 2 and B holding shard 1, over one file."""
    made = []
    for shard, name in ((0, "host:1:a"), (1, "host:1:b")):
        store = await Store.open(str(db_path))
        tables = TableService(store, new_seed=iter(range(700, 800)).__next__, clock=clock)
        work = Work(store, ShardSpec((shard,), 2), lease_seconds=LEASE, owner=name, clock=seconds)
        await work.claim_shards()
        tables.work = work
        made.append(Process(store, tables, work))
    for process in made:
        await process.work.renew()  # each sees the other's shard held
    yield made[0], made[1]
    for process in made:
        await process.store.close()


async def running(tables: TableService, guild_id: int, channel: int, **timing: int) -> int:
    """A running three-member Money match (every seat bids at once) in a server, with timing
    settings."""
    record = await tables.lobby.open(
        guild_id=guild_id,
        channel_id=channel,
        game_id=RULES["money"].info.id,
        host_id=ANN,
        host_name="Ann",
        options={"hands": "1"},
    )
    await tables.lobby.join(record.id, BEN, "Ben")
    await tables.lobby.join(record.id, CAS, "Cas")
    await tables.deadlines.configure(record.id, ANN, manager=False, **timing)
    return (await tables.lobby.start(record.id, ANN)).record.id


async def tick(process: Process):  # type: ignore[no-untyped-def]
    result = await process.tables.deadlines.tick(claim=process.work.claim)
    await process.work.release_games(result.claimed)
    return result


async def test_a_process_given_overlapping_shards_refuses_to_start_and_says_why(
    two: tuple[Process, Process], seconds: Seconds
) -> None:
    a, _ = two
    late = Work(a.store, ShardSpec((1,), 2), lease_seconds=LEASE, owner="host:1:c", clock=seconds)
    with pytest.raises(ShardsTaken) as refused:
        await late.claim_shards()
    assert "shard 1 is held by host:1:b for 2s more" in str(refused.value)
    assert "cannot hold shards 1/2" in str(refused.value)
    other_count = Work(a.store, ShardSpec((5,), 8), owner="host:1:d", clock=seconds)
    with pytest.raises(ShardsTaken, match="another shard count"):
        await other_count.claim_shards()
    seconds.now += LEASE + 0.01  # B stopped renewing: its lease ran out
    await late.claim_shards()


def test_a_lease_of_a_process_gone_from_this_machine_is_known_gone() -> None:
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    host = machine()
    assert gone(f"{host}:{child.stdout.strip()}:x")
    assert not gone(f"{host}:{__import__('os').getpid()}:x")  # this very process
    assert not gone(f"elsewhere:{child.stdout.strip()}:x")  # another machine: its lease decides


async def test_each_process_works_only_on_its_own_shards_games(
    two: tuple[Process, Process], clock: FakeClock
) -> None:
    a, b = two
    game = await running(b.tables, SHARD_ONE, 10, reminder_hours=1)
    assert shard_of(SHARD_ONE, 2) == 1
    clock.advance(hours=1, minutes=1)
    assert (await tick(a)).reminders == []  # B's shard: not A's work
    assert len((await tick(b)).reminders) == 3
    assert await a.store.game_claim(game) is None, "given back after the tick"


async def test_racing_processes_send_each_reminder_and_deadline_move_once(
    two: tuple[Process, Process], clock: FakeClock, seconds: Seconds
) -> None:
    a, b = two
    games = [
        await running(b.tables, SHARD_ONE, 20 + k, reminder_hours=1, deadline_hours=2)
        for k in range(4)
    ]
    seconds.now += LEASE + 0.01  # both leases ran out: each process may take B's shard...
    await a.work.renew()
    assert a.work.may_take(SHARD_ONE)
    clock.advance(hours=1, minutes=1)
    reminders = [r for t in await asyncio.gather(tick(a), tick(b)) for r in t.reminders]
    assert sorted((r.record.id, r.seat) for r in reminders) == [
        (g, s) for g in games for s in (0, 1, 2)
    ]
    clock.advance(hours=1)
    changes = [c for t in await asyncio.gather(tick(a), tick(b)) for c in t.changes]
    # every seat's deadline passed: one change per seat, by one process or the other
    assert sorted(c.record.id for c in changes) == sorted(games * 3)
    for game in games:
        bot_moves = [row for row in await a.store.log(game, "move") if row.user_id is None]
        assert len(bot_moves) == 3, "each seat's turn moved by the deadline once"
        record = await a.store.get_game(game)
        assert record is not None and record.auto_moves == {0: 1, 1: 1, 2: 1}


async def test_a_stopped_processs_games_are_taken_over_within_one_lease(
    two: tuple[Process, Process], clock: FakeClock, seconds: Seconds
) -> None:
    a, b = two
    game = await running(b.tables, SHARD_ONE, 30, reminder_hours=1)
    assert await b.work.claim(game)  # B dies in the middle of its work on the game
    clock.advance(hours=1, minutes=1)
    seconds.now += LEASE / 2
    await a.work.renew()
    assert not a.work.may_take(SHARD_ONE) and (await tick(a)).reminders == []
    seconds.now += LEASE / 2 + 0.01  # one lease after B's last renewal
    await a.work.renew()
    assert a.work.may_take(SHARD_ONE), "B's shard is nobody's now"
    assert len((await tick(a)).reminders) == 3
    assert (await a.store.game_claim(game)) is None


async def test_a_process_delivers_what_it_committed_in_any_shard_unless_another_holds_it(
    two: tuple[Process, Process],
) -> None:
    a, b = two
    game = await running(b.tables, SHARD_ONE, 40)
    assert not a.work.may_take(SHARD_ONE) and not await a.work.claim(game)  # not A's to sweep
    assert await a.work.claim(game, anywhere=True)  # e.g. a move pressed in a DM (shard 0)
    assert not await b.work.claim(game), "one process at a time"
    await a.work.release_game(game)
    assert await b.work.claim(game)
    assert not await a.work.claim(game, anywhere=True)


async def test_processes_back_together_after_an_outage_hold_the_clocks_once(
    two: tuple[Process, Process], clock: FakeClock
) -> None:
    a, b = two
    game = await running(b.tables, SHARD_ONE, 50)
    tolerance = timedelta(minutes=1)
    await a.tables.deadlines.keep_alive(tolerance)
    clock.advance(hours=5)  # every process was down
    await asyncio.gather(
        a.tables.deadlines.keep_alive(tolerance), b.tables.deadlines.keep_alive(tolerance)
    )
    timers = await a.store.turn_timers(game)
    assert timers and {t.held_seconds for t in timers} == {5 * 3600.0}
