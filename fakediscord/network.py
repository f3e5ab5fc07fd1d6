"""Failures of the network below discord.py, as aiohttp and the OS raise them (not answers of
Discord): for `FakeBot.fail(op, network.server_disconnected)` in the in-process suites."""

from __future__ import annotations

import aiohttp


def server_disconnected() -> BaseException:
    return aiohttp.ServerDisconnectedError()


def connection_reset() -> BaseException:
    return aiohttp.ClientOSError(104, "Connection reset by peer")


def timed_out() -> BaseException:
    return TimeoutError()


def unreachable() -> BaseException:
    return OSError(101, "Network is unreachable")
