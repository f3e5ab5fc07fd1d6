"""A game's history, rebuilt by replaying its action log from its seed: every step (the deal,
then each action) with the public view after it, who made it, when, and the seats' names then.

Only public views leave this module: `/game log` reads their events, `/game replay` draws them.
The seats' names at each step come from the seat changes of the action log (a member who was
replaced made the moves before the change under their own name).

A move taken back (undo) is not part of the game: the replay (`history`) leaves it out. The log
(`log_history`) tells it as the channel saw it: the move (marked `undone`; its words were shown
on the board when it was made), then a step for the undo itself (`undo`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from db.records import ActionRecord, GameRecord, SeatChange
from db.store import Store
from games import presentation, rules_of
from rules.contract import State
from service.errors import TableError
from service.timing import parse_time

View = dict[str, Any]

SHOWN = ("running", "finished", "aborted")
"""The statuses of a game with a history (a lobby has none yet)."""


@dataclass(frozen=True)
class Step:
    """One step of a game: `number` 0 is the deal, n the n-th action. `seat` made it (None for
    the deal), `by_bot` when a bot played it, at `at`; `view` is the public view after it (its
    `events` say what happened, in public), `names` the seats' names at that step. In the
    log only: `undone` marks a move later taken back, `undo` the step that took it back (by
    `seat`, at `at`; its view is the restored one, whose events are not this step's)."""

    number: int
    seat: int | None
    by_bot: bool
    at: datetime | None
    view: View
    names: tuple[str, ...]
    undone: bool = False
    undo: bool = False

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.view.get("events", []))


def names_by_version(
    record: GameRecord, seat_log: Sequence[ActionRecord]
) -> list[tuple[int, tuple[str, ...]]]:
    """(version, names) pairs: the seats' names from each seat change on (the first pair,
    version 0, the names the game started with); the current names are the last pair's."""
    names = list(record.names())
    changes = [(entry.version, SeatChange.from_log(entry)) for entry in seat_log]
    for _version, change in reversed(changes):
        if change.seat < len(names):
            names[change.seat] = change.old_name or names[change.seat]
    pairs = [(0, tuple(names))]
    for version, change in changes:
        if change.seat < len(names):
            names[change.seat] = change.new_name or names[change.seat]
        pairs.append((version, tuple(names)))
    return pairs


def _names_at(pairs: list[tuple[int, tuple[str, ...]]], version: int) -> tuple[str, ...]:
    """The names in force when the action of `version` was made (a change of the same version
    is made with or after that action: a deadline's move, then the seat handed to a bot)."""
    current = pairs[0][1]
    for changed_at, names in pairs[1:]:
        if changed_at >= version:
            break
        current = names
    return current


def replay(
    record: GameRecord, moves: Sequence[ActionRecord], seat_log: Sequence[ActionRecord] = ()
) -> list[Step]:
    """Every step of a started game, from its seed and its logged moves (oldest first)."""
    if record.seed is None or record.status not in SHOWN:
        raise TableError("error.history_not_started")
    game = rules_of(record.game)
    pairs = names_by_version(record, seat_log)
    state = game.new_game(len(record.seats), dict(record.options), record.seed)
    steps = [Step(0, None, False, None, game.view(state, None), pairs[0][1])]
    for number, entry in enumerate(moves, start=1):
        state = game.apply(state, entry.seat, entry.action)
        steps.append(
            Step(
                number,
                entry.seat,
                entry.user_id is None,
                parse_time(entry.at),
                game.view(state, None),
                _names_at(pairs, entry.version),
            )
        )
    return steps


def replay_with_undos(
    record: GameRecord, log: Sequence[ActionRecord], seat_log: Sequence[ActionRecord] = ()
) -> list[Step]:
    """Every step of a started game as its action log tells it (oldest first): its moves,
    those later taken back marked `undone`, each followed in time by its `undo` step."""
    if record.seed is None or record.status not in SHOWN:
        raise TableError("error.history_not_started")
    game = rules_of(record.game)
    pairs = names_by_version(record, seat_log)
    state = game.new_game(len(record.seats), dict(record.options), record.seed)
    steps = [Step(0, None, False, None, game.view(state, None), pairs[0][1])]
    kept: list[tuple[int, State, int]] = []  # (version, state before, step index) of each move
    for entry in log:
        names = _names_at(pairs, entry.version)
        if entry.kind == "move":
            kept.append((entry.version, state, len(steps)))
            state = game.apply(state, entry.seat, entry.action)
            by_bot = entry.user_id is None
            at = parse_time(entry.at)
            steps.append(Step(len(kept), entry.seat, by_bot, at, game.view(state, None), names))
        elif entry.kind == "undo":
            undone = json.loads(entry.action)["undone"]
            while kept and kept[-1][0] != undone:  # never: an undo takes back the last move
                kept.pop()
            if not kept:
                continue
            _, state, index = kept.pop()
            steps[index] = replace(steps[index], undone=True)
            view = game.view(state, None)
            steps.append(
                Step(len(kept), entry.seat, False, parse_time(entry.at), view, names, undo=True)
            )
    return steps


async def history(store: Store, record: GameRecord) -> list[Step]:
    """`replay` of a stored game, run off the event loop (a long game takes a while)."""
    moves, seat_log = await store.actions(record.id), await store.seat_changes(record.id)
    return await asyncio.to_thread(replay, record, moves, seat_log)


async def log_history(store: Store, record: GameRecord) -> list[Step]:
    """`replay_with_undos` of a stored game (for `/game log`), run off the event loop."""
    log, seat_log = await store.log(record.id), await store.seat_changes(record.id)
    played = [entry for entry in log if entry.kind in ("move", "undo")]
    return await asyncio.to_thread(replay_with_undos, record, played, seat_log)


def scoring_steps(record: GameRecord, steps: Sequence[Step]) -> list[int]:
    """The numbers of the steps with a scoring (`Presentation.is_scoring`), in order."""
    ui = presentation(record.game)
    return [step.number for step in steps if any(ui.is_scoring(e) for e in step.events)]


async def game_of_channel(store: Store, channel_id: int, number: int | None) -> GameRecord:
    """The game a history command is about: game `number` when given (it must have been played
    in this channel: else `error.history_other_channel`, or `error.history_no_such_game` when
    there is no such game), else this channel's running game, else its last game that ended."""
    if number is not None:
        record = await store.get_game(number)
        if record is None:
            raise TableError("error.history_no_such_game", number=number)
        if record.channel_id != channel_id:
            raise TableError("error.history_other_channel", number=number)
        if record.status not in SHOWN:
            raise TableError("error.history_not_started")
        return record
    record = await store.last_started_game(channel_id, SHOWN)
    if record is None:
        raise TableError("error.history_none")
    return record
