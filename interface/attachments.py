"""Pictures as PNG attachments, drawn and encoded off the event loop."""

from __future__ import annotations

import asyncio
import io
import os
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import discord
from PIL.Image import Image

from render.png import encode

# Pictures are drawn by one thread per core: Pillow releases the GIL while it draws, quantizes
# and compresses, and more threads than cores only fight over it (measured: 6 threads gave ~10%
# fewer pictures per second than 2 on a 2-core machine).
PICTURE_THREADS = ThreadPoolExecutor(
    max_workers=max(2, os.cpu_count() or 2), thread_name_prefix="tavolo-picture"
)


MAX_QUEUED = 4 * PICTURE_THREADS._max_workers
"""Pictures waiting for a picture thread, at most: a caller beyond that waits its turn before
its picture is queued (backpressure), so a burst cannot pile up work without bound."""

_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


def _queue_slots() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    slots = _slots.get(loop)
    if slots is None:
        slots = _slots[loop] = asyncio.Semaphore(MAX_QUEUED)
    return slots


def draw_png(picture: Callable[[], Image]) -> bytes:
    """Draw a deferred picture and encode it as PNG (runs in a picture thread)."""
    return encode(picture())


async def png_bytes(picture: Callable[[], Image]) -> bytes:
    """Draw and encode a deferred picture off the event loop (waiting for a queue slot)."""
    async with _queue_slots():
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(PICTURE_THREADS, draw_png, picture)


async def png_file(picture: Callable[[], Image], filename: str) -> discord.File:
    """Draw and encode a deferred picture off the event loop, wrapped as an attachment."""
    return discord.File(io.BytesIO(await png_bytes(picture)), filename=filename)
