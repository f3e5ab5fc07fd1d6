"""Money (Reiner Knizia): the game object registered under the id `money`."""

from __future__ import annotations

from rules.money.game import MoneyGame

GAME = MoneyGame()

__all__ = ["GAME", "MoneyGame"]
