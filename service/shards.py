"""Several bot processes over one database: which Discord shards this process holds, and the
leases that keep two processes from doing the same work (no Discord here).

A process started with `TAVOLO_SHARDS` (`ShardSpec`) claims its shards in the database
(`shard_leases`) before it connects, and refuses to start when a live process holds one of them
or runs another shard count (`ShardsTaken`, saying which and until when). Its heartbeat
(`Work.run`) renews its leases every third of a lease.

Timers and deliveries are claimed per game (`game_claims`, one atomic statement), so one process
at a time works on a game: never the same reminder or deadline move twice. Who looks for work:
each process delivers what it just committed itself (any game: an interaction in a DM, which
Discord sends to shard 0, may move a game of another shard), and its timer checks sweep the
games of its own shards and of shards no live process holds (`may_take`). A process that dies
stops renewing: its shards and games are free one lease after its last renewal, seen at the
others' next heartbeat, and taken at their next timer check, so within
`lease * 4/3 + TAVOLO_TIMER_SECONDS` (57 s with the defaults, 20 s and 30 s). A lease whose
owner ran on this machine and is gone (its process id no longer exists) is free at once: a
process restarted after a crash holds its shards again without waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import secrets
import socket
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from db.claims import Lease
from db.store import Store

log = logging.getLogger("tavolo.shards")

DEFAULT_LEASE_SECONDS = 20.0
UNKNOWN = -1  # a game's server not looked up yet (server ids are positive)
_SPEC = re.compile(r"^\s*([0-9,\s-]+)\s*/\s*([0-9]+)\s*$")


class BadShards(ValueError):
    """A `TAVOLO_SHARDS` text that does not name shards of a count."""


class ShardsTaken(Exception):
    """Another live process holds some of this process's shards; the message says which."""


@dataclass(frozen=True)
class ShardSpec:
    """The shards `ids` (sorted) of `count` that this process holds."""

    ids: tuple[int, ...]
    count: int

    @classmethod
    def parse(cls, text: str) -> ShardSpec:
        """`0-3/8` (shards 0 to 3 of 8), `2/8`, `0,2/4`, `0-1,5/8`; BadShards otherwise."""
        match = _SPEC.match(text)
        if match is None:
            raise BadShards(f"{text!r} is not IDS/COUNT")
        count = int(match.group(2))
        if not 1 <= count <= 4096:
            raise BadShards(f"the shard count must be 1 to 4096, not {count}")
        ids: set[int] = set()
        for part in match.group(1).split(","):
            bounds = [b.strip() for b in part.split("-")]
            if len(bounds) > 2 or not all(b.isdigit() for b in bounds):
                raise BadShards(f"{part.strip()!r} is not a shard or a range of shards")
            low, high = int(bounds[0]), int(bounds[-1])
            if low > high:
                raise BadShards(f"the range {part.strip()} runs backwards")
            ids.update(range(low, high + 1))
        if max(ids) >= count:
            last = count - 1
            raise BadShards(f"shard {max(ids)} does not exist: shards of {count} are 0 to {last}")
        return cls(tuple(sorted(ids)), count)

    def text(self) -> str:
        """The spec as `TAVOLO_SHARDS` writes it, ranges folded (`0-3/8`)."""
        parts: list[str] = []
        for shard in self.ids:
            if parts and parts[-1].split("-")[-1] == str(shard - 1):
                parts[-1] = f"{parts[-1].split('-')[0]}-{shard}"
            else:
                parts.append(str(shard))
        return f"{','.join(parts)}/{self.count}"

    def holds(self, guild_id: int | None) -> bool:
        """Whether this process's shards carry the server's events."""
        return shard_of(guild_id, self.count) in self.ids


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard that carries a server's events (Discord's rule); DMs and games without a
    server: shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def machine() -> str:
    """This machine as lease owners name it: its host name and, where the system tells it, its
    process-id namespace (two containers sharing a host name do not share process ids)."""
    try:
        namespace = os.readlink("/proc/self/ns/pid").removeprefix("pid:")
    except OSError:
        namespace = "?"
    return f"{socket.gethostname()}{namespace}"


def owner_name() -> str:
    """This process's name in the leases: machine, process id and a random part (unique)."""
    return f"{machine()}:{os.getpid()}:{secrets.token_hex(4)}"


def gone(owner: str, here: str | None = None) -> bool:
    """Whether a lease's owner ran on this machine (`machine()`, in the same process-id
    namespace) and its process no longer exists. Elsewhere, only its lease's end tells."""
    name, _, rest = owner.partition(":")
    pid = rest.partition(":")[0]
    here = here or machine()
    if name != here or here.endswith("?") or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        return False
    return False


def _ms(seconds: float) -> int:
    return int(seconds * 1000)


class Work:
    """This process's leases over the store: its shards (`claim_shards`, renewed by `run`,
    given back by `release`) and the games it works on (`claim`, `release_game`). `clock`
    gives epoch seconds (tests pass their own)."""

    def __init__(
        self,
        store: Store,
        spec: ShardSpec,
        *,
        lease_seconds: float = DEFAULT_LEASE_SECONDS,
        owner: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.spec = spec
        self.lease_seconds = lease_seconds
        self.owner = owner or owner_name()
        self.clock = clock
        self.orphaned: frozenset[int] = frozenset()  # shards no live process holds
        self.dead: tuple[str, ...] = ()  # owners on this machine whose process is gone
        self._held: Counter[int] = Counter()  # games claimed, by claims under way

    def _until(self) -> int:
        return _ms(self.clock() + self.lease_seconds)

    # ------------------------------------------------------------ shards

    async def claim_shards(self) -> None:
        """Claim this process's shards (one transaction); ShardsTaken, nothing claimed, when a
        live process holds one of them or runs another shard count."""
        await self._look()
        refusal = await self.store.claim_shards(
            self.spec.ids,
            self.spec.count,
            self.owner,
            now_ms=_ms(self.clock()),
            until_ms=self._until(),
            dead=self.dead,
        )
        if refusal:
            raise ShardsTaken(self._refusal(refusal))
        log.info("holding shards %s (lease %gs)", self.spec.text(), self.lease_seconds)

    def _refusal(self, holders: list[Lease]) -> str:
        now = self.clock()
        lines = []
        for lease in holders:
            left = max(0.0, lease.expires_ms / 1000 - now)
            if lease.shard_count != self.spec.count:
                what = f"shard {lease.shard_id} of {lease.shard_count} (another shard count)"
            else:
                what = f"shard {lease.shard_id}"
            lines.append(f"{what} is held by {lease.owner} for {left:.0f}s more")
        return (
            f"cannot hold shards {self.spec.text()}: " + "; ".join(lines) + ". Give each process "
            "its own shards of one count, or wait for a stopped process's lease to run out."
        )

    async def renew(self) -> None:
        """The heartbeat: renew this process's shard leases and game claims, and look again at
        which shards nobody holds. A shard lease lost (this process stalled past its lease and
        another took the shard) is logged and claimed again when free."""
        kept = await self.store.renew_leases(self.owner, self.spec.ids, self._until())
        if kept < len(self.spec.ids):
            log.error("lost a shard lease (stalled past %gs); claiming again", self.lease_seconds)
            with contextlib.suppress(ShardsTaken):
                await self.claim_shards()
        await self._look()

    async def _look(self) -> None:
        leases = await self.store.shard_leases()
        now = _ms(self.clock())
        owners = {lease.owner for lease in leases} | set(await self.store.claim_owners())
        self.dead = tuple(sorted(o for o in owners if o != self.owner and gone(o)))
        live = {
            lease.shard_id
            for lease in leases
            if lease.expires_ms >= now
            and lease.owner not in self.dead
            and lease.shard_count == self.spec.count
        }
        self.orphaned = frozenset(set(range(self.spec.count)) - live - set(self.spec.ids))

    async def run(self) -> None:
        """Renew every third of a lease until cancelled."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self.renew()
            except Exception:
                log.exception("renewing the shard leases failed")

    async def release(self) -> None:
        """Give back this process's shards and games (a clean stop hands them over at once)."""
        await self.store.release_leases(self.owner)
        self._held.clear()

    # ------------------------------------------------------------ games

    def may_take(self, guild_id: int | None) -> bool:
        """Whether this process works on a server's games: its own shards', and those of
        shards nobody holds."""
        shard = shard_of(guild_id, self.spec.count)
        return shard in self.spec.ids or shard in self.orphaned

    async def claim(
        self, game_id: int, guild_id: int | None = UNKNOWN, *, anywhere: bool = False
    ) -> bool:
        """Claim a game's timers and deliveries for one lease, if this process may take the
        game (`may_take`; `anywhere`: any game, e.g. to deliver what it just committed itself)
        and no other process holds it (one atomic statement). Each claim is given back with
        `release_game`; claims of one game inside this process nest."""
        if not anywhere:
            if guild_id == UNKNOWN:
                guilds = await self.store.game_guilds([game_id])
                if game_id not in guilds:
                    return False
                guild_id = guilds[game_id]
            if not self.may_take(guild_id):
                return False
        now = _ms(self.clock())
        if not await self.store.claim_game(game_id, self.owner, now, self._until(), self.dead):
            return False
        self._held[game_id] += 1
        return True

    async def claim_of(self, game_ids: Iterable[int]) -> list[int]:
        """Claim each of these games that can be (`claim`); those claimed."""
        ids = list(game_ids)
        guilds = await self.store.game_guilds(ids)
        return [g for g in ids if g in guilds and await self.claim(g, guilds[g])]

    async def release_game(self, game_id: int) -> None:
        """One claim of a game given back; the last one frees it for other processes."""
        if self._held[game_id] <= 0:
            return
        self._held[game_id] -= 1
        if self._held[game_id] == 0:
            del self._held[game_id]
            try:
                await self.store.release_game(game_id, self.owner)
            except Exception:  # e.g. a full disk: the claim runs out by itself
                log.exception("could not give back the claim on game %s", game_id)

    async def release_games(self, game_ids: Iterable[int]) -> None:
        for game_id in game_ids:
            await self.release_game(game_id)
