"""Game-generic helpers to drive tables through the real service, and to check a stored game.

Everything goes through `rules.contract` and `service.tables.TableService`, so each game in
`games.RULES` is covered without game-specific code.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

from db.records import GameRecord
from db.store import Store
from games import RULES, rules_of
from service.change import TableChange
from service.tables import TableService
from tests.helpers.playout import random_action, replay
from tests.reliability.secrecy import quick_options

GAME_IDS = sorted(RULES)
FIRST_USER = 1_000


def env_int(name: str, default: int) -> int:
    """An integer from the environment (the long variants), else `default`."""
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def name_of(user_id: int) -> str:
    return f"P{user_id}"


async def seated_game(
    tables: TableService,
    game_id: str,
    channel: int,
    members: list[int],
    *,
    bots: int = 0,
    guild: int | None = 1,
    options: dict[str, str] | None = None,
) -> GameRecord:
    """A started game in `channel`: `members` seated in order (the first hosts), then `bots`."""
    step = await seated_step(
        tables, game_id, channel, members, bots=bots, guild=guild, options=options
    )
    return step.record


async def seated_step(
    tables: TableService,
    game_id: str,
    channel: int,
    members: list[int],
    *,
    bots: int = 0,
    guild: int | None = 1,
    options: dict[str, str] | None = None,
) -> TableChange:
    """`seated_game`, returning the start's step (to deliver it)."""
    record = await tables.lobby.open(
        guild_id=guild,
        channel_id=channel,
        game_id=game_id,
        host_id=members[0],
        host_name=name_of(members[0]),
        options=quick_options(game_id) if options is None else options,
    )
    for user in members[1:]:
        record = await tables.lobby.join(record.id, user, name_of(user))
    for _ in range(bots):
        record = await tables.lobby.add_bot(record.id, members[0])
    return await tables.lobby.start(record.id, members[0])


def waiting_members(record: GameRecord) -> list[int]:
    """Member seats that must act now."""
    return sorted(s for s in record.waiting if not record.seats[s].bot)


def member_move(record: GameRecord, rng: random.Random) -> tuple[int, int, str, int] | None:
    """(seat, user, action, since) of a random legal move by a waiting member, or None."""
    seats = waiting_members(record)
    if record.status != "running" or not seats:
        return None
    seat = rng.choice(seats)
    action = random_action(rules_of(record.game), record.state, seat, rng)
    user = record.seats[seat].user_id
    assert user is not None
    return seat, user, action, record.waiting[seat]


async def play_until(
    tables: TableService,
    record: GameRecord,
    rng: random.Random,
    done: Callable[[GameRecord], bool],
    max_steps: int = 2_000,
) -> GameRecord:
    """Random member moves through the service until `done(record)` or the game ends."""
    for _ in range(max_steps):
        if done(record) or record.status != "running":
            return record
        move = member_move(record, rng)
        assert move is not None, "a running game where no member must act"
        _, user, action, since = move
        record = (await tables.play.move(record.id, user, action, since=since)).record
    raise AssertionError(f"game {record.id}: condition not reached in {max_steps} steps")


async def assert_consistent(store: Store, game_id: int) -> GameRecord:
    """A stored game agrees with itself: its state is the replay of its action log from its
    seed, the log's versions increase and end at or below the game's version, the seats that
    wait are exactly those that must act, and it is finished exactly when there is an outcome."""
    record = await store.get_game(game_id)
    assert record is not None
    log = await store.actions(game_id)
    versions = [a.version for a in log]
    assert versions == sorted(set(versions)), f"game {game_id}: log versions {versions}"
    assert not versions or versions[-1] <= record.version
    if record.state is None:
        assert not log and record.status in ("lobby", "aborted"), record
        return record
    game = rules_of(record.game)
    assert record.seed is not None
    rebuilt = replay(
        game, len(record.seats), record.options, record.seed, [(a.seat, a.action) for a in log]
    )
    assert rebuilt == record.state, f"game {game_id}: the state is not the replay of its log"
    finished = game.outcome(record.state) is not None
    if record.status == "running":
        assert not finished
        assert set(record.waiting) == set(game.to_act(record.state)), record.waiting
    elif record.status == "finished":
        assert finished and record.waiting == {}
    return record
