"""Gateway transport compression: `zlib-stream` and (when a zstd module exists) `zstd-stream`.

zlib-stream: one compressor per connection; every message is flushed with Z_SYNC_FLUSH so it
ends in 00 00 ff ff, which is how discord.py knows a message is complete.
zstd-stream: one zstd stream per connection; every message is a flushed block.
"""

from __future__ import annotations

import zlib
from typing import Protocol


class Compressor(Protocol):
    """Turns one gateway message into the bytes of one websocket frame."""

    def compress(self, data: bytes) -> bytes:
        """The compressed frame for `data`, continuing the connection's stream."""
        ...


class ZlibStream:
    """Shared zlib context, Z_SYNC_FLUSH after each message."""

    def __init__(self) -> None:
        self._context = zlib.compressobj()

    def compress(self, data: bytes) -> bytes:
        """Compress and sync-flush."""
        return self._context.compress(data) + self._context.flush(zlib.Z_SYNC_FLUSH)


class ZstdStream:
    """Shared zstd stream, one flushed block per message (`zstandard` or `compression.zstd`)."""

    def __init__(self) -> None:
        try:
            import zstandard  # type: ignore[import-not-found]
        except ImportError:
            zstandard = None
        if zstandard is not None:
            context = zstandard.ZstdCompressor().compressobj()
            flush = zstandard.COMPRESSOBJ_FLUSH_BLOCK
            self._compress = lambda data: context.compress(data) + context.flush(flush)
            return
        try:
            from compression import zstd  # type: ignore[import-not-found]
        except ImportError as exc:
            raise UnsupportedCompression("zstd-stream needs zstandard or Python 3.14") from exc
        compressor = zstd.ZstdCompressor()
        self._compress = lambda data: compressor.compress(data, compressor.FLUSH_BLOCK)

    def compress(self, data: bytes) -> bytes:
        """Compress and flush a block."""
        return self._compress(data)


class UnsupportedCompression(Exception):
    """The client asked for a compression the fake cannot provide."""


def make_compressor(kind: str | None) -> Compressor | None:
    """A compressor for the `compress` query value (None: plain JSON text frames)."""
    if kind is None:
        return None
    if kind == "zlib-stream":
        return ZlibStream()
    if kind == "zstd-stream":
        return ZstdStream()
    raise UnsupportedCompression(f"unknown compress={kind!r}")
