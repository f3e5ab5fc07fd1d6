"""A member's running games in every server (`/mygames`): the tables where it is their turn
first (the longest waiting first), then the others, each with since when its waiting seats
have waited."""

from __future__ import annotations

from db.records import TurnTimer
from db.store import Store
from service.overview import TableSummary, summarize


async def my_tables(store: Store, user_id: int) -> list[TableSummary]:
    """The running games where `user_id` holds a seat: their turn first, longest wait first."""
    records = await store.running_games_of(user_id)
    summaries = []
    for record in records:
        timers: list[TurnTimer] = await store.turn_timers(record.id)
        summaries.append(summarize(record, timers))

    def order(summary: TableSummary) -> tuple[int, float, int]:
        record = summary.record
        seat = record.seat_of(user_id)
        if seat is None or seat not in record.waiting:
            return (1, 0.0, record.id)
        since = summary.waiting_since.get(seat)
        return (0, since.timestamp() if since else float("inf"), record.id)

    return sorted(summaries, key=order)
