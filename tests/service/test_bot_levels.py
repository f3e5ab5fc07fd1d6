"""Bot levels at the table: the level chosen when a bot is added is stored with its seat (an
old seat without one reads as `standard`), and bots of every level play a
game to its end through the table service (the strong one in a worker process)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from db.records import Seat
from db.store import Store
from games import rules_of
from rules.search import Budget
from service.bot_pool import BotPool
from service.errors import TableError
from service.tables import TableService
from service.timing import Clock

CHANNEL = 10
HOST = 100


@pytest.fixture
def table_seed() -> int:
    return 3_000


@pytest.fixture
async def quick_tables(store: Store, new_seed: Callable[[], int], table_clock: Clock):
    """A table service whose strong bots search 30 playouts per move."""
    pool = BotPool(workers=1, budget=Budget(iterations=30))
    yield TableService(store, new_seed=new_seed, clock=table_clock, bots=pool)
    pool.close()


def test_a_seat_stores_its_bots_level_and_old_seats_read_as_standard() -> None:
    strong = Seat(None, "Strong bot 1", bot=True, level="strong")
    assert Seat.from_json(strong.to_json()) == strong
    assert Seat.from_json({"user_id": None, "name": "Bot 1", "bot": True}).level == "standard"
    assert Seat.from_json({"user_id": 5, "name": "Ann", "level": "strong"}).level == "standard"
    assert "level" not in Seat(None, "Bot 1", bot=True).to_json()  # as stored before levels
    assert Seat.from_json({"user_id": None, "name": "B", "bot": True, "level": "??"}).level == (
        "standard"
    )


async def test_bots_of_each_level_are_named_after_it_and_an_unknown_level_is_refused(
    quick_tables: TableService,
) -> None:
    tables = quick_tables
    record = await tables.lobby.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_id="money",
        host_id=HOST,
        host_name="Ann",
        options={"hands": "1"},
    )
    for level in ("easy", "standard", "strong"):
        record = await tables.lobby.add_bot(record.id, HOST, level)
    with pytest.raises(TableError):
        await tables.lobby.add_bot(record.id, HOST, "grandmaster")
    assert [(s.name, s.level) for s in record.seats[1:]] == [
        ("Easy bot 1", "easy"),
        ("Bot 2", "standard"),
        ("Strong bot 3", "strong"),
    ]
    record = await tables.lobby.remove_bot(record.id, HOST)
    assert [s.level for s in (await tables.game(record.id)).seats] == [
        "standard",
        "easy",
        "standard",
    ]


async def test_a_member_plays_a_game_to_its_end_against_an_easy_and_a_strong_bot(
    quick_tables: TableService,
) -> None:
    tables = quick_tables
    record = await tables.lobby.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_id="nycards",
        host_id=HOST,
        host_name="Ann",
        options=None,
    )
    for level in ("easy", "strong"):
        record = await tables.lobby.add_bot(record.id, HOST, level)
    record = (await tables.lobby.start(record.id, HOST)).record
    game = rules_of("nycards")
    for k in range(500):
        if record.status != "running":
            break
        assert game.to_act(record.state) == [0]  # the bots moved at once, up to the member
        action = game.bot_action(game.view(record.state, 0), k)
        record = (await tables.play.move(record.id, HOST, action)).record
    assert record.status == "finished"
    assert [s.level for s in record.seats] == ["standard", "easy", "strong"]


class RecordingPool(BotPool):
    """A pool that notes the thinking time each bot move was asked with."""

    def __init__(self) -> None:
        super().__init__(workers=1, budget=Budget(iterations=20))
        self.seconds: list[float | None] = []

    async def action(self, *args: Any, **kwargs: Any) -> str:
        self.seconds.append(kwargs.get("seconds"))
        return await super().action(*args, **kwargs)


async def test_the_games_thinking_time_setting_reaches_the_bots(
    store: Store, new_seed: Callable[[], int], table_clock: Clock
) -> None:
    pool = RecordingPool()
    tables = TableService(store, new_seed=new_seed, clock=table_clock, bots=pool)
    record = await tables.lobby.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_id="money",
        host_id=HOST,
        host_name="Ann",
        options={"hands": "1"},
    )
    await tables.deadlines.configure(record.id, HOST, manager=False, bot_seconds=4.5)
    for _ in range(2):
        record = await tables.lobby.add_bot(record.id, HOST, "strong")
    await tables.lobby.start(record.id, HOST)
    pool.close()
    assert pool.seconds and set(pool.seconds) == {4.5}


def test_a_fixed_iteration_budget_stays_whatever_the_games_thinking_time() -> None:
    assert BotPool(budget=Budget(iterations=20)).budget_for(4.5) == Budget(iterations=20)
    assert BotPool().budget_for(4.5) == Budget(seconds=4.5)
    assert BotPool().budget_for(None) == Budget()
