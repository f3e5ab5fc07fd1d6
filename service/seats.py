"""Seats of a running game changing hands: a member leaves (a bot plays on), the host or a
manager gives a seat to another member or a bot, a benched member takes their seat back; and
hosting passes on when the host leaves."""

from __future__ import annotations

import dataclasses

from db.records import NO_HOST, GameRecord, Seat
from service.change import TableChange
from service.errors import NotSeated, TableError
from service.games import retrying
from service.play import PlayingPart
from service.timing import Timing
from service.turn_clock import clocks_after_seat_change


class Seats(PlayingPart):
    """Who plays which seat once a game runs."""

    async def leave(self, record: GameRecord, user_id: int) -> TableChange:
        """The member leaves the running game `record` (as read; one write at its version, which
        may raise StaleVersion): a bot takes the seat (the caller lets it play on), and a
        leaving host hands hosting to the seated member of the lowest seat, or to nobody
        (NO_HOST: then only server managers manage the game). NotSeated if they have no seat."""
        seat = record.seat_of(user_id)
        if seat is None or record.status != "running":
            raise NotSeated()
        seats = list(record.seats)
        seats[seat] = Seat(None, seats[seat].name + " (bot)", bot=True)
        host = None
        if user_id == record.host_id:
            members = [s.user_id for s in seats if not s.bot and s.user_id is not None]
            host = members[0] if members else NO_HOST
        change = TableChange.begin(record)
        change.record = await self.store.save_seats(record.id, record.version, seats, host_id=host)
        return change

    async def replace(
        self,
        game_id: int,
        user_id: int,
        seat: int,
        member: tuple[int, str] | None,
        *,
        manager: bool,
    ) -> TableChange:
        """Give a running game's seat (0-based) to another member (`(user_id, name)`), or to a
        bot when `member` is None (host or server manager). A member holds one seat: one who is
        seated, or whose own seat a bot plays after missed deadlines (`/game rejoin` takes that
        back), gets no other. The action log keeps who made each earlier move. The seat's wait
        restarts, so the new player's buttons are their own."""

        async def attempt() -> TableChange:
            record = await self.games.running(game_id)
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
            change = TableChange.begin(record)
            change.record = await self._seat_change(record, seat, new)
            change.notes.append({"type": "replaced", "seat": seat, "old": old.name})
            if not new.bot:
                change.hands_changed.add(seat)
            return change

        return await self.play.run_bots(await retrying(attempt))

    async def rejoin(self, game_id: int, user_id: int, name: str) -> TableChange:
        """Take back the seat a bot has been playing for this member since they missed too many
        deadlines (while the game runs); refused to a member who plays a seat already."""

        async def attempt() -> TableChange:
            record = await self.games.running(game_id)
            seat = record.benched_seat_of(user_id)
            playing = record.seat_of(user_id)
            if playing is not None:
                if seat is None:
                    raise TableError("error.already_playing")
                raise TableError("error.rejoin_already_seated", seat=playing + 1)
            if seat is None:
                raise TableError("error.nothing_to_rejoin")
            change = TableChange.begin(record)
            change.record = await self._seat_change(record, seat, Seat(user_id, name))
            change.notes.append({"type": "rejoined", "seat": seat})
            change.hands_changed.add(seat)
            return change

        return await self.play.run_bots(await retrying(attempt))

    async def _seat_change(self, record: GameRecord, seat: int, new: Seat) -> GameRecord:
        """Save `new` in `seat`: its auto-move count is cleared and, if it waits, its wait starts
        again (`clocks_after_seat_change`); a member in a deserted game ends its desertion (its
        count towards abandonment starts afresh if it is ever deserted again)."""
        seats = list(record.seats)
        seats[seat] = new
        counts = {s: n for s, n in record.auto_moves.items() if s != seat}
        timing = Timing.of(record.timing)
        back = None
        if timing.deserted_at is not None and not new.bot:
            back = dataclasses.replace(timing, deserted_at=None, deserted_reminders=0).to_json()
        return await self.store.save_seat_change(
            record.id,
            record.version,
            seats=seats,
            auto_moves=counts,
            clocks=clocks_after_seat_change(record, seat, self.clock()),
            timing=back,
        )
