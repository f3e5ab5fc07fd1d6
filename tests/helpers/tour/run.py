"""One game of the tour: a server with one channel, the production bot on a fresh database,
one member who opens a lobby, adds two bots, starts and plays their seat as a person would
(`person.Person`), every message they could see saved (`saving`), and the counters
(`counts.TourLine`). With `people` 2 or 3, other members join the lobby instead of bots and
play their seats the same way (each with their own seeded choices).

The store is read only to know whether a member's seat must act and whether the game is
over (a person learns both from the board's ping and its "waiting for" line), and for the
counters; every move is chosen from what the messages offer."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from db.records import ActionRecord, GameRecord
from fakediscord import FakeChannel, FakeDiscord, FakeUser
from fakediscord.components import BUTTON, leaves
from fakediscord.events import MessageEvent
from fakediscord.production import start_bot, stop_bot
from games import rules_of
from i18n import t
from render.draw import DrawnText, recording_text
from tests.helpers.clock import FakeClock
from tests.helpers.tour.counts import (
    DISPLAY_WIDTH,
    TourLine,
    count_internals,
    count_pictures,
    count_posts,
    count_scorings,
    count_turns,
    replay,
    smallest_text,
)
from tests.helpers.tour.person import Person, Tally
from tests.helpers.tour.saving import Saved, save, seen_events
from tests.helpers.tour.texts import Names, read_texts

GAMES = ("money", "palazzo", "nycards", "newyork")
COMMANDS = ("game", "hand", "move")
SEATS = 3
MAX_TURNS = 3000
PEOPLE = (("ada", "Ada"), ("bea", "Bea"), ("cy", "Cy"))
SMALLEST_LISTED = 20


class TourError(RuntimeError):
    """The tour could not play the game through (the lobby refused, or the seat got stuck)."""


@dataclass
class Tour:
    """What one game's tour found."""

    line: TourLine
    saved: list[Saved]
    internals: dict[str, list[str]]
    smallest: list[DrawnText]
    invalid_requests: list[str]
    tally: Tally = field(default_factory=Tally)
    stopped: str | None = None  # why the game could not be played to its end


async def tour_game(
    game_id: str,
    folder: Path,
    *,
    seed: int = 1,
    locale: str = "en-US",
    options: str | None = None,
    people: int = 1,
    budget: int = 60,
) -> Tour:
    """Play one seeded game of `game_id` (`people` seats played, the others bots) and save it
    under `folder`."""
    async with FakeDiscord.start() as fake:
        fake.settle_quiet = 0.02
        guild = fake.add_guild("Tavolo tour", locale=locale)  # the game in the same language
        channel = guild.add_text_channel("games")
        users = [
            fake.add_user(name, global_name=shown, locale=locale) for name, shown in PEOPLE[:people]
        ]
        persons = [
            Person(user, channel, random.Random(f"{seed}:{user.username}"), _never, budget)
            for user in users
        ]
        stopped = None
        with tempfile.TemporaryDirectory() as tmp, recording_text() as drawn:
            bot, task = await start_bot(
                fake, Path(tmp) / "tavolo.db", clock=FakeClock(), new_seed=lambda: seed
            )
            try:
                await fake.wait_for_commands(COMMANDS, guild)
                first_event = len(fake.world.log.events)
                drawn.clear()
                number = await _open_and_start(bot, users, channel, game_id, options)
                try:
                    await _play(bot, persons, number)
                except TourError as error:
                    stopped = str(error)
                record = await bot.store.get_game(number)
                actions = await bot.store.actions(number)
            finally:
                await stop_bot(bot, task)
            sizes = list(drawn)
        events = fake.world.log.since(first_event)
        tour = measure(folder, events, fake, channel, users, record, actions, sizes)
        tour.tally, tour.stopped = sum((p.tally for p in persons), Tally()), stopped
        return tour


def measure(
    folder: Path,
    events: list[MessageEvent],
    fake: FakeDiscord,
    channel: FakeChannel,
    users: list[FakeUser],
    record: GameRecord,
    actions: list[ActionRecord],
    sizes: list[DrawnText],
) -> Tour:
    """Save what the users saw of the game (`events`: the log from its lobby on) and count."""
    name_of = _names(fake)
    seen = seen_events(events, channel, users)
    saved = save(folder, seen, name_of)
    replayed = replay(
        rules_of(record.game),
        len(record.seats),
        record.options,
        record.seed or 0,
        [(a.seat, a.action) for a in actions],
    )
    texts = [t for _, e in seen for t in read_texts(e.payload, name_of)]
    shown = [t for user in users for t in fake.world.shown.get(user.id, [])]
    internals, found = count_internals([*texts, *shown])
    line = TourLine(
        record.game,
        len(actions),
        count_turns(replayed.labels),
        count_scorings(replayed.events, record.status == "finished"),
        count_posts(kind for kind, _ in seen),
        count_pictures(m.payload() for m in channel.messages()),
        smallest_text(d.size_at(DISPLAY_WIDTH) for d in sizes),
        internals,
    )
    distinct = sorted(set(sizes), key=lambda d: (d.size_at(DISPLAY_WIDTH), d.words))
    smallest = distinct[:SMALLEST_LISTED]
    return Tour(line, saved, found, smallest, [str(f) for f in fake.failures])


async def _open_and_start(
    bot: Any, users: list[FakeUser], channel: FakeChannel, game_id: str, options: str | None
) -> int:
    """The first user's `/game new`, "Join" for the others, "Add bot" for the seats left,
    "Start" (as the lobby words them in the game's language); returns the game's number."""
    host = users[0]
    values = {"game": game_id, **({"options": options} if options else {})}
    opened = await host.slash(channel, "game new", options=values)
    lobby = opened.message
    if lobby is None or lobby.ephemeral:
        raise TourError(f"/game new {values} was refused: {opened.content!r}")
    opening = await bot.store.active_game(channel.id)
    language = opening.language if opening is not None else "en"  # the lobby's words
    for user in users[1:]:
        await user.press(lobby, t("lobby.button.join", language))
    for _ in range(SEATS - len(users)):
        await host.press(lobby, t("lobby.button.bot", language))
    await host.press(lobby, t("lobby.button.start", language))
    record = await bot.store.active_game(channel.id)
    if record is None or record.status != "running":
        labels = [c.get("label") for c in leaves(lobby.components) if c.get("type") == BUTTON]
        raise TourError(f"the game did not start; the lobby offers {labels}")
    return int(record.id)


async def _play(bot: Any, persons: list[Person], number: int) -> None:
    """Play the members' seats until the game is over: each member who must act takes one
    turn, in seat order."""
    counts: dict[int, int] = {}

    async def made() -> dict[int, int]:
        found: dict[int, int] = {}
        for action in await bot.store.actions(number):
            if action.user_id is not None:
                found[action.user_id] = found.get(action.user_id, 0) + 1
        return found

    def checker(user_id: int) -> Callable[[], Awaitable[bool]]:
        async def moved() -> bool:
            before = counts.get(user_id, 0)
            counts.update(await made())
            return counts.get(user_id, 0) > before

        return moved

    counts.update(await made())
    for person in persons:
        person.moved = checker(person.user.id)
    for _ in range(MAX_TURNS):
        record = await bot.store.get_game(number)
        if record.status != "running":
            return
        acting = [p for p in persons if record.seat_of(p.user.id) in record.waiting]
        if not acting:
            raise TourError(f"the game waits for seats {sorted(record.waiting)}, no member")
        acting.sort(key=lambda p: record.seat_of(p.user.id))
        person = acting[0]
        if not await person.take_turn():
            raise TourError(
                f"{person.user.username} found no move to make at version {record.version}"
            )
    raise TourError(f"the game did not end within {MAX_TURNS} moves of the members")


async def _never() -> bool:
    return False


def _names(fake: FakeDiscord) -> Names:
    def name_of(user_id: int) -> str:
        user = fake.world.users.get(user_id)
        return user.display_name if user is not None else "unknown user"

    return name_of
