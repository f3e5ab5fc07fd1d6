"""Moves: check a click, apply a member's action, then let the bots move until a member must act.

Every change is one store write at the version that was read, so a doubled or stale request is
refused with "this board has changed" and changes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from db.records import ActionRecord, GameRecord, Seat, SeatChange, TurnTimer
from db.results import GameResults
from db.store import StaleVersion, Store, stamp
from games import rules_of
from rules.errors import RuleError
from service.bot_pool import BotPool, shared_pool
from service.change import TableChange, announcement, hand_of
from service.errors import NotSeated, OtherSeat, Stale, TableError, WrongChannel
from service.games import Games, bot_seed, retrying
from service.languages import stand_in_name
from service.results import game_results
from service.timing import Clock, Timing
from service.turn_clock import auto_move_limit, auto_moves_after, clocks_after_action

MAX_BOT_MOVES = 10_000


def clicker_seat(
    record: GameRecord, user_id: int, *, seat: int | None = None, channel_id: int | None = None
) -> int:
    """The seat of a member who used a component of `record`: it must be used in the game's
    channel (`channel_id`; None: in a DM, where any game's components go), by a seated member,
    and, when the component is a seat's (`seat`), by that seat's member. Raises WrongChannel,
    NotSeated or OtherSeat."""
    if channel_id is not None and channel_id != record.channel_id:
        raise WrongChannel()
    own = record.seat_of(user_id)
    if own is None:
        raise NotSeated()
    if seat is not None and own != seat:
        raise OtherSeat()
    return own


def check_still_waiting(record: GameRecord, seat: int, since: int) -> None:
    """The one staleness rule of a component: the seat must still be waiting since `since`,
    the waiting version the component was made for (else it belongs to an earlier board)."""
    if record.waiting.get(seat) != since:
        raise Stale()


class Play:
    """Moves of running games, over the table service's store and clock."""

    def __init__(self, games: Games, clock: Clock, bots: BotPool | None = None) -> None:
        self.games = games
        self.clock = clock
        self.bots = bots or shared_pool()

    @property
    def store(self) -> Store:
        return self.games.store

    async def clicked(
        self, game_id: int, user_id: int, *, seat: int | None = None, channel_id: int | None = None
    ) -> GameRecord:
        """The game of a component the member used, if they may use it (`clicker_seat`);
        TableError `error.no_game` when there is no such game."""
        record = await self.games.game(game_id)
        clicker_seat(record, user_id, seat=seat, channel_id=channel_id)
        return record

    async def current(
        self, game_id: int, user_id: int, seat: int, since: int, *, channel_id: int | None = None
    ) -> GameRecord:
        """`clicked`, and the seat must still be waiting since `since` (the version its
        component was made for); Stale otherwise."""
        record = await self.clicked(game_id, user_id, seat=seat, channel_id=channel_id)
        if record.status != "running":
            raise Stale()
        check_still_waiting(record, seat, since)
        return record

    async def move(
        self, game_id: int, user_id: int, action: str, *, since: int | None = None
    ) -> TableChange:
        """Play `action` for the member's seat, then let bots move.

        `since` is the waiting version a button was made for: a different one means the button
        belongs to an earlier board (Stale). Rule refusals raise RuleError. When another seat's
        move is saved first (simultaneous bids), the action is checked again against the new
        state instead of being refused.
        """

        async def attempt() -> TableChange:
            record = await self.games.game(game_id)
            if record.status != "running":
                raise TableError("error.not_running")
            own = clicker_seat(record, user_id)
            if since is not None:  # checked again on each attempt: another move may be first
                check_still_waiting(record, own, since)
            change = TableChange.begin(record)
            await self.apply(change, own, user_id, action)
            return change

        return await self.run_bots(await retrying(attempt))

    async def apply(
        self,
        change: TableChange,
        seat: int,
        user_id: int | None,
        action: str,
        *,
        deadline: TurnTimer | None = None,
    ) -> None:
        """Apply one action to `change.record` and save it; extends the change.

        `user_id`: the member who acted (None: a bot). `deadline`: the seat's turn timer, whose
        deadline passed, and the game's bot moves for the member's seat; the turn clock counts
        it (`auto_moves_after`), and at the game's limit the seat goes to a bot for good.
        Raises RuleError or StaleVersion with nothing saved.
        """
        record = change.record
        game = rules_of(record.game)
        state = record.state
        assert state is not None
        new_state = game.apply(state, seat, action)  # RuleError propagates; nothing saved
        finished = game.outcome(new_state) is not None
        counts = auto_moves_after(record, seat, user_id, deadline)
        seats = None
        seat_log = None
        notes: list[dict[str, Any]] = []
        if deadline is not None and not deadline.deadline_moved:
            limit = auto_move_limit(deadline, Timing.of(record.timing))
            name = record.seats[seat].name
            notes.append(
                {
                    "type": "auto_move",
                    "seat": seat,
                    "name": name,
                    "count": counts[seat],
                    "limit": limit,
                }
            )
            if counts[seat] >= limit and not finished:
                old = record.seats[seat]
                seats = list(record.seats)
                seats[seat] = Seat(old.user_id, stand_in_name(old.name, record.language), bot=True)
                seat_log = SeatChange(
                    seat, old.user_id, old.name, None, seats[seat].name, None, "missed_deadlines"
                )
                del counts[seat]
                notes.append({"type": "handed_to_bot", "seat": seat, "limit": limit})
        clocks = clocks_after_action(
            game, record, new_state, seat, by_deadline=deadline is not None, at=self.clock()
        )
        changed = {
            s
            for s in range(len(record.seats))
            if hand_of(game, state, s) != hand_of(game, new_state, s)
        }
        after = replace(
            record,
            state=new_state,
            waiting=dict(clocks.waiting),
            seats=tuple(seats) if seats is not None else record.seats,
            status="finished" if finished else record.status,
        )
        events = list(new_state.get("events", []))
        told = announcement(record, after, events=events, notes=notes, hands_changed=changed)
        results = await self.results(record, after, seat, user_id, action) if finished else None
        saved = await self.store.save_move(  # StaleVersion propagates: nothing was saved
            record.id,
            record.version,
            seat=seat,
            user_id=user_id,
            action=action,
            state=new_state,
            finished=finished,
            clocks=clocks,
            seats=seats,
            auto_moves=counts if counts != record.auto_moves else None,
            announce=told,
            seat_log=seat_log,
            results=results,
        )
        change.record = saved
        may_undo = user_id is not None and not finished
        change.undo_version = (
            saved.version if may_undo and game.undoable(state, new_state, seat, action) else None
        )
        change.moves.append((seat, action))
        change.events.extend(events)
        change.notes.extend(notes)
        change.hands_changed |= changed

    async def results(
        self, record: GameRecord, after: GameRecord, seat: int, user_id: int | None, action: str
    ) -> GameResults:
        """The statistics and ratings of the game of `record` that `seat`'s `action` ends
        (saved with the move, in its transaction)."""
        assert after.state is not None
        final = ActionRecord(
            record.id, record.version + 1, seat, user_id, action, stamp(self.clock()), "move"
        )
        log = [*await self.store.log(record.id), final]
        return game_results(record, after.state, after.seats, log)

    async def run_bots(self, change: TableChange) -> TableChange:
        """Let bot seats move until a member must act or the game ends. A deserted game (bots
        hold every seat, some for members who missed their deadlines: `GameRecord.deserted`)
        waits instead, for a member to take a seat back (`Deadlines` abandons it in time)."""
        for _ in range(MAX_BOT_MOVES):
            record = change.record
            if record.status != "running" or record.deserted:
                return change
            assert record.state is not None
            game = rules_of(record.game)
            bots = [s for s in game.to_act(record.state) if record.seats[s].bot]
            if not bots:
                return change
            seat = bots[0]
            view = game.view(record.state, seat)
            people = any(not s.bot for s in record.seats)
            action = await self.bots.action(
                record.game,
                record.seats[seat].level,
                view,
                bot_seed(record),
                seconds=Timing.of(record.timing).bot_seconds,
                people=people,
            )
            try:
                await self.apply(change, seat, None, action)
            except StaleVersion:  # a member moved meanwhile: look again at the new state
                change.record = await self.games.game(record.id)
            except RuleError as exc:  # a bot bug must not stall the table
                raise RuntimeError(f"bot chose an illegal action {action!r}: {exc.key}") from exc
        raise RuntimeError("bots did not stop moving")


class PlayingPart:
    """A part of the table service that acts on games through `Play` (lobby, seats,
    deadlines): the shared look-ups, the moves, the clock, and the store behind them."""

    def __init__(self, games: Games, play: Play, clock: Clock) -> None:
        self.games = games
        self.play = play
        self.clock = clock

    @property
    def store(self) -> Store:
        return self.games.store
