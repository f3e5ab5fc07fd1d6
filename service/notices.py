"""How each player wants to hear that it is their turn (a mention, a DM, or both)."""

from __future__ import annotations

from collections.abc import Iterable

from db.store import Store
from service.errors import TableError
from service.timing import DEFAULT_NOTICE, NOTICES


class TurnNotices:
    """Players' notice settings, kept in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def of(self, user_ids: Iterable[int]) -> dict[int, str]:
        """How each user wants to hear it is their turn (the default for those who never said)."""
        ids = list(user_ids)
        chosen = await self.store.turn_notices(ids)
        return {u: chosen.get(u, DEFAULT_NOTICE) for u in ids}

    async def choose(self, user_id: int, notice: str) -> None:
        """Remember a user's choice; TableError `error.bad_notice` for an unknown one."""
        if notice not in NOTICES:
            raise TableError("error.bad_notice")
        await self.store.set_turn_notice(user_id, notice)
