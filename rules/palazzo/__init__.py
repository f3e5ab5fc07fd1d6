"""Palazzo (Reiner Knizia): the game object registered under the id `palazzo`.

PROPOSED rulings made here, beyond those of palazzo.md (stack make-up, random first player,
buying only when one tile is affordable, the full circle of the master builder, the opener
winning for free):
- the last player to take money gets the one card left without being asked;
- a knight drawn first leaves the warehouse without a tile; the next tile still goes to a
  quarry; a knight drawn second simply leaves the quarries without one;
- a tile's price never drops below 0 (10 or more tiles on the warehouse);
- a payment is judged by its best reading (three certificates count 15, not 6); the groups of a
  bid must be added in one raise (the seed: two certificates never join an earlier one);
- the winner of an auction, and the buyer of two tiles, build them one at a time in any order,
  each on top of a palazzo, as a new one, or discarded; a distribution is taken and built in
  one action (`new`/`build`/`discard` naming the chosen tile);
- a rebuild is paid first (`rebuild <card>`), then chosen (`out`, `insert`, `remove`); it is
  offered only to a player with a card and a palazzo.
"""

from __future__ import annotations

from rules.palazzo.game import PalazzoGame

GAME = PalazzoGame()

__all__ = ["GAME", "PalazzoGame"]
