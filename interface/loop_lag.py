"""How late the event loop runs what is due (its lag): a probe that asks to wake every
INTERVAL and writes how late each wake-up came, for the benchmarks (`bench.loopback`).

Started by the bot only when `TAVOLO_LOOP_LAG_FILE` names a file (`Settings.loop_lag_file`):
each line is `monotonic-seconds lag-milliseconds`, written once a second.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

INTERVAL = 0.01  # seconds between wake-ups
FLUSH_EVERY = 100  # samples (about a second)


async def probe(path: str) -> None:
    """Measure the loop's lag until cancelled, appending the samples to `path`."""
    out = Path(path)
    samples: list[str] = []
    try:
        while True:
            due = time.monotonic() + INTERVAL
            await asyncio.sleep(INTERVAL)
            now = time.monotonic()
            samples.append(f"{now:.4f} {max(0.0, now - due) * 1e3:.2f}\n")
            if len(samples) >= FLUSH_EVERY:
                with out.open("a") as file:
                    file.writelines(samples)
                samples.clear()
    finally:
        if samples:
            with out.open("a") as file:
                file.writelines(samples)


def start(path: str | None) -> asyncio.Task[None] | None:
    """Start the probe when `path` is set."""
    if not path:
        return None
    return asyncio.get_running_loop().create_task(probe(path), name="loop-lag")
