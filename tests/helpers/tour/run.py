"""One game of the tour: a server with one channel, the production bot on a fresh database,
one member who opens a lobby, adds two bots, starts and plays their seat as a person would
(`person.Person`), every message they could see saved (`saving`), and the counters
(`counts.TourLine`).

The store is read only to know whether the member's seat must act and whether the game is
over (a person learns both from the board's ping and its "waiting for" line), and for the
counters; every move is chosen from what the messages offer."""

from __future__ import annotations

import random
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games import rules_of
from render.draw import DrawnText, recording_text
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.components import BUTTON, leaves
from tests.fakediscord.production import start_bot, stop_bot
from tests.helpers.clock import FakeClock
from tests.helpers.tour.counts import (
    DISPLAY_WIDTH,
    TourLine,
    count_internals,
    count_scorings,
    count_turns,
    replay,
    shows_picture,
    smallest_text,
)
from tests.helpers.tour.person import Person, Tally
from tests.helpers.tour.saving import Saved, save, seen_events, where
from tests.helpers.tour.texts import read_texts

GAMES = ("money", "palazzo", "nycards", "newyork")
COMMANDS = ("game", "hand", "move")
BOTS = 2
MAX_TURNS = 2000
PLAYER = "ada"


class TourError(RuntimeError):
    """The tour could not play the game through (the lobby refused, or the seat got stuck)."""


@dataclass
class Tour:
    """What one game's tour found."""

    line: TourLine
    saved: list[Saved]
    tally: Tally
    internals: dict[str, list[str]]
    invalid_requests: list[str] = field(default_factory=list)
    smallest: list[DrawnText] = field(default_factory=list)
    stopped: str | None = None  # why the game could not be played to its end


async def tour_game(
    game_id: str,
    folder: Path,
    *,
    seed: int = 1,
    locale: str = "en-US",
    options: str | None = None,
    budget: int = 60,
) -> Tour:
    """Play one seeded game of `game_id` and save it under `folder`."""
    async with FakeDiscord.start() as fake:
        fake.settle_quiet = 0.02
        guild = fake.add_guild("Tavolo tour")
        channel = guild.add_text_channel("games")
        user = fake.add_user(PLAYER, global_name="Ada", locale=locale)
        with tempfile.TemporaryDirectory() as tmp, recording_text() as drawn:
            bot, task = await start_bot(
                fake, Path(tmp) / "tavolo.db", clock=FakeClock(), new_seed=lambda: seed
            )
            stopped = None
            try:
                await fake.wait_for_commands(COMMANDS, guild)
                first_event = len(fake.world.log.events)
                drawn.clear()
                game_number = await _open_and_start(fake, bot, user, channel, game_id, options)
                person = Person(user, channel, random.Random(seed), _never, budget)
                try:
                    await _play(bot, person, game_number)
                except TourError as error:
                    stopped = str(error)
                record = await bot.store.get_game(game_number)
                actions = await bot.store.actions(game_number)
            finally:
                await stop_bot(bot, task)
            sizes = list(drawn)
        events = fake.world.log.since(first_event)
        name_of = _names(fake)
        seen = seen_events(events, channel, user)
        saved = save(folder, seen, name_of)
        game = rules_of(game_id)
        replayed = replay(
            game, len(record.seats), record.options, record.seed, [(a.seat, a.action) for a in actions]
        )
        texts = [t for _, e in seen for t in read_texts(e.payload, name_of)]
        texts += fake.world.shown.get(user.id, [])
        internals, found = count_internals(texts)
        posts = sum(
            1
            for e in events
            if e.kind == "create" and where(e, channel, user) == "channel"
        )
        at_end = sum(1 for m in channel.messages() if shows_picture(m.payload()))
        small = smallest_text(d.size_at(DISPLAY_WIDTH) for d in sizes)
        line = TourLine(
            game_id,
            len(actions),
            count_turns(replayed.labels),
            count_scorings(replayed.events, record.status == "finished"),
            posts,
            at_end,
            small,
            internals,
        )
        smallest = sorted(sizes, key=lambda d: d.size_at(DISPLAY_WIDTH))[:20]
        return Tour(
            line, saved, person.tally, found, [str(f) for f in fake.failures], smallest, stopped
        )


async def _open_and_start(
    fake: FakeDiscord, bot: Any, user: FakeUser, channel: Any, game_id: str, options: str | None
) -> int:
    """`/game new`, "Add bot" twice, "Start"; returns the game's number."""
    values = {"game": game_id, **({"options": options} if options else {})}
    opened = await user.slash(channel, "game new", options=values)
    lobby = opened.message
    if lobby is None or lobby.ephemeral:
        raise TourError(f"/game new {values} was refused: {opened.content!r}")
    for _ in range(BOTS):
        await user.press(lobby, "Add bot")
    await user.press(lobby, "Start")
    record = await bot.store.active_game(channel.id)
    if record is None or record.status != "running":
        labels = [c.get("label") for c in leaves(lobby.components) if c.get("type") == BUTTON]
        raise TourError(f"the game did not start; the lobby offers {labels}")
    return record.id


async def _play(bot: Any, person: Person, game_number: int) -> None:
    """Play the member's seat until the game is over."""

    async def mine() -> int:
        return sum(1 for a in await bot.store.actions(game_number) if a.user_id == person.user.id)

    count = await mine()

    async def moved() -> bool:
        nonlocal count
        now = await mine()
        made, count = now > count, now
        return made

    person.moved = moved
    for _ in range(MAX_TURNS):
        record = await bot.store.get_game(game_number)
        if record.status != "running":
            return
        seat = record.seat_of(person.user.id)
        if seat not in record.waiting:
            raise TourError(f"the game waits for {sorted(record.waiting)}, not the member")
        if not await person.take_turn():
            raise TourError(f"the member found no move to make at version {record.version}")
    raise TourError(f"the game did not end within {MAX_TURNS} moves of the member")


async def _never() -> bool:
    return False


def _names(fake: FakeDiscord) -> Any:
    def name_of(user_id: int) -> str:
        user = fake.world.users.get(user_id)
        return user.display_name if user is not None else str(user_id)

    return name_of
