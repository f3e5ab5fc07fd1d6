"""The one registry of games: each `GameEntry` binds a game's rules, its presentation, its texts
and the `/game` subcommands it adds. One line per game in `ENTRIES`.

A test adds a game of its own without changing a production file:

    with games.registered(GameEntry(MY_RULES, MyPresentation(), catalog=Path("tests/x/texts"))):
        ...  # entry("mygame"), presentation("mygame") and the texts of the folder work here

(`register` / `unregister` do the same without a `with`.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from PIL.Image import Image

import i18n
from render.money.presentation import MoneyPresentation
from render.newyork.presentation import NewYorkPresentation
from render.nycards.presentation import NyCardsPresentation
from render.palazzo.presentation import PalazzoPresentation
from render.presentation import Presentation, View
from rules.contract import Game
from rules.money import GAME as MONEY_RULES
from rules.newyork import GAME as NEWYORK_RULES
from rules.nycards import GAME as NYCARDS_RULES
from rules.palazzo import GAME as PALAZZO_RULES

SeatDrawing = Callable[[View, int, list[str], str | None], Image]
"""Draws one seat's picture from the public view: (public view, seat, names, locale)."""


@dataclass(frozen=True)
class SeatPictureCommand:
    """A `/game <name> [player]` subcommand: one player's picture, drawn from the public view,
    shown only to the caller. `description` and `player_description` are what Discord lists;
    the keys are the answer's title (`{name}`), the answer in a channel whose game has no such
    picture, and the answer for a member who is not playing (`{name}`)."""

    name: str
    description: str
    player_description: str
    draw: SeatDrawing
    filename: str
    title_key: str
    absent_key: str
    not_playing_key: str


@dataclass(frozen=True)
class GameEntry:
    """One game: its rules, how it is shown, the folder of its `<locale>.json` texts (None when
    they are in `i18n/locales/<locale>/<game>.json`), and its extra `/game` subcommands."""

    rules: Game
    presentation: Presentation
    catalog: Path | None = None
    commands: tuple[SeatPictureCommand, ...] = ()

    def __post_init__(self) -> None:
        if self.presentation.game_id != self.rules.info.id:
            raise ValueError(
                f"presentation of {self.presentation.game_id!r} for game {self.rules.info.id!r}"
            )

    @property
    def game_id(self) -> str:
        """The game's id (`rules.info.id`)."""
        return self.rules.info.id


_NEWYORK = NewYorkPresentation()

NEWYORK_CITY = SeatPictureCommand(
    name="city",
    description="Show a player's city (only you see it).",
    player_description="Whose city; leave empty for your own.",
    draw=_NEWYORK.city_image,
    filename="city.png",
    title_key="newyork.city.title",
    absent_key="newyork.city.none",
    not_playing_key="newyork.city.not_playing",
)
"""New York's `/game city [player]`."""

ENTRIES: tuple[GameEntry, ...] = (
    GameEntry(MONEY_RULES, MoneyPresentation()),
    GameEntry(NEWYORK_RULES, _NEWYORK, commands=(NEWYORK_CITY,)),
    GameEntry(NYCARDS_RULES, NyCardsPresentation()),
    GameEntry(PALAZZO_RULES, PalazzoPresentation()),
)
"""The games Tavolo hosts, in the order they are offered."""

_registry: dict[str, GameEntry] = {}
_rules: dict[str, Game] = {}
RULES = MappingProxyType(_rules)
"""The rules of every registered game by id (a live, read-only view)."""


def register(entry: GameEntry) -> None:
    """Add a game (and its texts); ValueError if its id is taken or a text key is defined
    twice."""
    if entry.game_id in _registry:
        raise ValueError(f"game {entry.game_id!r} is already registered")
    if entry.catalog is not None:
        i18n.add_catalog(entry.catalog)
    _registry[entry.game_id] = entry
    _rules[entry.game_id] = entry.rules


def unregister(game_id: str) -> None:
    """Remove a game and its texts; KeyError if there is none."""
    entry = _registry.pop(game_id)
    del _rules[game_id]
    if entry.catalog is not None:
        i18n.remove_catalog(entry.catalog)


@contextmanager
def registered(entry: GameEntry) -> Iterator[GameEntry]:
    """The game is registered inside the `with` only."""
    register(entry)
    try:
        yield entry
    finally:
        unregister(entry.game_id)


def entry(game_id: str) -> GameEntry:
    """The entry of a game id; KeyError if there is none."""
    return _registry[game_id]


def all_entries() -> tuple[GameEntry, ...]:
    """Every registered game, in the order registered."""
    return tuple(_registry.values())


def rules_of(game_id: str) -> Game:
    """The rules of a game id; KeyError if there is none."""
    return _registry[game_id].rules


def presentation(game_id: str) -> Presentation:
    """How a game is shown; KeyError if there is none."""
    return _registry[game_id].presentation


def seat_picture_commands() -> dict[str, SeatPictureCommand]:
    """The extra `/game` subcommands the games declare, by name (the first declaration of a
    name describes the command)."""
    found: dict[str, SeatPictureCommand] = {}
    for game in _registry.values():
        for command in game.commands:
            found.setdefault(command.name, command)
    return found


for _entry in ENTRIES:
    register(_entry)
