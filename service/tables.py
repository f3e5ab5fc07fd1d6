"""Lobbies and moves: load a game, check who acts, call the rules, save, then let bots move.

Every change is one store write at the version that was read, so a doubled or stale request is
refused with "this board has changed" and changes nothing. Results are plain data (`Step`) that
the Discord layer turns into messages; nothing here knows Discord.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from db.records import NO_HOST, GameRecord, Seat, TurnTimer
from db.store import ChannelBusy, StaleVersion, Store
from rules.contract import Game
from rules.errors import RuleError
from rules.registry import GAMES, get_game
from service.errors import TableError
from service.timing import MAX_AUTO_MOVES, MAX_HOURS, Clock, Timing, due, utc_now

MAX_BOT_MOVES = 10_000
MAX_RETRIES = 8
T = TypeVar("T")


@dataclass
class Step:
    """What one request did: the game after it, and what the channel and players must learn.

    `before` is the game as the request found it (None: a game just dealt). `notes` are table
    events that are not moves of the game:
        {"type": "auto_move", "seat": 2, "name": "Cas", "count": 1, "limit": 3}
        {"type": "handed_to_bot", "seat": 2, "limit": 3}
        {"type": "replaced", "seat": 1, "old": "Ann"}
        {"type": "rejoined", "seat": 2}
    """

    record: GameRecord
    start_version: int = -1
    events: list[dict[str, Any]] = field(default_factory=list)
    moves: list[tuple[int, str]] = field(default_factory=list)
    hands_changed: set[int] = field(default_factory=set)
    before: GameRecord | None = None
    notes: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def begin(cls, record: GameRecord) -> Step:
        """A step starting from `record`."""
        return cls(record, record.version, before=record)

    @property
    def finished(self) -> bool:
        return self.record.status == "finished"

    @property
    def newly_waiting(self) -> list[int]:
        """Member seats to tell that it is their turn: they must act now, and were not waiting
        before this step, or a new turn began meanwhile (the game's `turn` label changed), or
        the seat passed to another player. Extra actions within one turn ping nobody."""
        record, before = self.record, self.before
        members = [s for s in sorted(record.waiting) if not record.seats[s].bot]
        if before is None or before.state is None or record.state is None:
            return members
        game = get_game(record.game)
        if game.turn(before.state) != game.turn(record.state):
            return members
        return [s for s in members if s not in before.waiting or _changed_hands(before, record, s)]

    @property
    def panels_changed(self) -> list[int]:
        """Member seats whose private panel is out of date: a changed hand, or a changed wait
        (its buttons carry the version since which the seat waits)."""
        record, before = self.record, self.before
        seats = set(self.hands_changed) | set(self.newly_waiting)
        old = before.waiting if before is not None else {}
        seats |= {s for s in set(old) | set(record.waiting) if old.get(s) != record.waiting.get(s)}
        return sorted(s for s in seats if s < len(record.seats) and not record.seats[s].bot)


def _changed_hands(before: GameRecord, after: GameRecord, seat: int) -> bool:
    """Whether another player (or a bot) plays the seat now."""
    if seat >= len(before.seats):
        return True
    old, new = before.seats[seat], after.seats[seat]
    return (old.user_id, old.bot) != (new.user_id, new.bot)


def waiting_after(
    game: Game, state: dict[str, Any], before: dict[int, int], actor: int | None, version: int
) -> dict[int, int]:
    """Who must act in `state`, each with the version since which they have been waiting.

    A seat that was already waiting and did not act keeps its old version; everyone else starts
    at `version` (all of them when `before` is empty, as after a new turn began). Buttons carry
    this number, so a button from an earlier decision is stale.
    """
    return {s: before[s] if s in before and s != actor else version for s in game.to_act(state)}


def bot_seed(record: GameRecord) -> int:
    """The seed of a bot's choice at this point of the game (replays choose the same)."""
    return (record.seed or 0) * 1_000_003 + record.version


def hand_of(game: Game, state: dict[str, Any], seat: int) -> Any:
    """The private part of a seat's view (its `hand`), used to tell when a hand changed."""
    return game.view(state, seat).get("hand")


class Tables:
    """The table service over one store."""

    def __init__(
        self,
        store: Store,
        new_seed: Callable[[], int] | None = None,
        clock: Clock = utc_now,
    ) -> None:
        self.store = store
        self._new_seed = new_seed or (lambda: secrets.randbits(62))
        self.clock = clock

    # ------------------------------------------------------------ lookups

    async def channel_game(self, channel_id: int) -> GameRecord:
        """The active game of a channel, or TableError `error.no_game`."""
        record = await self.store.active_game(channel_id)
        if record is None:
            raise TableError("error.no_game")
        return record

    async def game(self, game_id: int) -> GameRecord:
        """A game by id, or TableError `error.no_game`."""
        record = await self.store.get_game(game_id)
        if record is None:
            raise TableError("error.no_game")
        return record

    # ------------------------------------------------------------ lobby

    async def open_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_id: str,
        host_id: int,
        host_name: str,
        options: dict[str, str] | None = None,
    ) -> GameRecord:
        """Open a lobby with the host seated; TableError if the channel is busy or input is bad."""
        if game_id not in GAMES:
            raise TableError("error.unknown_game", game=game_id)
        info = GAMES[game_id].info
        chosen = info.default_options()
        for name, value in (options or {}).items():
            opt = next((o for o in info.options if o.name == name), None)
            if opt is None or value not in opt.choices:
                raise TableError("error.bad_option_value", option=name, value=value)
            chosen[name] = value
        try:
            return await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game_id,
                host_id=host_id,
                seats=[Seat(host_id, host_name)],
                options=chosen,
            )
        except ChannelBusy:
            raise TableError("error.channel_busy") from None

    async def _lobby(self, game_id: int) -> GameRecord:
        record = await self.game(game_id)
        if record.status != "lobby":
            raise TableError("error.not_in_lobby")
        return record

    async def _retrying(self, attempt: Callable[[], Awaitable[T]]) -> T:
        """Run `attempt` (which reads the game afresh and writes at the version it read) again
        when another request saved first; `error.stale` only if it keeps losing the race."""
        for _ in range(MAX_RETRIES):
            try:
                return await attempt()
            except StaleVersion:
                continue
        raise TableError("error.stale")

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        """Seat a member in the lobby."""

        async def attempt() -> GameRecord:
            record = await self._lobby(game_id)
            if record.seat_of(user_id) is not None:
                raise TableError("error.already_joined")
            info = get_game(record.game).info
            if len(record.seats) >= info.max_players:
                raise TableError("error.lobby_full", max=info.max_players)
            seats = [*record.seats, Seat(user_id, name)]
            return await self.store.update(record.id, record.version, seats=seats)

        return await self._retrying(attempt)

    async def add_bot(self, game_id: int, user_id: int) -> GameRecord:
        """Add a bot seat (anyone seated may do it)."""

        async def attempt() -> GameRecord:
            record = await self._lobby(game_id)
            if record.seat_of(user_id) is None:
                raise TableError("error.not_in_lobby_seat")
            info = get_game(record.game).info
            if len(record.seats) >= info.max_players:
                raise TableError("error.lobby_full", max=info.max_players)
            number = 1 + sum(1 for s in record.seats if s.bot)
            seats = [*record.seats, Seat(None, f"Bot {number}", bot=True)]
            return await self.store.update(record.id, record.version, seats=seats)

        return await self._retrying(attempt)

    async def remove_bot(self, game_id: int, user_id: int) -> GameRecord:
        """Remove the last bot seat (anyone seated may do it)."""

        async def attempt() -> GameRecord:
            record = await self._lobby(game_id)
            if record.seat_of(user_id) is None:
                raise TableError("error.not_in_lobby_seat")
            bots = [i for i, s in enumerate(record.seats) if s.bot]
            if not bots:
                raise TableError("error.no_bot_to_remove")
            seats = [s for i, s in enumerate(record.seats) if i != bots[-1]]
            return await self.store.update(record.id, record.version, seats=seats)

        return await self._retrying(attempt)

    async def leave(self, game_id: int, user_id: int) -> Step:
        """Leave: in the lobby the seat goes (a leaving host hands hosting to the next member;
        the lobby closes when no member is left); in a running game the seat is handed to a
        bot, which plays on at once, and a leaving host hands hosting to the seated member of
        the lowest seat, or to nobody (NO_HOST: then only server managers manage the game)."""

        async def attempt() -> Step:
            record = await self.game(game_id)
            seat = record.seat_of(user_id)
            if seat is None or not record.active:
                raise TableError("error.not_seated")
            seats = list(record.seats)
            step = Step.begin(record)
            if record.status == "running":
                seats[seat] = Seat(None, seats[seat].name + " (bot)", bot=True)
                host = None
                if user_id == record.host_id:
                    members = [s.user_id for s in seats if not s.bot and s.user_id is not None]
                    host = members[0] if members else NO_HOST
                step.record = await self.store.update(
                    record.id, record.version, seats=seats, host_id=host
                )
                return step
            del seats[seat]
            members = [s.user_id for s in seats if not s.bot]
            if not members:
                step.record = await self.store.update(
                    record.id, record.version, status="aborted", seats=seats
                )
                return step
            # A leaving host hands hosting to the next member, who can then start.
            host = members[0] if user_id == record.host_id else None
            step.record = await self.store.update(
                record.id, record.version, seats=seats, host_id=host
            )
            return step

        step = await self._retrying(attempt)
        return await self._run_bots(step)

    # ------------------------------------------------------------ start and abort

    async def start(self, game_id: int, user_id: int) -> Step:
        """Deal the game (host only); TableError on a wrong player count."""
        record = await self._lobby(game_id)
        if user_id != record.host_id:
            raise TableError("error.host_only_start")
        game = get_game(record.game)
        count = len(record.seats)
        if not game.info.min_players <= count <= game.info.max_players:
            raise TableError(
                "error.player_count",
                min=game.info.min_players,
                max=game.info.max_players,
                count=count,
            )
        seed = self._new_seed()
        state = game.new_game(count, record.options, seed)
        waiting = waiting_after(game, state, {}, None, record.version + 1)
        try:
            saved = await self.store.update(
                record.id,
                record.version,
                status="running",
                seed=seed,
                state=state,
                waiting=waiting,
                at=self.clock(),
            )
        except StaleVersion:
            raise TableError("error.stale") from None
        step = Step(
            saved, record.version, list(state.get("events", [])), hands_changed=set(range(count))
        )
        return await self._run_bots(step)

    async def abort(self, game_id: int, user_id: int, *, manager: bool) -> GameRecord:
        """End a lobby or running game without a result (the host or a server manager)."""
        record = await self.game(game_id)
        if not record.active:
            raise TableError("error.no_game")
        if user_id != record.host_id and not manager:
            raise TableError("error.host_only_abort")
        try:
            return await self.store.update(record.id, record.version, status="aborted")
        except StaleVersion:
            raise TableError("error.stale") from None

    async def channel_gone(self, channel_id: int) -> GameRecord | None:
        """The channel (or thread) of a game no longer exists: abort its lobby or running game,
        as its host could, since nobody can see or play it any more. The game so ended, or
        None when the channel had no active game."""

        async def attempt() -> GameRecord | None:
            record = await self.store.active_game(channel_id)
            if record is None:
                return None
            return await self.store.update(record.id, record.version, status="aborted")

        return await self._retrying(attempt)

    # ------------------------------------------------------------ moves

    async def act(
        self, game_id: int, user_id: int, action: str, *, since: int | None = None
    ) -> Step:
        """Play `action` for the member's seat, then let bots move.

        `since` is the waiting version a button was made for; a different one means the button
        belongs to an earlier board (TableError `error.stale`). Rule refusals raise RuleError.
        When another seat's move is saved first (simultaneous bids), the action is checked
        again against the new state instead of being refused.
        """

        async def attempt() -> Step:
            record = await self.game(game_id)
            if record.status != "running":
                raise TableError("error.not_running")
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("error.not_seated")
            if since is not None and record.waiting.get(seat) != since:
                raise TableError("error.stale")
            step = Step.begin(record)
            await self._play(step, seat, user_id, action)
            return step

        return await self._run_bots(await self._retrying(attempt))

    async def _play(
        self,
        step: Step,
        seat: int,
        user_id: int | None,
        action: str,
        *,
        deadline: TurnTimer | None = None,
    ) -> None:
        """Apply one action to `step.record` and save it; extends the step.

        Turn timers run per turn: a seat that acts and must act again under the same `turn`
        label keeps its timer (clock, reminders); a new label starts every waiting seat's wait
        anew. `deadline`: the seat's turn timer, whose deadline passed, and the game's bot moves
        for the member's seat. The first such move of a wait counts one more auto-moved turn in
        a row (the rest of that turn counts no more), and at the game's limit the seat goes to a
        bot for good. A member's own move resets the count.
        """
        record = step.record
        game = get_game(record.game)
        state = record.state
        assert state is not None
        new_state = game.apply(state, seat, action)  # RuleError propagates; nothing saved
        version = record.version + 1
        same_turn = game.turn(state) == game.turn(new_state)
        before = record.waiting if same_turn else {}
        waiting = waiting_after(game, new_state, before, seat, version)
        status = "finished" if game.outcome(new_state) is not None else "running"
        counts = dict(record.auto_moves)
        seats = None
        notes: list[dict[str, Any]] = []
        if deadline is not None and not deadline.deadline_moved:
            counts[seat] = counts.get(seat, 0) + 1
            limit = Timing.of(record.timing).auto_moves
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
            if counts[seat] >= limit and status == "running":
                old = record.seats[seat]
                seats = list(record.seats)
                seats[seat] = Seat(old.user_id, f"{old.name} (bot)", bot=True)
                del counts[seat]
                notes.append({"type": "handed_to_bot", "seat": seat, "limit": limit})
        elif user_id is not None:
            counts.pop(seat, None)
        saved = await self.store.update(  # StaleVersion propagates: nothing was saved
            record.id,
            record.version,
            status=status,
            state=new_state,
            waiting=waiting,
            action=(seat, user_id, action),
            seats=seats,
            auto_moves=counts if counts != record.auto_moves else None,
            at=self.clock(),
            continuing=[seat] if same_turn else [],
            deadline_moved=seat if deadline is not None and same_turn else None,
        )
        step.record = saved
        step.moves.append((seat, action))
        step.events.extend(new_state.get("events", []))
        step.notes.extend(notes)
        for s in range(len(record.seats)):
            if hand_of(game, state, s) != hand_of(game, new_state, s):
                step.hands_changed.add(s)

    async def _run_bots(self, step: Step) -> Step:
        """Let bot seats move until a member must act or the game ends."""
        for _ in range(MAX_BOT_MOVES):
            record = step.record
            if record.status != "running":
                return step
            game = get_game(record.game)
            bots = [s for s in game.to_act(record.state) if record.seats[s].bot]
            if not bots:
                return step
            seat = bots[0]
            view = game.view(record.state, seat)
            action = game.bot_action(view, bot_seed(record))
            try:
                await self._play(step, seat, None, action)
            except StaleVersion:  # a member moved meanwhile: look again at the new state
                step.record = await self.game(record.id)
            except RuleError as exc:  # a bot bug must not stall the table
                raise RuntimeError(f"bot chose an illegal action {action!r}: {exc.key}") from exc
        raise RuntimeError("bots did not stop moving")

    # ------------------------------------------------------------ absent players

    async def auto_move(self, game_id: int, seat: int, since: int) -> Step | None:
        """The deadline of `seat`'s turn passed (its timer is at waiting version `since`): the
        game's bot finishes that turn for the seat, as many actions as it needs, counted as one
        auto-moved turn; then bots move as after any move. None, and nothing changes, when the
        game moved on: the seat no longer waits since `since`, the game is paused or over, or
        the deadline is not (or no longer) due. This is checked again before each action, at the
        version the previous one saved, so a real move that lands first wins and the timer
        stops."""
        step: Step | None = None
        for _ in range(MAX_BOT_MOVES):
            try:
                moved = await self._retrying(
                    partial(self._deadline_move, game_id, seat, since, step)
                )
            except TableError:
                if step is None:
                    raise
                break  # kept losing races: what was saved is reported; the next tick goes on
            if moved is None or seat not in moved.record.waiting:
                step = moved or step
                break
            step, since = moved, moved.record.waiting[seat]
        return None if step is None else await self._run_bots(step)

    async def _deadline_move(
        self, game_id: int, seat: int, since: int, step: Step | None
    ) -> Step | None:
        """One action of the bot for `seat` if its deadline is due and it still waits since
        `since` (read afresh); the step so far is extended, or a new one begun."""
        record = await self.game(game_id)
        if (
            record.status != "running"
            or record.waiting.get(seat) != since
            or record.seats[seat].bot
        ):
            return None
        timer = next((t for t in await self.store.turn_timers(game_id) if t.seat == seat), None)
        if (
            timer is None
            or timer.since_version != since
            or due(timer, Timing.of(record.timing), self.clock()) != "deadline"
        ):
            return None
        game = get_game(record.game)
        action = game.bot_action(game.view(record.state, seat), bot_seed(record))
        if step is None:
            step = Step.begin(record)
        step.record = record
        try:
            await self._play(step, seat, None, action, deadline=timer)
        except RuleError as exc:  # a bot bug must not stall the table
            raise RuntimeError(f"bot chose an illegal action {action!r}: {exc.key}") from exc
        return step

    async def replace(
        self,
        game_id: int,
        user_id: int,
        seat: int,
        member: tuple[int, str] | None,
        *,
        manager: bool,
    ) -> Step:
        """Give a running game's seat (0-based) to another member (`(user_id, name)`), or to a
        bot when `member` is None (host or server manager). A member holds one seat: one who is
        seated, or whose own seat a bot plays after missed deadlines (`/game rejoin` takes that
        back), gets no other. The action log keeps who made each earlier move. The seat's wait
        restarts, so the new player's buttons are their own."""

        async def attempt() -> Step:
            record = await self._running(game_id)
            if user_id != record.host_id and not manager:
                raise TableError("error.host_only_manage")
            if not 0 <= seat < len(record.seats):
                raise TableError("error.no_such_seat", count=len(record.seats))
            old = record.seats[seat]
            if member is None:
                if old.bot and old.user_id is None:
                    raise TableError("error.seat_is_bot")
                new = Seat(None, old.name if old.bot else f"{old.name} (bot)", bot=True)
            else:
                if record.seat_of(member[0]) is not None:
                    raise TableError("error.already_seated")
                benched = record.benched_seat_of(member[0])
                if benched is not None and benched != seat:  # one seat per member
                    raise TableError("error.benched_use_rejoin", seat=benched + 1)
                new = Seat(member[0], member[1])
            step = Step.begin(record)
            step.record = await self._seat_change(record, seat, new)
            step.notes.append({"type": "replaced", "seat": seat, "old": old.name})
            if not new.bot:
                step.hands_changed.add(seat)
            return step

        return await self._run_bots(await self._retrying(attempt))

    async def rejoin(self, game_id: int, user_id: int, name: str) -> Step:
        """Take back the seat a bot has been playing for this member since they missed too many
        deadlines (while the game runs); refused to a member who plays a seat already."""

        async def attempt() -> Step:
            record = await self._running(game_id)
            seat = record.benched_seat_of(user_id)
            playing = record.seat_of(user_id)
            if playing is not None:
                if seat is None:
                    raise TableError("error.already_playing")
                raise TableError("error.rejoin_already_seated", seat=playing + 1)
            if seat is None:
                raise TableError("error.nothing_to_rejoin")
            step = Step.begin(record)
            step.record = await self._seat_change(record, seat, Seat(user_id, name))
            step.notes.append({"type": "rejoined", "seat": seat})
            step.hands_changed.add(seat)
            return step

        return await self._run_bots(await self._retrying(attempt))

    async def _running(self, game_id: int) -> GameRecord:
        record = await self.game(game_id)
        if record.status != "running":
            raise TableError("error.not_running")
        return record

    async def _seat_change(self, record: GameRecord, seat: int, new: Seat) -> GameRecord:
        """Save `new` in `seat`: its auto-move count is cleared and, if it waits, its wait starts
        again (new buttons, a new clock)."""
        seats = list(record.seats)
        seats[seat] = new
        version = record.version + 1
        waiting = {s: version if s == seat else v for s, v in record.waiting.items()}
        counts = {s: n for s, n in record.auto_moves.items() if s != seat}
        return await self.store.update(
            record.id,
            record.version,
            seats=seats,
            waiting=waiting,
            auto_moves=counts,
            at=self.clock(),
        )

    # ------------------------------------------------------------ timing settings

    async def configure(
        self,
        game_id: int,
        user_id: int,
        *,
        manager: bool,
        paused: bool | None = None,
        reminder_hours: int | None = None,
        deadline_hours: int | None = None,
        auto_moves: int | None = None,
    ) -> GameRecord:
        """Change a game's timing (host or server manager): pause or resume it, the hours
        between reminders (0: none), the deadline in hours (0: none), the auto-moves in a row
        before a bot takes a seat. Resuming, or new hours, restart every waiting seat's clock
        now, so nobody is reminded or moved for time that passed before."""

        async def attempt() -> GameRecord:
            record = await self.game(game_id)
            if not record.active:
                raise TableError("error.no_game")
            if user_id != record.host_id and not manager:
                raise TableError("error.host_only_manage")
            timing = Timing.of(record.timing)
            if paused is not None:
                if record.status != "running":
                    raise TableError("error.not_running")
                if paused == timing.paused:
                    raise TableError("error.already_paused" if paused else "error.not_paused")
            for hours in (reminder_hours, deadline_hours):
                if hours is not None and not 0 <= hours <= MAX_HOURS:
                    raise TableError("error.bad_hours", max=MAX_HOURS)
            if auto_moves is not None and not 1 <= auto_moves <= MAX_AUTO_MOVES:
                raise TableError("error.bad_auto_moves", max=MAX_AUTO_MOVES)
            new = dataclasses.replace(
                timing,
                paused=timing.paused if paused is None else paused,
                reminder_hours=timing.reminder_hours if reminder_hours is None else reminder_hours,
                deadline_hours=timing.deadline_hours if deadline_hours is None else deadline_hours,
                auto_moves=timing.auto_moves if auto_moves is None else auto_moves,
            )
            restart = paused is False or (
                (new.reminder_hours, new.deadline_hours)
                != (timing.reminder_hours, timing.deadline_hours)
            )
            if restart:
                new = dataclasses.replace(new, restarted_at=self.clock().isoformat())
            if new == timing:
                return record
            return await self.store.update(record.id, record.version, timing=new.to_json())

        return await self._retrying(attempt)
