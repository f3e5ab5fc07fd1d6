"""The SQL of several processes over one database (issue 21): shard leases and game claims.

`Claims` is a part of `db.store.Store` (a mixin over its backend and dialect). Every
statement is portable SQL (SQLite and PostgreSQL); times are epoch milliseconds from Python.
A claim is taken by one conditional statement (an upsert that only overwrites a row that is
free, the claimer's own or run out), so two processes racing for it cannot both win; on
PostgreSQL the shard claim's read-then-write runs under `LOCK TABLE shard_leases`
(`Dialect.lock_shard_leases`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db.backend import Backend
from db.dialect import Dialect


@dataclass(frozen=True)
class Lease:
    """One shard's lease: held by `owner` until `expires_ms` (epoch ms)."""

    shard_id: int
    shard_count: int
    owner: str
    expires_ms: int


def _marks(values: Sequence[Any]) -> str:
    return ", ".join("?" for _ in values) or "NULL"


class Claims:
    """Shard leases and game claims (mixed into `Store`)."""

    _db: Backend
    _sql: Dialect

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError  # the store's

    # ------------------------------------------------------------ shards

    async def shard_leases(self) -> list[Lease]:
        """Every shard lease, live or run out, by shard."""
        rows = await self._read(
            "SELECT shard_id, shard_count, owner, expires_ms FROM shard_leases ORDER BY shard_id"
        )
        return [Lease(*row) for row in rows]

    async def claim_shards(
        self,
        shard_ids: Sequence[int],
        shard_count: int,
        owner: str,
        *,
        now_ms: int,
        until_ms: int,
        dead: Sequence[str] = (),
    ) -> list[Lease]:
        """Claim `shard_ids` of `shard_count` for `owner` until `until_ms`, in one transaction,
        unless a live lease of another owner (not run out at `now_ms`, not one of the `dead`)
        is on one of them or has another shard count: then nothing is written and those leases
        are returned (empty: claimed)."""
        async with self._db.transaction() as tx:
            if self._sql.lock_shard_leases:
                await tx.execute(self._sql.lock_shard_leases)
            alive = f" AND owner NOT IN ({_marks(dead)})" if dead else ""
            rows = await tx.fetch(
                "SELECT shard_id, shard_count, owner, expires_ms FROM shard_leases "
                f"WHERE owner <> ? AND expires_ms >= ?{alive} ORDER BY shard_id",
                (owner, now_ms, *dead),
            )
            wanted = set(shard_ids)
            held = [Lease(*row) for row in rows if row[0] in wanted or row[1] != shard_count]
            if held:
                tx.discard()
            else:
                for shard in shard_ids:
                    await tx.execute(
                        "INSERT INTO shard_leases (shard_id, shard_count, owner, expires_ms) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT (shard_id) DO UPDATE SET "
                        "shard_count = excluded.shard_count, owner = excluded.owner, "
                        "expires_ms = excluded.expires_ms",
                        (shard, shard_count, owner, until_ms),
                    )
        return held

    async def renew_leases(self, owner: str, shard_ids: Sequence[int], until_ms: int) -> int:
        """Renew `owner`'s leases on `shard_ids` and its game claims until `until_ms`; the
        number of shard leases it still held."""
        async with self._db.transaction() as tx:
            kept = await tx.execute(
                "UPDATE shard_leases SET expires_ms = ? "
                f"WHERE owner = ? AND shard_id IN ({_marks(shard_ids)})",
                (until_ms, owner, *shard_ids),
            )
            await tx.execute(
                "UPDATE game_claims SET claimed_until = ? WHERE claimed_by = ?",
                (until_ms, owner),
            )
        return kept

    async def release_leases(self, owner: str) -> None:
        """Give back every shard lease and game claim of `owner` (a clean stop)."""
        async with self._db.transaction() as tx:
            await tx.execute("DELETE FROM shard_leases WHERE owner = ?", (owner,))
            await tx.execute("DELETE FROM game_claims WHERE claimed_by = ?", (owner,))

    # ------------------------------------------------------------ games

    async def claim_game(
        self, game_id: int, owner: str, now_ms: int, until_ms: int, dead: Sequence[str] = ()
    ) -> bool:
        """Claim a game's timers and deliveries for `owner` until `until_ms`: one statement,
        which only takes a claim that is free, `owner`'s own, run out at `now_ms`, or held by
        one of the `dead`. Whether `owner` holds it now."""
        changed = await self._db.execute(
            "INSERT INTO game_claims (game_id, claimed_by, claimed_until) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET claimed_by = excluded.claimed_by, "
            "claimed_until = excluded.claimed_until "
            "WHERE game_claims.claimed_by = excluded.claimed_by "
            f"OR game_claims.claimed_until < ? OR game_claims.claimed_by IN ({_marks(dead)})",
            (game_id, owner, until_ms, now_ms, *dead),
        )
        return changed == 1

    async def release_game(self, game_id: int, owner: str) -> None:
        """`owner` gives back its claim on a game (nothing if it holds none)."""
        await self._db.execute(
            "DELETE FROM game_claims WHERE game_id = ? AND claimed_by = ?", (game_id, owner)
        )

    async def game_claim(self, game_id: int) -> tuple[str, int] | None:
        """(owner, until ms) of a game's claim, or None."""
        rows = await self._read(
            "SELECT claimed_by, claimed_until FROM game_claims WHERE game_id = ?", (game_id,)
        )
        return (rows[0][0], rows[0][1]) if rows else None

    async def claim_owners(self) -> list[str]:
        """Every owner of a game claim."""
        rows = await self._read("SELECT DISTINCT claimed_by FROM game_claims")
        return [row[0] for row in rows]

    async def game_guilds(self, game_ids: Sequence[int]) -> dict[int, int | None]:
        """The server of each of these games (None: none); missing games left out."""
        if not game_ids:
            return {}
        rows = await self._read(
            f"SELECT id, guild_id FROM games WHERE id IN ({_marks(game_ids)})", tuple(game_ids)
        )
        return {row[0]: row[1] for row in rows}
