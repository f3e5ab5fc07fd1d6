"""Lobbies: open one, join, add or remove bots, leave before the start, deal the game; and end a
lobby or running game without a result (abort, or its channel is gone)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from db.records import GameRecord, Seat
from db.store import ChannelBusy, StaleVersion
from games import RULES, rules_of
from i18n import t
from rules.levels import DEFAULT_LEVEL, LEVELS
from service.change import TableChange, announcement
from service.errors import NotSeated, Stale, TableError
from service.games import Games, retrying
from service.languages import LANGUAGES, game_language
from service.play import Play, PlayingPart
from service.timing import Clock
from service.turn_clock import clocks_at_start


class Lobby(PlayingPart):
    """Opening, filling, starting and closing tables."""

    def __init__(self, games: Games, play: Play, clock: Clock, new_seed: Callable[[], int]) -> None:
        super().__init__(games, play, clock)
        self.new_seed = new_seed

    async def open(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_id: str,
        host_id: int,
        host_name: str,
        options: dict[str, str] | None = None,
        language: str | None = None,
        server_locale: object = None,
        fallback_language: str = "en",
    ) -> GameRecord:
        """Open a lobby with the host seated, its posts in `language` (None: the server's
        default, else `server_locale`, the server's Discord language, when it is ours, else
        `fallback_language`); TableError if the channel is busy or input is bad."""
        if language is not None and language not in LANGUAGES:
            raise TableError("error.bad_language")
        if game_id not in RULES:
            raise TableError("error.unknown_game", game=game_id)
        info = RULES[game_id].info
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
                language=game_language(
                    language,
                    await self.store.guild_language(guild_id) if guild_id is not None else "",
                    server_locale,
                    fallback_language,
                ),
            )
        except ChannelBusy:
            raise TableError("error.channel_busy") from None

    async def rematch(self, game_id: int, user_id: int, name: str) -> GameRecord:
        """A new lobby in a finished game's channel, with its game and options and as many
        bots, hosted by the player who asked (one of the finished game's members); the other
        members join it with one click."""
        old = await self.games.game(game_id)
        if old.status != "finished":
            raise TableError("error.rematch_not_finished")
        if user_id not in members_of(old):
            raise TableError("error.rematch_players_only")
        record = await self.open(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            game_id=old.game,
            host_id=user_id,
            host_name=name,
            options=old.options,
            language=old.language,
        )
        for seat in old.seats:
            if seat.user_id is None:
                record = await self.add_bot(record.id, user_id, seat.level)
        return record

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        """Seat a member in the lobby."""

        async def attempt() -> GameRecord:
            record = await self.games.lobby(game_id)
            if record.seat_of(user_id) is not None:
                raise TableError("error.already_joined")
            info = rules_of(record.game).info
            if len(record.seats) >= info.max_players:
                raise TableError("error.lobby_full", max=info.max_players)
            seats = [*record.seats, Seat(user_id, name)]
            return await self.store.save_seats(record.id, record.version, seats)

        return await retrying(attempt)

    async def add_bot(self, game_id: int, user_id: int, level: str = DEFAULT_LEVEL) -> GameRecord:
        """Add a bot seat of `level` (`rules.levels.LEVELS`; anyone seated may do it), named
        after its level in the game's language ("Strong bot 2")."""
        if level not in LEVELS:
            raise TableError("error.internal")

        async def attempt() -> GameRecord:
            record = await self.games.lobby(game_id)
            if record.seat_of(user_id) is None:
                raise TableError("error.not_in_lobby_seat")
            info = rules_of(record.game).info
            if len(record.seats) >= info.max_players:
                raise TableError("error.lobby_full", max=info.max_players)
            number = 1 + sum(1 for s in record.seats if s.bot)
            name = t(f"bot.name.{level}", record.language, number=number)
            seats = [*record.seats, Seat(None, name, bot=True, level=level)]
            return await self.store.save_seats(record.id, record.version, seats)

        return await retrying(attempt)

    async def remove_bot(self, game_id: int, user_id: int) -> GameRecord:
        """Remove the last bot seat (anyone seated may do it)."""

        async def attempt() -> GameRecord:
            record = await self.games.lobby(game_id)
            if record.seat_of(user_id) is None:
                raise TableError("error.not_in_lobby_seat")
            bots = [i for i, s in enumerate(record.seats) if s.bot]
            if not bots:
                raise TableError("error.no_bot_to_remove")
            seats = [s for i, s in enumerate(record.seats) if i != bots[-1]]
            return await self.store.save_seats(record.id, record.version, seats)

        return await retrying(attempt)

    async def leave(self, record: GameRecord, user_id: int) -> TableChange:
        """The member leaves the lobby `record` (as read; one write at its version, which may
        raise StaleVersion): the seat goes, a leaving host hands hosting to the next member, and
        the lobby closes when no member is left. NotSeated if they have no seat."""
        seat = record.seat_of(user_id)
        if seat is None or record.status != "lobby":
            raise NotSeated()
        seats = list(record.seats)
        del seats[seat]
        change = TableChange.begin(record)
        members = [s.user_id for s in seats if not s.bot]
        if not members:
            change.record = await self.store.abort_game(record.id, record.version, seats=seats)
            return change
        # A leaving host hands hosting to the next member, who can then start.
        host = members[0] if user_id == record.host_id else None
        change.record = await self.store.save_seats(record.id, record.version, seats, host_id=host)
        return change

    async def start(self, game_id: int, user_id: int) -> TableChange:
        """Deal the game (host only); TableError on a wrong player count."""
        record = await self.games.lobby(game_id)
        if user_id != record.host_id:
            raise TableError("error.host_only_start")
        game = rules_of(record.game)
        count = len(record.seats)
        if not game.info.min_players <= count <= game.info.max_players:
            raise TableError(
                "error.player_count",
                min=game.info.min_players,
                max=game.info.max_players,
                count=count,
            )
        seed = self.new_seed()
        state = game.new_game(count, record.options, seed)
        clocks = clocks_at_start(game, record, state, record.version + 1, self.clock())
        events = list(state.get("events", []))
        after = replace(record, status="running", state=state, waiting=dict(clocks.waiting))
        told = announcement(
            replace(record, state=None), after, events=events, hands_changed=set(range(count))
        )
        try:
            saved = await self.store.start_game(
                record.id, record.version, seed=seed, state=state, clocks=clocks, announce=told
            )
        except StaleVersion:
            raise Stale() from None
        change = TableChange(
            saved, record.version, list(state.get("events", [])), hands_changed=set(range(count))
        )
        return await self.play.run_bots(change)

    async def abort(self, game_id: int, user_id: int, *, manager: bool) -> GameRecord:
        """End a lobby or running game without a result (the host or a server manager)."""
        record = await self.games.game(game_id)
        if not record.active:
            raise TableError("error.no_game")
        if user_id != record.host_id and not manager:
            raise TableError("error.host_only_abort")
        try:
            return await self.store.abort_game(record.id, record.version)
        except StaleVersion:
            raise Stale() from None

    async def channel_gone(self, channel_id: int) -> GameRecord | None:
        """The channel (or thread) of a game no longer exists: abort its lobby or running game,
        as its host could, since nobody can see or play it any more. The game so ended, or
        None when the channel had no active game."""

        async def attempt() -> GameRecord | None:
            record = await self.store.active_game(channel_id)
            if record is None:
                return None
            return await self.store.abort_game(record.id, record.version)

        return await retrying(attempt)


def members_of(record: GameRecord) -> list[int]:
    """The members who played a game, in seat order (a seat a bot took over after missed
    deadlines still counts its member)."""
    return [s.user_id for s in record.seats if s.user_id is not None]
