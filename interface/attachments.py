"""Pictures as PNG attachments, drawn and encoded off the event loop, each drawn once.

A picture still to be drawn is a `functools.partial` of a presentation hook over plain JSON (a
view, names, a locale, events): its `digest` names what it shows. Encoded pictures are kept by
digest (`PictureCache`, bounded), so a picture whose view has not changed is not drawn again,
and the same picture asked for twice at once is drawn once. Picture work is bounded: at most
MAX_QUEUED pictures wait for a picture thread; a caller beyond that waits its turn
(backpressure).
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import os
import weakref
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import discord
from PIL.Image import Image

from interface.picture_workers import PictureWorkers, WorkerDied, draw_png

log = logging.getLogger("tavolo.pictures")

# Pictures are drawn by one thread per core: Pillow releases the GIL while it draws, quantizes
# and compresses, and more threads than cores only fight over it (measured: 6 threads gave ~10%
# fewer pictures per second than 2 on a 2-core machine).
PICTURE_THREADS = ThreadPoolExecutor(
    max_workers=max(2, os.cpu_count() or 2), thread_name_prefix="tavolo-picture"
)


_processes: list[PictureWorkers] = []  # the worker processes, once `use_processes`


def use_processes(count: int) -> None:
    """From now on draw pictures in `count` worker processes (the bot does, `bot.run`): the
    drawing code is mostly Python, and in threads it takes turns with the event loop for the
    interpreter's lock, so the loop stalls and one core does the drawing; in processes it runs
    on every core and the loop stays free. A picture that cannot be named (`digest` None, e.g.
    drawn already) is still drawn by a thread. Tests keep the threads (they patch drawing in
    this process). `count` 0: back to threads. The workers start at once (each loads the
    games and their pictures before its first picture), driven by the event loop itself
    (`interface.picture_workers`)."""
    while _processes:
        _processes.pop().close()
    if count > 0:
        _processes.append(PictureWorkers(count))


MAX_QUEUED = 4 * PICTURE_THREADS._max_workers
"""Pictures waiting for a picture thread, at most: a caller beyond that waits its turn before
its picture is queued (backpressure), so a burst cannot pile up work without bound."""

CACHE_BYTES = 32 * 1024 * 1024  # encoded pictures kept (about a thousand pictures)

_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


def _queue_slots() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    slots = _slots.get(loop)
    if slots is None:
        slots = _slots[loop] = asyncio.Semaphore(MAX_QUEUED)
    return slots


def _plain(value: Any) -> Any:
    raise TypeError  # not plain JSON: the picture has no digest


_digests: weakref.WeakKeyDictionary[partial[Image], str | None] = weakref.WeakKeyDictionary()


def digest(picture: Callable[[], Image]) -> str | None:
    """What a deferred picture shows, as a short hash: the hook drawing it (its presentation
    and method) and its arguments. None when that cannot be named (e.g. an image drawn
    already, or arguments that are not plain JSON): such a picture is never cached. Worked
    out once per picture (a message's digest and its upload both ask)."""
    if not isinstance(picture, partial):
        return None
    if picture in _digests:
        return _digests[picture]
    key = _digests[picture] = _named(picture)
    return key


def _named(picture: partial[Image]) -> str | None:
    func = picture.func
    owner = getattr(func, "__self__", None)
    name = getattr(func, "__qualname__", None)
    if name is None or "<lambda>" in name or "<locals>" in name:
        return None
    where = (type(owner).__module__, type(owner).__qualname__) if owner is not None else ()
    try:
        text = json.dumps(
            [func.__module__, name, where, picture.args, picture.keywords],
            sort_keys=True,
            separators=(",", ":"),
            default=_plain,
        )
    except (TypeError, ValueError):
        return None
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class PictureCache:
    """Encoded pictures by digest, the least recently used forgotten beyond `limit` bytes."""

    def __init__(self, limit: int = CACHE_BYTES) -> None:
        self.limit = limit
        self.size = 0
        self.pictures: OrderedDict[str, bytes] = OrderedDict()
        self.drawing: dict[str, asyncio.Future[bytes]] = {}
        self.drawn = 0  # pictures drawn (misses)
        self.reused = 0  # pictures served from the cache (hits)

    def get(self, key: str) -> bytes | None:
        data = self.pictures.get(key)
        if data is not None:
            self.pictures.move_to_end(key)
        return data

    def put(self, key: str, data: bytes) -> None:
        if key in self.pictures:
            return
        self.pictures[key] = data
        self.size += len(data)
        while self.size > self.limit and self.pictures:
            _, old = self.pictures.popitem(last=False)
            self.size -= len(old)


_caches: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, PictureCache] = (
    weakref.WeakKeyDictionary()
)


def picture_cache() -> PictureCache:
    """The running event loop's picture cache."""
    loop = asyncio.get_running_loop()
    cache = _caches.get(loop)
    if cache is None:
        cache = _caches[loop] = PictureCache()
    return cache


async def _draw(picture: Callable[[], Image], named: bool = False) -> bytes:
    async with _queue_slots():
        loop = asyncio.get_running_loop()
        if named and _processes:  # plain JSON arguments: sent to a worker process
            try:
                return await _processes[0].draw(picture)
            except WorkerDied:  # (a new worker took its place) this picture is drawn here
                pass
        return await loop.run_in_executor(PICTURE_THREADS, draw_png, picture)


async def png_bytes(picture: Callable[[], Image]) -> bytes:
    """A deferred picture as PNG bytes: from the cache when the same picture (same `digest`)
    was drawn before, else drawn and encoded off the event loop (waiting for a
    queue slot), once however many ask for it at the same time."""
    key = digest(picture)
    if key is None:
        return await _draw(picture)
    cache = picture_cache()
    if (data := cache.get(key)) is not None:
        cache.reused += 1
        return data
    if (pending := cache.drawing.get(key)) is not None:
        cache.reused += 1
        try:
            return await asyncio.shield(pending)
        except asyncio.CancelledError:
            if not pending.cancelled():
                raise  # this caller was cancelled
            return await _draw(picture)  # the one drawing it was cancelled
    future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
    cache.drawing[key] = future
    try:
        data = await _draw(picture, named=True)
    except asyncio.CancelledError:
        future.cancel()
        raise
    except Exception as exc:
        future.set_exception(exc)
        future.exception()  # retrieved: nobody else may be waiting
        raise
    finally:
        cache.drawing.pop(key, None)
    cache.drawn += 1
    cache.put(key, data)
    future.set_result(data)
    return data


def draw_soon(picture: Callable[[], Image]) -> asyncio.Task[bytes]:
    """Start drawing a picture into the cache now (`png_bytes`), for a message that will ask
    for it later; a failure here is left to that message (it draws the picture again and
    reports)."""
    task = asyncio.create_task(png_bytes(picture))
    task.add_done_callback(_quiet)
    return task


def _quiet(task: asyncio.Task[bytes]) -> None:
    if not task.cancelled():
        task.exception()  # retrieved: the message that asks for the picture reports


async def png_file(picture: Callable[[], Image], filename: str) -> discord.File:
    """Draw and encode a deferred picture off the event loop, wrapped as an attachment."""
    return discord.File(io.BytesIO(await png_bytes(picture)), filename=filename)
