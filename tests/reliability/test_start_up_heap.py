"""The objects alive once the bot has started leave the garbage collector's full passes
(`interface.heap`): a full pass then walks only what was made since, so it cannot stall the
event loop for the tens of milliseconds that walking every imported module's objects takes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import gc
import bot  # everything the bot imports
from interface.heap import freeze_start_up
freeze_start_up()
from games import all_entries
all_entries()  # loaded already: nothing new
print(gc.get_freeze_count(), len(gc.get_objects()))
"""


def test_start_up_objects_are_frozen_and_full_passes_walk_only_later_ones() -> None:
    # In a process of its own: frozen objects are never freed, so not in the test process.
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    frozen, walked = int(out[0]), int(out[1])
    assert frozen > 40_000, "the games, catalogs and libraries loaded at start-up are frozen"
    assert walked < frozen / 20, "a full pass walks a small fraction of what is alive"
