"""A finished game's results for the statistics and ratings (`GameResults`), worked out from
the game, its final state and its action log, just before the save that ends it.

Per seat, for whoever holds it at the end: the place (winners first, then by score; a member
whose seat a bot took for good, after missed deadlines or because they left the game, is last,
as Board Game Arena counts quitters: the seat's result is theirs, not the bot's), the score, a
win, the member's turns (runs of the rules' `turn` label in which they acted) and the time they
took for them (from the turn's start, or their own previous action in it, to their action; the
first turn of the game has no known start and counts no time), and whether a deadline moved for
them (a member who lost their seat counts as missing one). A bot seat is its level's bot
(`bot_player`), each level rated apart.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from db.records import ActionRecord, GameRecord, Seat
from db.results import GameResults, SeatResult, bot_player
from db.store import Store
from games import rules_of
from rules.contract import Outcome
from service.ratings import rate
from service.timing import parse_time


def in_effect(log: Sequence[ActionRecord]) -> list[ActionRecord]:
    """The log without the moves that were undone and without the undo rows (seat changes
    kept), in order."""
    undone = {json.loads(e.action)["undone"] for e in log if e.kind == "undo"}
    return [e for e in log if e.kind != "undo" and not (e.kind == "move" and e.version in undone)]


@dataclass
class _Tally:
    """What the member a seat belongs to (`owner`) did there: turns, seconds, a deadline
    move; `holder` plays it now (None: a bot, e.g. for the owner after missed deadlines)."""

    owner: int | None
    holder: int | None
    turns: int = 0
    seconds: float = 0.0
    missed: bool = False
    last_label: str | None = None
    last_at: str | None = None
    labels: set[str] = field(default_factory=set)


def _first_holders(seats: Sequence[Seat], log: Sequence[ActionRecord]) -> list[int | None]:
    """Who played each seat at the start (a member's id; None: a bot)."""
    holders: list[int | None] = [None if s.bot else s.user_id for s in seats]
    seen: set[int] = set()
    for entry in log:
        if entry.kind == "seat" and entry.seat not in seen:
            seen.add(entry.seat)
            holders[entry.seat] = json.loads(entry.action).get("old_user")
    return holders


def quitters(seats: Sequence[Seat], log: Sequence[ActionRecord]) -> dict[int, int]:
    """The member each seat a bot took for good belongs to, by seat: a bot holding a member's
    seat after missed deadlines (the seat keeps the member), or a seat whose last change was
    its member leaving the game."""
    last: dict[int, dict[str, object]] = {}
    for entry in log:
        if entry.kind == "seat":
            last[entry.seat] = json.loads(entry.action)
    found: dict[int, int] = {}
    for s, seat in enumerate(seats):
        if not seat.bot:
            continue
        if seat.user_id is not None:
            found[s] = seat.user_id
        elif (change := last.get(s)) and change.get("reason") == "left":
            old = change.get("old_user")
            if isinstance(old, int):
                found[s] = old
    return found


def places(outcome: Outcome, benched: set[int]) -> list[int]:
    """Each seat's place (1 the best; equal keys share a place): winners first, then by score;
    `benched` seats (a bot took them for good) are last."""
    n = len(outcome.scores)
    keys = [(s in outcome.winners, outcome.scores[s]) for s in range(n)]
    return [
        n
        if s in benched
        else 1 + sum(1 for o in range(n) if o not in benched and keys[o] > keys[s])
        for s in range(n)
    ]


def game_results(
    record: GameRecord,
    final_state: dict[str, object],
    seats: Sequence[Seat],
    log: Sequence[ActionRecord],
) -> GameResults:
    """The results of the game of `record` ending in `final_state` with `seats`; `log` is its
    whole action log including the final move."""
    game = rules_of(record.game)
    outcome = game.outcome(final_state)
    assert outcome is not None and record.seed is not None
    entries = in_effect(log)
    tallies = [_Tally(h, h) for h in _first_holders(seats, entries)]
    state = game.new_game(len(seats), dict(record.options), record.seed)
    label: str | None = None
    label_start: str | None = None
    previous_at: str | None = None
    for entry in entries:
        tally = tallies[entry.seat]
        if entry.kind == "seat":
            new_user = json.loads(entry.action).get("new_user")
            if new_user is not None and new_user != tally.owner:
                tallies[entry.seat] = _Tally(new_user, new_user)
            else:
                tally.holder = new_user
            continue
        now = game.turn(state)
        if now != label:
            label, label_start = now, previous_at
        if tally.holder is not None and entry.user_id == tally.holder:
            start = tally.last_at if tally.last_label == label else label_start
            if tally.last_label != label and start is not None:
                tally.turns += 1  # a turn whose start is unknown (the first) is not counted
            if start is not None:
                tally.seconds += (parse_time(entry.at) - parse_time(start)).total_seconds()
                tally.last_at = entry.at
            tally.last_label = label
        elif entry.user_id is None and tally.holder is not None:
            tally.missed = True
        state = game.apply(state, entry.seat, entry.action)
        previous_at = entry.at
    lost = quitters(seats, entries)
    benched = set(lost)
    placed = places(outcome, benched)
    rows = []
    for s, seat in enumerate(seats):
        tally = tallies[s]
        member = lost.get(s, seat.user_id)
        player = member if member is not None else bot_player(seat.level)
        own = member is not None and tally.owner == member
        rows.append(
            SeatResult(
                seat=s,
                player=player,
                place=placed[s],
                score=int(outcome.scores[s]),
                won=s in outcome.winners and s not in benched,
                turns=tally.turns if own else 0,
                turn_seconds=tally.seconds if own else 0.0,
                missed=(tally.missed or s in benched) if member is not None else False,
            )
        )
    rater = rate if record.guild_id is not None else None
    return GameResults(record.guild_id, record.game, tuple(rows), rater)


async def backfill_results(store: Store) -> int:
    """Statistics and ratings for the games that finished before they were kept (migration
    011): each finished game without result rows gets them, worked out from its final state
    and its action log as at its end, in the order the games ended (their ratings follow on
    whatever is rated already: PROPOSED, run it once after upgrading). Returns the games done;
    running it again does nothing."""
    done = 0
    for game_id in await store.unrated_finished_games():
        record = await store.get_game(game_id)
        if record is None or record.state is None or record.seed is None:
            continue
        results = game_results(record, record.state, record.seats, await store.log(game_id))
        if await store.save_results(game_id, results, record.updated_at):
            done += 1
    return done
