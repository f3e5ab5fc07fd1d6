"""How long a finished game took, for its final post: its turns (the rules' `turn` label
replayed over the action log from the seed) and the time from its start to its last move."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from db.records import GameRecord
from db.store import Store
from games import rules_of
from service.timing import parse_time


@dataclass(frozen=True)
class GameLength:
    """`turns`: runs of equal consecutive turn labels over the states where someone acts
    (the extra actions of one turn and the decisions of one simultaneous round are one turn);
    `took`: from the first board to the last move."""

    turns: int
    took: timedelta


async def game_length(store: Store, record: GameRecord) -> GameLength:
    """The length of a game that has started (its seed and log replayed once)."""
    game = rules_of(record.game)
    assert record.seed is not None
    log = await store.actions(record.id)
    state = game.new_game(len(record.seats), dict(record.options), record.seed)
    turns, last = 0, None
    for entry in log:
        label = game.turn(state)
        if label != last:
            turns, last = turns + 1, label
        state = game.apply(state, entry.seat, entry.action)
    took = parse_time(log[-1].at) - parse_time(log[0].at) if log else timedelta()
    return GameLength(turns, took)
