"""Palazzo's actions and their stable text form.

money                take money (turn players + 1 cards face up)
pick 12,35           take cards of the face-up money (the active player 2, the others 1)
tiles                draw two tiles, then buy or auction
buy 105,12,35        buy warehouse tile(s) (ids 100+) paying with the money cards (ids < 100)
auction              move the master builder on and auction (or distribute) that quarry
bid 12,35            add these cards to the own bid in the auction
pass                 leave the auction (the own bid cards come back)
new 105              build tile 105 as a new palazzo
build 2 105          build tile 105 on top of palazzo 2 (numbered from 1)
discard 105          put tile 105 out of the game instead of building it
rebuild 12           pay money card 12 for a rebuild, then one of:
out 105              take tile 105 out of its palazzo: it becomes a one-tile palazzo
insert 105 2         insert the one-tile palazzo 105 into palazzo 2
remove 105           remove the one-tile palazzo 105 from the game
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import MalformedAction
from rules.parsing import small_int, small_ints, verb_and_rest


@dataclass(frozen=True)
class Simple:
    """A verb without arguments: money, tiles, auction, pass."""

    verb: str


@dataclass(frozen=True)
class Cards:
    """A verb with a list of ids: pick, buy, bid, rebuild."""

    verb: str
    ids: tuple[int, ...]


@dataclass(frozen=True)
class TileMove:
    """A verb about one tile, with a palazzo number for build and insert: new, build, discard,
    out, insert, remove."""

    verb: str
    tile: int
    palazzo: int | None = None


Action = Simple | Cards | TileMove
SIMPLE = ("money", "tiles", "auction", "pass")
CARDS = ("pick", "buy", "bid", "rebuild")
ONE_TILE = ("new", "discard", "out", "remove")


def parse(text: str) -> Action:
    """Read an action's text form; raise MalformedAction if it is not one."""
    verb, rest = verb_and_rest(text)
    parts = rest.split()
    if verb in SIMPLE and not rest:
        return Simple(verb)
    if verb in CARDS and rest:
        return Cards(verb, small_ints(rest))
    if verb in ONE_TILE and len(parts) == 1:
        return TileMove(verb, small_int(parts[0]))
    if verb == "build" and len(parts) == 2:
        return TileMove(verb, small_int(parts[1]), small_int(parts[0]))
    if verb == "insert" and len(parts) == 2:
        return TileMove(verb, small_int(parts[0]), small_int(parts[1]))
    raise MalformedAction("error.malformed")
