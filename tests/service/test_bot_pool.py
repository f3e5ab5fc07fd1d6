"""Strong bots think in worker processes (`service.bot_pool`): the move comes back without
blocking the event loop; a search that fails, hangs or kills its worker gives way to the
standard move, and a broken pool is replaced so the next search works again."""

from __future__ import annotations

import asyncio
import os
import time

from games import RULES
from rules.level_play import level_action
from rules.search import Budget
from service.bot_pool import BotPool, think

GAME = RULES["money"]
BUDGET = Budget(iterations=40, seconds=0.5)


def exchange_view() -> dict:
    """A Money seat's view with several moves to choose from (its exchange turn)."""
    state = GAME.new_game(3, {"hands": "1"}, 4)
    for seat in range(3):
        state = GAME.apply(state, seat, GAME.bot_action(GAME.view(state, seat), seat))
    seat = GAME.to_act(state)[0]
    return GAME.view(state, seat)


def failing(game_id: str, level: str, view: dict, seed: int, budget: Budget) -> str:
    raise RuntimeError("the search broke")


def hanging(game_id: str, level: str, view: dict, seed: int, budget: Budget) -> str:
    time.sleep(60)
    return "pass"


def busy(game_id: str, level: str, view: dict, seed: int, budget: Budget) -> str:
    end = time.process_time() + 0.5  # a long search: half a second of CPU
    while time.process_time() < end:
        pass
    return think(game_id, level, view, seed, budget)


def crashing(game_id: str, level: str, view: dict, seed: int, budget: Budget) -> str:
    os._exit(3)


async def test_a_strong_move_is_searched_in_a_worker_and_is_the_searchs_move() -> None:
    pool = BotPool(workers=1, budget=BUDGET)
    view = exchange_view()
    try:
        move = await pool.action("money", "strong", view, 9)
    finally:
        pool.close()
    assert move == level_action(GAME, "strong", view, 9, BUDGET)
    assert move == think("money", "strong", view, 9, BUDGET)


async def test_the_event_loop_keeps_turning_while_a_strong_bot_thinks() -> None:
    pool = BotPool(workers=1, budget=BUDGET, worker=busy)
    view = exchange_view()
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(tick())
    try:
        await pool.action("money", "strong", view, 9)
    finally:
        ticker.cancel()
        pool.close()
    assert ticks >= 15  # 0.5 s of thinking: the loop ran its 10 ms timer all along


async def test_a_failing_search_plays_the_standard_move() -> None:
    pool = BotPool(workers=1, budget=BUDGET, worker=failing)
    view = exchange_view()
    try:
        move = await pool.action("money", "strong", view, 9)
    finally:
        pool.close()
    assert move == GAME.bot_action(view, 9)


async def test_a_search_out_of_time_plays_the_standard_move_and_the_pool_is_replaced(
    monkeypatch,
) -> None:
    monkeypatch.setattr("service.bot_pool.GRACE", 0.3)
    pool = BotPool(workers=1, budget=Budget(seconds=0.1), worker=hanging)
    view = exchange_view()
    try:
        move = await pool.action("money", "strong", view, 9)
        assert move == GAME.bot_action(view, 9)
        assert pool.restarts == 1
        pool.worker = think
        assert await pool.action("money", "strong", view, 9, budget=BUDGET) == think(
            "money", "strong", view, 9, BUDGET
        )
    finally:
        pool.close()


async def test_a_crashed_worker_gives_the_standard_move_and_a_new_pool() -> None:
    pool = BotPool(workers=1, budget=BUDGET, worker=crashing)
    view = exchange_view()
    try:
        assert await pool.action("money", "strong", view, 9) == GAME.bot_action(view, 9)
        assert pool.restarts == 1
        pool.worker = think
        assert await pool.action("money", "strong", view, 9) == think(
            "money", "strong", view, 9, BUDGET
        )
    finally:
        pool.close()


async def test_easy_and_standard_bots_answer_in_place() -> None:
    pool = BotPool(workers=1, worker=crashing)  # never used for them
    view = exchange_view()
    assert await pool.action("money", "standard", view, 2) == GAME.bot_action(view, 2)
    assert await pool.action("money", "easy", view, 2) == level_action(
        GAME, "easy", view, 2, BUDGET
    )
    assert pool.restarts == 0
