"""No work twice (issue 18): a picture whose view has not changed is neither drawn nor sent
again; a hand DM that would show the same again is left alone."""

from __future__ import annotations

import asyncio
import io
import os
from functools import partial
from typing import Any

import pytest
from PIL import Image

from db.store import Store
from fakediscord.inprocess import FakeBot
from interface import attachments, delivery, hand_dms
from interface.attachments import digest, picture_cache, png_bytes
from interface.delivery import deliver_change
from interface.hand_dms import dm_hand, draw_ahead
from interface.picture_workers import NICE, PictureWorkers, WorkerDied
from service.tables import TableService
from tests.reliability.driving import seated_step


def square(colour: list[int], size: int) -> Image.Image:
    return Image.new("RGB", (size, size), tuple(colour))


async def test_the_same_picture_is_drawn_once_even_when_asked_for_at_once() -> None:
    cache = picture_cache()
    drawn = cache.drawn
    pictures = [partial(square, [1, 2, 3], 40) for _ in range(3)]
    first, second, third = await asyncio.gather(*(png_bytes(p) for p in pictures))
    assert first == second == third
    assert cache.drawn == drawn + 1
    await png_bytes(partial(square, [1, 2, 3], 40))
    assert cache.drawn == drawn + 1
    await png_bytes(partial(square, [1, 2, 4], 40))
    assert cache.drawn == drawn + 2, "another view is another picture"


def test_a_picture_is_named_by_its_hook_and_its_arguments() -> None:
    assert digest(partial(square, [1, 2, 3], 40)) == digest(partial(square, [1, 2, 3], 40))
    assert digest(partial(square, [1, 2, 3], 40)) != digest(partial(square, [1, 2, 3], 41))
    assert digest(partial(square, (1, 2, 3), object())) is None, "not plain JSON: never cached"
    assert digest(lambda: square([1, 2, 3], 40)) is None


def test_the_cache_forgets_the_least_recently_used_beyond_its_size() -> None:
    cache = attachments.PictureCache(limit=10)
    cache.put("a", b"12345")
    cache.put("b", b"12345")
    assert cache.get("a") is not None  # a is used: b is the oldest
    cache.put("c", b"12345")
    assert cache.get("b") is None and cache.get("a") and cache.get("c")


async def test_a_hand_dm_showing_the_same_is_not_sent_again(
    tables: TableService, store: Store, bot: FakeBot
) -> None:
    """After the start's DMs, asking again for a seat's unchanged hand DM makes no call; a DM
    whose text changes but whose picture does not is edited without a new picture."""
    start = await seated_step(tables, "nycards", 1, [100, 101, 102])
    await deliver_change(bot, start)
    record = await tables.game(start.record.id)
    calls = bot.calls
    assert await dm_hand(bot, record, 0, "en", fresh=False)
    assert bot.calls == calls, "the DM shows this hand already"

    assert await dm_hand(bot, record, 0, "en", fresh=False, note="A note.")
    (edit,) = [s for s in bot.sent[-1:] if s.op == "edit"]
    assert edit.content is not None and edit.content.startswith("A note.")
    assert "attachments" not in edit.kwargs, "the same picture is not uploaded again"
    assert edit.message.attachments, "the DM keeps its picture"


async def test_a_hand_dm_whose_picture_is_unchanged_is_edited_without_drawing_it(
    tables: TableService, store: Store, bot: FakeBot
) -> None:
    """A hand DM whose text changes but whose picture shows the same view is edited without
    drawing the picture again, even once the picture left the cache of encoded pictures."""
    start = await seated_step(tables, "nycards", 1, [100, 101, 102])
    await deliver_change(bot, start)
    record = await tables.game(start.record.id)
    cache = picture_cache()
    cache.pictures.clear()
    drawn = cache.drawn
    assert await dm_hand(bot, record, 0, "en", fresh=False, note="A note.")
    (edit,) = [s for s in bot.sent[-1:] if s.op == "edit"]
    assert edit.content is not None and edit.content.startswith("A note.")
    assert "attachments" not in edit.kwargs and edit.message.attachments
    assert cache.drawn == drawn, "the picture the DM shows was not drawn again"


async def test_pictures_drawn_in_worker_processes_are_the_same() -> None:
    """The bot draws in worker processes (`use_processes`): every game's table and hand come
    out byte for byte as drawn here."""
    from games import RULES, presentation

    names = ["Ann", "Bo", "Cy"]
    pictures = []
    for game_id, game in RULES.items():
        ui = presentation(game_id)
        state = game.new_game(game.info.min_players + 1, {}, 7)
        pictures += [
            partial(ui.table_image, game.view(state, None), names, "en"),
            partial(ui.hand_image, game.view(state, 0), names, "en"),
        ]
    here = [attachments.draw_png(p) for p in pictures]
    attachments.use_processes(1)
    try:
        cache = picture_cache()
        cache.pictures.clear()
        there = [await png_bytes(p) for p in pictures]
    finally:
        attachments.use_processes(0)
    assert there == here


async def test_a_dead_picture_worker_is_replaced_and_the_picture_still_drawn() -> None:
    """A worker process that dies (killed, out of memory) is replaced by a new one: the
    picture it was asked for is drawn here instead, and the next ones by the new worker."""
    attachments.use_processes(1)
    try:
        workers = attachments._processes[0]
        await png_bytes(partial(square, [9, 9, 9], 20))  # the worker is up
        (first,) = workers.pids
        for worker in workers._workers:
            worker.process.kill()
            worker.process.join()
        data = await png_bytes(partial(square, [9, 9, 8], 20))
        assert data.startswith(b"\x89PNG")
        (second,) = workers.pids
        assert second != first, "a new worker took the dead one's place"
        drawn = picture_cache().drawn
        assert (await png_bytes(partial(square, [9, 9, 7], 20))).startswith(b"\x89PNG")
        assert picture_cache().drawn == drawn + 1
    finally:
        attachments.use_processes(0)


async def test_a_picture_that_fails_in_a_worker_raises_its_error_here() -> None:
    """Drawing that fails in a worker raises the same error to the caller, and the worker
    goes on drawing the next pictures."""
    attachments.use_processes(1)
    try:
        with pytest.raises(ValueError):
            await png_bytes(partial(square, [9, 9, 6], -5))
        assert (await png_bytes(partial(square, [9, 9, 5], 20))).startswith(b"\x89PNG")
    finally:
        attachments.use_processes(0)


class TwoPartError(Exception):
    """An error that pickles but cannot be rebuilt from its pickle (its one message is not
    the two parts its constructor asks for)."""

    def __init__(self, part: str, other: str) -> None:
        super().__init__(f"{part} {other}")


def unreadable_failure(size: int) -> Image.Image:
    raise TwoPartError("no", f"picture {size}")


async def test_a_worker_error_this_process_cannot_read_fails_only_that_picture() -> None:
    """A worker's answer this process cannot read (an error it cannot rebuild) neither hangs
    its caller nor loses the worker: the picture is drawn here, raising its real error, and
    the worker draws the next one."""
    attachments.use_processes(1)
    try:
        with pytest.raises(TwoPartError):
            await asyncio.wait_for(png_bytes(partial(unreadable_failure, 3)), 60)
        next_one = png_bytes(partial(square, [9, 9, 4], 20))
        assert (await asyncio.wait_for(next_one, 60)).startswith(b"\x89PNG")
    finally:
        attachments.use_processes(0)


async def test_pictures_waiting_for_a_worker_whose_pipe_broke_go_to_its_replacement() -> None:
    """The pictures a worker held when its pipe broke fail (their callers draw them): the one
    whose sending broke it and the one it was drawing (`DEPTH` 2). The pictures waiting behind
    them are drawn by the new worker, none is left waiting."""
    workers = PictureWorkers(1)
    try:
        await asyncio.wait_for(workers.draw(partial(square, [1, 1, 1], 4)), 60)  # up
        worker = workers._workers[0]
        send, sends = worker.conn.send_bytes, []

        def once_then_broken(data: bytes) -> None:
            sends.append(data)
            if len(sends) > 1:
                raise BrokenPipeError
            send(data)

        worker.conn.send_bytes = once_then_broken  # type: ignore[method-assign]
        asked = (workers.draw(partial(square, [2, 2, k], 4)) for k in range(3))
        first, second, third = await asyncio.wait_for(
            asyncio.gather(*asked, return_exceptions=True), 60
        )
        assert isinstance(first, WorkerDied) and isinstance(second, WorkerDied)
        assert isinstance(third, bytes)
    finally:
        workers.close()


async def test_hand_pictures_are_drawn_ahead_while_the_board_is_shown_and_sent_from_there(
    tables: TableService, store: Store, bot: FakeBot
) -> None:
    """`draw_ahead` starts drawing the due hands' pictures (none for a bot's seat, nor for a
    picture the DM already shows); the DM then finds its picture drawn: each hand picture is
    drawn once."""
    start = await seated_step(tables, "nycards", 1, [100, 101], bots=1)
    record = await tables.game(start.record.id)
    cache = picture_cache()
    cache.pictures.clear()
    drawn = cache.drawn
    ahead = draw_ahead(bot, record, range(len(record.seats)))
    people = [s for s, seat in enumerate(record.seats) if not seat.bot]
    assert len(ahead) == len(people) == 2, "a bot's seat has no picture to draw"
    await asyncio.gather(*ahead)
    assert cache.drawn == drawn + 2
    for seat in people:
        assert await dm_hand(bot, record, seat, "en")
    assert cache.drawn == drawn + 2, "the DMs used the pictures drawn ahead"
    assert draw_ahead(bot, record, people) == [], "the DMs show these pictures already"


async def test_a_delivery_draws_the_hands_its_steps_changed_ahead_and_builds_each_once(
    tables: TableService, store: Store, bot: FakeBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start of a game changes every member's hand: its delivery starts drawing them
    before the board is shown (`draw_ahead`), and each DM sends the panel built there."""
    start = await seated_step(tables, "nycards", 1, [100, 101, 102])
    asked: list[list[int]] = []
    built = []
    original_ahead, original_panel = delivery.draw_ahead, hand_dms.hand_panel

    def ahead(*args: Any) -> list[asyncio.Task[Any]]:
        asked.append(list(args[2]))
        return original_ahead(*args)

    def panel(*args: Any) -> Any:
        built.append(args[1])
        return original_panel(*args)

    asked_for: list[str] = []
    original_png = attachments.png_bytes

    async def png(picture: Any) -> bytes:
        asked_for.append(picture.func.__name__)
        return await original_png(picture)

    monkeypatch.setattr(delivery, "draw_ahead", ahead)
    monkeypatch.setattr(hand_dms, "hand_panel", panel)
    monkeypatch.setattr(attachments, "png_bytes", png)
    await deliver_change(bot, start)
    assert asked == [[0, 1, 2]]
    assert sorted(built) == [0, 1, 2], "each hand panel built once"
    assert asked_for[0] == "table_image", "the board's picture is asked for before the hands'"
    assert asked_for.count("hand_image") == 3
    assert not await store.panels_due(start.record.id)


async def test_a_worker_holds_the_next_picture_while_it_draws_one() -> None:
    """A worker is sent the next picture before it answers (`DEPTH`), so it does not idle
    while the event loop comes round to its answer; the rest wait here, and all come back
    in the order asked."""
    workers = PictureWorkers(1)
    try:
        await asyncio.wait_for(workers.draw(partial(square, [1, 1, 2], 4)), 60)  # up
        asked = [
            asyncio.ensure_future(workers.draw(partial(square, [3, 3, k], 4 + k))) for k in range(3)
        ]
        await asyncio.sleep(0)
        assert len(workers._workers[0].busy) == 2 and len(workers._waiting) == 1
        drawn = await asyncio.wait_for(asyncio.gather(*asked), 60)
        assert [Image.open(io.BytesIO(png)).size for png in drawn] == [(4, 4), (5, 5), (6, 6)]
    finally:
        workers.close()


async def test_picture_workers_give_way_to_the_event_loop_that_feeds_them() -> None:
    """A worker runs `NICE` steps nicer than the bot: when the cores are full, the event loop
    (and SQLite's thread) are scheduled first and keep the workers fed."""
    workers = PictureWorkers(1)
    try:
        await asyncio.wait_for(workers.draw(partial(square, [1, 2, 3], 4)), 60)
        (pid,) = workers.pids
        assert pid is not None
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, ours + NICE), "19 is the most"
    finally:
        workers.close()
