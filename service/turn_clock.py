"""Every rule of the turn clocks, as pure functions (no Discord, no store).

Each waiting seat has a `TurnTimer` (when its turn's wait began, reminders sent); reminders and
deadlines are *computed* from those and `now`, never stored as due times, so a changed setting
applies at once and a restart loses nothing:

* a seat waits since a game version; its buttons carry that version. A seat that must act under
  a new `turn` label waits anew; one that acts and must act again under the same label goes on
  waiting, and so does its clock, across its own extra actions of that turn;
* a wait also starts anew when the seat changes hands, and every clock restarts when the game
  resumes from a pause or its reminder hours change;
* a wait keeps the deadline and the auto-moves allowed it began under: a change of those
  settings during a game applies from each seat's next wait (a host cannot shorten the turn a
  player is taking, e.g. to take their seat);
* a reminder is due one reminder interval after the clock's start or after the last reminder,
  at most MAX_REMINDERS per wait, so a reminder due while the bot was down is sent once;
* a deadline is due `deadline_hours` after the clock's start; when it passes the game's bot
  finishes the turn for the seat, counted as one auto-moved turn however many actions it takes,
  and after `auto_moves` such turns in a row a bot takes the seat for good; a member's own move
  resets the count;
* while a game is paused nothing is due (players may still move);
* time the bot was offline does not count: on coming back it holds every clock that was running
  for that long (`Deadlines.keep_alive`), so deadlines and reminders come that much later.

The store keeps the timers in step with the waits these rules decide (`TurnClocks`).
"""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from typing import Any

from db.records import GameRecord, TurnClocks, TurnTimer
from rules.contract import Game
from service.timing import MAX_REMINDERS, Timing, parse_time


def waiting_after(
    game: Game, state: dict[str, Any], before: dict[int, int], actor: int | None, version: int
) -> dict[int, int]:
    """Who must act in `state`, each with the version since which they have been waiting.

    A seat that was already waiting and did not act keeps its old version; everyone else starts
    at `version` (all of them when `before` is empty, as after a new turn began). Buttons carry
    this number, so a button from an earlier decision is stale.
    """
    return {s: before[s] if s in before and s != actor else version for s in game.to_act(state)}


def clocks_at_start(
    game: Game, record: GameRecord, state: dict[str, Any], version: int, at: datetime
) -> TurnClocks:
    """The game of `record` just dealt (saved as `version`): everyone who must act starts
    waiting `at`."""
    waiting = waiting_after(game, state, {}, None, version)
    timing = Timing.of(record.timing)  # new waits keep the settings of now
    return TurnClocks(
        waiting, at, deadline_hours=timing.deadline_hours, auto_moves=timing.auto_moves
    )


def clocks_after_action(
    game: Game,
    record: GameRecord,
    new_state: dict[str, Any],
    seat: int,
    *,
    by_deadline: bool,
    at: datetime,
) -> TurnClocks:
    """The waits after `seat` acted in `record` (the new state saved as the next version).

    Under the same `turn` label the seats that still wait keep their waits, and the actor's own
    clock goes on if it must act again (marked as moved by the deadline when the deadline's bot
    acted); a new label starts every waiting seat's wait anew."""
    state = record.state
    assert state is not None
    same_turn = game.turn(state) == game.turn(new_state)
    timing = Timing.of(record.timing)  # new waits keep the settings of now
    before = record.waiting if same_turn else {}
    waiting = waiting_after(game, new_state, before, seat, record.version + 1)
    return TurnClocks(
        waiting,
        at,
        carried=frozenset({seat}) if same_turn else frozenset(),
        deadline_moved=seat if by_deadline and same_turn else None,
        deadline_hours=timing.deadline_hours,
        auto_moves=timing.auto_moves,
    )


def clocks_after_seat_change(record: GameRecord, seat: int, at: datetime) -> TurnClocks:
    """A seat has a new player: if it waits, its wait starts anew (new buttons, a new clock);
    the other seats' waits go on."""
    version = record.version + 1
    waiting = {s: version if s == seat else v for s, v in record.waiting.items()}
    timing = Timing.of(record.timing)  # new waits keep the settings of now
    return TurnClocks(
        waiting, at, deadline_hours=timing.deadline_hours, auto_moves=timing.auto_moves
    )


def auto_moves_after(
    record: GameRecord, seat: int, user_id: int | None, deadline: TurnTimer | None
) -> dict[int, int]:
    """The consecutive auto-moved turns per seat after `seat` acted: the deadline's first move
    of a wait (`deadline`: the seat's timer) counts one more turn for it, the rest of that turn
    counts no more; a member's own move resets the seat's count; a bot's move changes nothing."""
    counts = dict(record.auto_moves)
    if deadline is not None:
        if not deadline.deadline_moved:
            counts[seat] = counts.get(seat, 0) + 1
    elif user_id is not None:
        counts.pop(seat, None)
    return counts


def with_restart(old: Timing, new: Timing, at: datetime) -> Timing:
    """New settings `new` (from `old`): resuming from a pause, or new reminder hours, restart
    every waiting seat's clock `at`, so nobody is reminded or moved for time that passed
    before. (New deadline hours apply from each seat's next wait: `TurnTimer.deadline_hours`.)"""
    resumed = old.stopped and not new.stopped
    if resumed or new.reminder_hours != old.reminder_hours:
        return dataclasses.replace(new, restarted_at=at.isoformat())
    return new


def clock_start(timer: TurnTimer, timing: Timing) -> datetime:
    """When the seat's clock started: its wait's start (later by the time it was held while the
    bot was offline), or the clocks' latest restart."""
    start = parse_time(timer.started_at) + timedelta(seconds=timer.held_seconds)
    if timing.restarted_at is not None:
        start = max(start, parse_time(timing.restarted_at))
    return start


def deadline_at(timer: TurnTimer, timing: Timing) -> datetime | None:
    """When the seat's deadline passes (None: no deadline, or the clocks are stopped): the
    deadline hours its wait began under, else the game's."""
    hours = timing.deadline_hours if timer.deadline_hours is None else timer.deadline_hours
    if timing.stopped or hours <= 0:
        return None
    return clock_start(timer, timing) + timedelta(hours=hours)


def auto_move_limit(timer: TurnTimer, timing: Timing) -> int:
    """The auto-moved turns in a row after which a bot takes the seat: as the seat's wait
    began, else the game's setting."""
    return timing.auto_moves if timer.auto_moves is None else timer.auto_moves


def reminder_at(timer: TurnTimer, timing: Timing) -> datetime | None:
    """When the seat's next reminder is due (None: off, stopped, or all reminders sent)."""
    if timing.stopped or timing.reminder_hours <= 0 or timer.sent_count >= MAX_REMINDERS:
        return None
    start = clock_start(timer, timing)
    if timer.last_sent_at is not None:
        start = max(start, parse_time(timer.last_sent_at))
    return start + timedelta(hours=timing.reminder_hours)


def due(timer: TurnTimer, timing: Timing, now: datetime) -> str | None:
    """What the timer must do at `now`: "deadline", "remind" or None. A passed deadline comes
    first: the move it makes ends the wait, so no reminder is sent for it."""
    deadline = deadline_at(timer, timing)
    if deadline is not None and deadline <= now:
        return "deadline"
    reminder = reminder_at(timer, timing)
    if reminder is not None and reminder <= now:
        return "remind"
    return None


def next_check(timer: TurnTimer, timing: Timing) -> datetime | None:
    """When the timer can next be due (`due`): its deadline or its next reminder, whichever
    comes first (None: neither can come while these settings last)."""
    instants = [at for at in (deadline_at(timer, timing), reminder_at(timer, timing)) if at]
    return min(instants, default=None)


def waiting_since(record: GameRecord, timers: list[TurnTimer]) -> dict[int, datetime]:
    """When each waiting seat began its current wait (how long the player has been waited for,
    even if a resume restarted their clock since)."""
    return {
        t.seat: parse_time(t.started_at)
        for t in timers
        if record.waiting.get(t.seat) == t.since_version
    }
