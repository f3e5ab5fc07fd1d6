"""Lobbies and moves: load a game, check who acts, call the rules, save, then let bots move.

Every change is one store write at the version that was read, so a doubled or stale request is
refused with "this board has changed" and changes nothing. Results are plain data (`Step`) that
the Discord layer turns into messages; nothing here knows Discord.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from db.records import GameRecord, Seat
from db.store import ChannelBusy, StaleVersion, Store
from rules.contract import Game
from rules.errors import RuleError
from rules.registry import GAMES, get_game
from service.errors import TableError

MAX_BOT_MOVES = 10_000
MAX_RETRIES = 8
T = TypeVar("T")


@dataclass
class Step:
    """What one request did: the game after it, and what the channel and players must learn."""

    record: GameRecord
    start_version: int = -1
    events: list[dict[str, Any]] = field(default_factory=list)
    moves: list[tuple[int, str]] = field(default_factory=list)
    hands_changed: set[int] = field(default_factory=set)

    @property
    def finished(self) -> bool:
        return self.record.status == "finished"

    @property
    def newly_waiting(self) -> list[int]:
        """Member seats that must act now and were not already waiting before this step."""
        return [
            s
            for s, since in self.record.waiting.items()
            if since > self.start_version and not self.record.seats[s].bot
        ]


def waiting_after(
    game: Game, state: dict[str, Any], before: dict[int, int], actor: int | None, version: int
) -> dict[int, int]:
    """Who must act in `state`, each with the version since which they have been waiting.

    A seat that was already waiting and did not act keeps its old version; everyone else starts
    at `version`. Buttons carry this number, so a button from an earlier decision is stale.
    """
    return {s: before[s] if s in before and s != actor else version for s in game.to_act(state)}


def hand_of(game: Game, state: dict[str, Any], seat: int) -> Any:
    """The private part of a seat's view (its `hand`), used to tell when a hand changed."""
    return game.view(state, seat).get("hand")


class Tables:
    """The table service over one store."""

    def __init__(self, store: Store, new_seed: Callable[[], int] | None = None) -> None:
        self.store = store
        self._new_seed = new_seed or (lambda: secrets.randbits(62))

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
        bot, which plays on at once."""

        async def attempt() -> Step:
            record = await self.game(game_id)
            seat = record.seat_of(user_id)
            if seat is None or not record.active:
                raise TableError("error.not_seated")
            seats = list(record.seats)
            if record.status == "running":
                seats[seat] = Seat(None, seats[seat].name + " (bot)", bot=True)
                saved = await self.store.update(record.id, record.version, seats=seats)
                return Step(saved, saved.version)
            del seats[seat]
            members = [s.user_id for s in seats if not s.bot]
            if not members:
                saved = await self.store.update(
                    record.id, record.version, status="aborted", seats=seats
                )
                return Step(saved, record.version)
            # A leaving host hands hosting to the next member, who can then start.
            host = members[0] if user_id == record.host_id else None
            saved = await self.store.update(record.id, record.version, seats=seats, host_id=host)
            return Step(saved, record.version)

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
                record.id, record.version, status="running", seed=seed, state=state, waiting=waiting
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
            step = Step(record, record.version)
            await self._play(step, seat, user_id, action)
            return step

        return await self._run_bots(await self._retrying(attempt))

    async def _play(self, step: Step, seat: int, user_id: int | None, action: str) -> None:
        """Apply one action to `step.record` and save it; extends the step."""
        record = step.record
        game = get_game(record.game)
        state = record.state
        assert state is not None
        new_state = game.apply(state, seat, action)  # RuleError propagates; nothing saved
        version = record.version + 1
        waiting = waiting_after(game, new_state, record.waiting, seat, version)
        status = "finished" if game.outcome(new_state) is not None else "running"
        saved = await self.store.update(  # StaleVersion propagates: nothing was saved
            record.id,
            record.version,
            status=status,
            state=new_state,
            waiting=waiting,
            action=(seat, user_id, action),
        )
        step.record = saved
        step.moves.append((seat, action))
        step.events.extend(new_state.get("events", []))
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
            action = game.bot_action(view, (record.seed or 0) * 1_000_003 + record.version)
            try:
                await self._play(step, seat, None, action)
            except StaleVersion:  # a member moved meanwhile: look again at the new state
                step.record = await self.game(record.id)
            except RuleError as exc:  # a bot bug must not stall the table
                raise RuntimeError(f"bot chose an illegal action {action!r}: {exc.key}") from exc
        raise RuntimeError("bots did not stop moving")
