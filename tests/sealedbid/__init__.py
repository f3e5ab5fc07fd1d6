"""Sealed Bids: a fifth game that lives only in the tests, registered from them alone.

It proves the shape of a game: its rules (`rules.py`, a `BaseGame`), how it is shown
(`presentation.py`), its texts (`texts/`) and one registry entry (`ENTRY`), with no production
file changed. See docs/adding-a-game.md.
"""

from __future__ import annotations

from pathlib import Path

from games import GameEntry
from tests.sealedbid.presentation import SealedBidsPresentation
from tests.sealedbid.rules import SealedBidsGame

GAME = SealedBidsGame()
ENTRY = GameEntry(GAME, SealedBidsPresentation(), catalog=Path(__file__).with_name("texts"))
"""Register it with `games.registered(ENTRY)`."""
