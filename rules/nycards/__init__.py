"""New York, the card game (Dirk Henn): the game object registered under the id `nycards`."""

from __future__ import annotations

from rules.nycards.game import NyCardsGame

GAME = NyCardsGame()

__all__ = ["GAME", "NyCardsGame"]
