"""Shard leases and game claims (`db/claims.py`) between two stores on one database, as two
processes have them: a claim is taken by exactly one of two racers, only when free, its owner's,
run out, or held by a process known to be gone; overlapping shards or another shard count are
refused while the holder's lease lives, and taken once it ran out."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db.migrations import migration_files
from db.records import Seat
from db.store import Store, open_store

NOW = 1_800_000_000_000  # epoch ms
LEASE = 2_000


pytestmark = pytest.mark.both_backends


@pytest.fixture
async def other(database_url: str, store: Store) -> AsyncIterator[Store]:
    """A second store on the same database (another process's connections)."""
    opened = await open_store(database_url)
    yield opened
    await opened.close()


async def a_game(store: Store, channel: int = 7) -> int:
    record = await store.create_game(
        guild_id=1, channel_id=channel, game="money", host_id=5, seats=[Seat(5, "Ann")], options={}
    )
    return record.id


async def test_two_stores_racing_for_a_game_exactly_one_claims_it(
    store: Store, other: Store
) -> None:
    games = [await a_game(store, channel) for channel in range(1, 21)]
    for game in games:
        won = await asyncio.gather(
            store.claim_game(game, "a", NOW, NOW + LEASE),
            other.claim_game(game, "b", NOW, NOW + LEASE),
        )
        assert sorted(won) == [False, True], game
        holder = "a" if won[0] else "b"
        assert await store.game_claim(game) == (holder, NOW + LEASE)


async def test_a_claim_is_its_owners_until_it_runs_out_then_anyones(
    store: Store, other: Store
) -> None:
    game = await a_game(store)
    assert await store.claim_game(game, "a", NOW, NOW + LEASE)
    assert await store.claim_game(game, "a", NOW + 10, NOW + 10 + LEASE)  # renewed by its owner
    assert not await other.claim_game(game, "b", NOW + LEASE, NOW + 2 * LEASE)  # still a's
    assert await other.claim_game(game, "b", NOW + 11 + LEASE, NOW + 3 * LEASE)  # ran out
    assert await store.game_claim(game) == ("b", NOW + 3 * LEASE)
    assert not await store.claim_game(game, "a", NOW + LEASE + 20, NOW + 4 * LEASE)


async def test_a_released_claim_is_free_at_once_and_a_dead_owners_is_taken(
    store: Store, other: Store
) -> None:
    game = await a_game(store)
    assert await store.claim_game(game, "a", NOW, NOW + LEASE)
    await store.release_game(game, "b")  # not b's: nothing
    assert not await other.claim_game(game, "b", NOW, NOW + LEASE)
    await store.release_game(game, "a")
    assert await other.claim_game(game, "b", NOW, NOW + LEASE)
    assert not await store.claim_game(game, "a", NOW, NOW + LEASE)
    assert await store.claim_game(game, "a", NOW, NOW + LEASE, dead=("b",))


async def test_overlapping_shards_are_refused_while_the_lease_lives(
    store: Store, other: Store
) -> None:
    assert await store.claim_shards([0, 1], 4, "a", now_ms=NOW, until_ms=NOW + LEASE) == []
    held = await other.claim_shards([1, 2], 4, "b", now_ms=NOW + 1, until_ms=NOW + LEASE)
    assert [(lease.shard_id, lease.owner) for lease in held] == [(1, "a")]
    assert {lease.owner for lease in await store.shard_leases()} == {"a"}, "nothing claimed"
    assert await other.claim_shards([2, 3], 4, "b", now_ms=NOW + 1, until_ms=NOW + LEASE) == []
    leases = {lease.shard_id: lease.owner for lease in await store.shard_leases()}
    assert leases == {0: "a", 1: "a", 2: "b", 3: "b"}


async def test_another_shard_count_is_refused_while_any_lease_of_the_first_lives(
    store: Store, other: Store
) -> None:
    assert await store.claim_shards([0], 4, "a", now_ms=NOW, until_ms=NOW + LEASE) == []
    held = await other.claim_shards([5], 8, "b", now_ms=NOW, until_ms=NOW + LEASE)
    assert [(lease.shard_id, lease.shard_count) for lease in held] == [(0, 4)]


async def test_shards_of_a_lease_that_ran_out_or_a_dead_owner_are_taken(
    store: Store, other: Store
) -> None:
    assert await store.claim_shards([0, 1], 2, "a", now_ms=NOW, until_ms=NOW + LEASE) == []
    assert await other.claim_shards([1], 2, "b", now_ms=NOW + 1, until_ms=NOW + LEASE) != []
    assert (
        await other.claim_shards([1], 2, "b", now_ms=NOW + 1, until_ms=NOW + LEASE, dead=("a",))
        == []
    )
    assert (
        await store.claim_shards([0, 1], 2, "c", now_ms=NOW + LEASE + 1, until_ms=NOW + 9 * LEASE)
        == []
    ), "b's lease ran out"


async def test_renewing_keeps_the_leases_and_claims_and_counts_what_was_kept(
    store: Store, other: Store
) -> None:
    game = await a_game(store)
    assert await store.claim_shards([0, 1], 2, "a", now_ms=NOW, until_ms=NOW + LEASE) == []
    assert await store.claim_game(game, "a", NOW, NOW + LEASE)
    assert await store.renew_leases("a", [0, 1], NOW + 5 * LEASE) == 2
    assert not await other.claim_game(game, "b", NOW + 2 * LEASE, NOW + 3 * LEASE)
    assert await other.claim_shards([1], 2, "b", now_ms=NOW + 2 * LEASE, until_ms=NOW) != []
    # b takes shard 1 after a's lease ran out; a's next renewal keeps only shard 0
    taken = await other.claim_shards([1], 2, "b", now_ms=NOW + 6 * LEASE, until_ms=NOW + 9 * LEASE)
    assert taken == []
    assert await store.renew_leases("a", [0, 1], NOW + 9 * LEASE) == 1


async def test_a_clean_stop_gives_back_every_lease_and_claim(store: Store, other: Store) -> None:
    game = await a_game(store)
    assert await store.claim_shards([0], 1, "a", now_ms=NOW, until_ms=NOW + LEASE) == []
    assert await store.claim_game(game, "a", NOW, NOW + LEASE)
    await store.release_leases("a")
    assert await store.shard_leases() == [] and await store.game_claim(game) is None
    assert await other.claim_shards([0], 1, "b", now_ms=NOW, until_ms=NOW + LEASE) == []


async def test_forgetting_a_server_deletes_its_games_claims(store: Store) -> None:
    game = await a_game(store)
    assert await store.claim_game(game, "a", NOW, NOW + LEASE)
    counts = await store.forget_guild(1)
    assert counts["game_claims"] == 1 and await store.game_claim(game) is None


@pytest.mark.sqlite_only
async def test_processes_opening_a_new_file_together_apply_each_migration_once(
    tmp_path: Path,
) -> None:
    path = str(tmp_path / "new.db")
    opened = await asyncio.gather(*(Store.open(path) for _ in range(4)))
    try:
        versions = [(await s._read("PRAGMA user_version"))[0][0] for s in opened]
        assert versions == [len(migration_files())] * 4
        assert await opened[0].shard_leases() == []
    finally:
        for each in opened:
            await each.close()
