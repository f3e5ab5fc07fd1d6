"""Start-up objects kept out of the garbage collector's full passes.

A full collection (generation 2) walks every tracked object, among them the tens of thousands
that importing discord.py, Pillow, Babel, the games, their presentations and catalogs made at
start-up (about 61,500; one full pass over them took 31 ms of the event loop on the 2-core
machine at load 11): each such pass stalls every game at once. `freeze_start_up()` loads the
games and catalogs, collects once, then moves every object alive to the permanent generation
(`gc.freeze`): later full passes walk only what was made since (measured with
`bench.action_latency`'s games: the longest collection 170-180 ms → 20 ms wall at load 13).
Called once by the bot when it has started (`bot.run`), and by the benchmarks that measure as
production runs. Objects frozen are never freed, so it is called once, not per test bot."""

from __future__ import annotations

import gc

from games import all_entries
from i18n import LOCALES_DIR, catalog


def freeze_start_up() -> None:
    """Load what every delivery uses, collect, and freeze every object alive (once)."""
    all_entries()
    for path in LOCALES_DIR.glob("*.json"):
        catalog(path.stem)
    gc.collect()
    gc.freeze()
