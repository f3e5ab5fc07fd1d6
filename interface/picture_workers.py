"""Picture worker processes driven by the event loop itself, without helper threads.

Each worker is a process (spawned, never forked from a running loop) joined to this one by a
pipe. The event loop writes a picture to draw into a worker's pipe (at most `DEPTH` pictures in
a worker at a time, the others wait here in order) and reads the PNG back when the pipe is
readable (`loop.add_reader`). With one picture in a worker, the worker idled from sending a PNG
until the loop came round to read it and send the next; with two, the next is in its pipe.
`concurrent.futures.ProcessPoolExecutor` does the same through two threads of its own (one
pickles and feeds the requests, one collects the results and wakes the loop): measured at
0.36-0.56 ms of this process's CPU a picture against 0.22 ms here, and its threads take turns
with the event loop for the interpreter's lock.

A worker that dies (killed, out of memory) fails the pictures it held with `WorkerDied` (their
callers draw them themselves) and is replaced by a new one.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
from collections import deque
from collections.abc import Callable
from functools import partial
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from games import RULES, all_entries, presentation
from render.png import encode

log = logging.getLogger("tavolo.pictures")
# Pictures sent to a worker before it answers: the one it draws and the next (the same
# measurement: 141-159 actions/s against 129 with one).
DEPTH = 2
# Added to a worker's niceness: when the cores are full, the event loop and SQLite's thread,
# which feed the workers, go first (`bench.action_latency`, idle machine, 2026-11-24: 161-179
# actions/s against 141-159 at 0; Linux's SCHED_BATCH for the workers instead: 151-157).
NICE = 5


def draw_png(picture: Callable[[], Any]) -> bytes:
    """Draw a deferred picture and encode it as PNG (in a worker process or a picture
    thread)."""
    return encode(picture())


class WorkerDied(Exception):
    """The worker process drawing a picture died before it answered."""


def warm() -> None:
    """Draw one table and one hand of each game, thrown away: the first real pictures then
    find the fonts, sprites and palette cached (measured: 8 first pictures 262 ms, the same
    again 104 ms)."""
    all_entries()
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
    for game_id, game in RULES.items():
        try:
            ui = presentation(game_id)
            players = game.info.min_players
            state = game.new_game(players, {}, 1)
            draw_png(partial(ui.table_image, game.view(state, None), names[:players], "en"))
            draw_png(partial(ui.hand_image, game.view(state, 0), names[:players], "en"))
        except Exception:  # a sample that cannot be drawn costs only its warmth
            log.exception("a picture worker could not warm up with %s", game_id)


def _serve(conn: Connection) -> None:
    """A worker's life: load the games and their pictures and warm up (`warm`), then draw each
    picture it is sent (`(number, picture)`, pickled) and send back `(number, png, None)` or
    `(number, None, error)`, until its pipe closes."""
    if NICE and hasattr(os, "nice"):
        os.nice(NICE)
    warm()
    while True:
        try:
            request = conn.recv_bytes()
        except (EOFError, OSError):
            return
        number = None  # a request that cannot be read is answered as the one being drawn
        try:
            number, picture = pickle.loads(request)
            data = pickle.dumps((number, draw_png(picture), None), pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # the caller gets the error (a plain one if it cannot travel)
            try:
                data = pickle.dumps((number, None, exc), pickle.HIGHEST_PROTOCOL)
            except Exception:
                data = pickle.dumps((number, None, RuntimeError(repr(exc))))
        try:
            conn.send_bytes(data)
        except OSError:
            return


def _settle(future: asyncio.Future[bytes], data: bytes | None, error: BaseException | None) -> None:
    """Give a picture's caller its answer (unless it was cancelled, or its loop is gone)."""
    if future.done():
        return
    try:
        if error is not None:
            future.set_exception(error)
        else:
            assert data is not None
            future.set_result(data)
    except RuntimeError:  # its event loop was closed meanwhile: nobody waits for it
        pass


class _Worker:
    """One worker process, its end of the pipe, and the pictures sent to it (the one it draws
    first; it answers in order)."""

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.busy: deque[tuple[int, asyncio.Future[bytes]]] = deque()


class PictureWorkers:
    """`count` worker processes drawing deferred pictures (`draw`) as PNG bytes."""

    def __init__(self, count: int) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._workers = [self._start() for _ in range(count)]
        self._waiting: deque[tuple[int, bytes, asyncio.Future[bytes]]] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._numbers = 0
        self.closed = False

    def _start(self) -> _Worker:
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=_serve, args=(theirs,), daemon=True, name="tavolo-picture"
        )
        process.start()
        theirs.close()
        return _Worker(process, ours)

    @property
    def pids(self) -> list[int | None]:
        """The workers' process ids (a replaced worker has a new one)."""
        return [worker.process.pid for worker in self._workers]

    def _watch(self) -> asyncio.AbstractEventLoop:
        """The running loop, reading every worker's pipe (again, when a new loop runs)."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            old, self._loop = self._loop, loop
            for worker in self._workers:
                if old is not None and not old.is_closed():
                    old.remove_reader(worker.conn.fileno())
                loop.add_reader(worker.conn.fileno(), self._answer, worker)
        return loop

    async def draw(self, picture: Callable[[], Any]) -> bytes:
        """The picture drawn and encoded by a worker (`interface.attachments.draw_png`), in
        the order asked. Raises what drawing raised, or WorkerDied."""
        if self.closed:
            raise WorkerDied("the picture workers were stopped")
        loop = self._watch()
        self._numbers += 1
        number = self._numbers
        future: asyncio.Future[bytes] = loop.create_future()
        data = pickle.dumps((number, picture), pickle.HIGHEST_PROTOCOL)
        self._waiting.append((number, data, future))
        self._dispatch()
        return await future

    def _dispatch(self) -> None:
        """Hand waiting pictures to workers with room (the oldest first, to the least busy)."""
        for depth in range(DEPTH):
            for worker in list(self._workers):
                if len(worker.busy) <= depth and self._waiting and not self._send(worker):
                    self._dispatch()  # the new worker takes the pictures still waiting
                    return

    def _send(self, worker: _Worker) -> bool:
        """Send the oldest waiting picture to `worker`. False: its pipe broke (the picture
        fails, its caller draws it; the worker is replaced)."""
        while self._waiting:
            number, data, future = self._waiting.popleft()
            if future.done():  # its caller was cancelled
                continue
            try:
                worker.conn.send_bytes(data)
            except OSError:  # the worker is gone: this picture is drawn by the caller
                _settle(future, None, WorkerDied())
                self._replace(worker)
                return False
            worker.busy.append((number, future))
            return True
        return True

    def _answer(self, worker: _Worker) -> None:
        """A worker's pipe is readable: its picture, or its end (it died)."""
        try:
            answer = worker.conn.recv_bytes()
        except (EOFError, OSError):
            self._replace(worker)
            self._dispatch()
            return
        try:
            number, data, error = pickle.loads(answer)
        except Exception as exc:  # e.g. an error the worker could send but this process
            # cannot rebuild: the picture fails (its caller draws it), the worker goes on
            number, data, error = None, None, WorkerDied(f"unreadable answer: {exc!r}")
        if worker.busy and number in (None, worker.busy[0][0]):
            _, future = worker.busy.popleft()
            _settle(future, data, error)
        self._dispatch()

    def _replace(self, worker: _Worker) -> None:
        """A dead worker out (its picture fails with WorkerDied), a new one in."""
        log.warning("a picture worker process died; starting a new one")
        self._forget(worker)
        if worker in self._workers:
            index = self._workers.index(worker)
            self._workers[index] = fresh = self._start()
            if self._loop is not None and not self._loop.is_closed():
                self._loop.add_reader(fresh.conn.fileno(), self._answer, fresh)

    def _forget(self, worker: _Worker) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(worker.conn.fileno())
        while worker.busy:
            _settle(worker.busy.popleft()[1], None, WorkerDied())
        worker.conn.close()
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(timeout=1)

    def close(self) -> None:
        """Stop every worker; pictures still waiting fail with WorkerDied."""
        self.closed = True
        for worker in self._workers:
            self._forget(worker)
        while self._waiting:
            _, _, future = self._waiting.popleft()
            _settle(future, None, WorkerDied())
