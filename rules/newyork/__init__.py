"""New York, the tile game (Dirk Henn): the game object registered under the id `newyork`."""

from __future__ import annotations

from rules.newyork.game import NewYorkGame

GAME = NewYorkGame()

__all__ = ["GAME", "NewYorkGame"]
