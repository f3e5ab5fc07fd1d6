"""Seats of a running game changing hands: a member leaves (a bot plays on), the host or a
manager gives a seat to another member or a bot, a benched member takes their seat back; and
hosting passes on when the host leaves.

A seat held by a member who is present is theirs: the host or a manager may hand it to someone
else only when the member agrees (`consent`, within CONSENT_HOURS of the request), when they
have left the server or the game, or when their turn deadline has passed (otherwise `replace`
raises `NeedsConsent` and changes nothing). Every seat change is logged in the action log
(`SeatChange`, beside the moves: a replay reads the moves only)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from db.records import NO_HOST, GameRecord, Seat, SeatChange
from service.change import TableChange, announcement
from service.errors import NeedsConsent, NotSeated, TableError
from service.games import retrying
from service.languages import stand_in_name
from service.play import PlayingPart
from service.timing import Timing
from service.turn_clock import clocks_after_seat_change, deadline_at

CONSENT_HOURS = 24
"""How long a request to hand over a seat waits for its holder's answer."""


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
        old = seats[seat]
        seats[seat] = Seat(None, stand_in_name(old.name, record.language), bot=True)
        host = None
        if user_id == record.host_id:
            members = [s.user_id for s in seats if not s.bot and s.user_id is not None]
            host = members[0] if members else NO_HOST
        logged = SeatChange(seat, user_id, old.name, None, seats[seat].name, user_id, "left")
        change = TableChange.begin(record)
        note = {"type": "left", "seat": seat, "old": old.name}
        told = announcement(record, replace(record, seats=tuple(seats)), notes=[note])
        change.record = await self.store.save_seats(
            record.id, record.version, seats, host_id=host, seat_log=logged, announce=told
        )
        change.notes.append(note)
        return change

    def consent_expires(self) -> datetime:
        """When a request made now to hand over a seat lapses."""
        return self.clock() + timedelta(hours=CONSENT_HOURS)

    async def replace(
        self,
        game_id: int,
        user_id: int,
        seat: int,
        member: tuple[int, str] | None,
        *,
        manager: bool,
        holder_present: bool = True,
    ) -> TableChange:
        """Give a running game's seat (0-based) to another member (`(user_id, name)`), or to a
        bot when `member` is None (host or server manager). A member holds one seat: one who is
        seated, or whose own seat a bot plays after missed deadlines (`/game rejoin` takes that
        back), gets no other. A seat a member holds changes hands only if they asked for it
        themselves, have left the server (`holder_present` false, as the caller found out) or
        their turn deadline has passed; else NeedsConsent (nothing changes; see `consent`). The
        action log keeps who made each earlier move, and logs the change. The seat's wait
        restarts, so the new player's buttons are their own."""

        async def attempt() -> TableChange:
            record = await self.games.running(game_id)
            if user_id != record.host_id and not manager:
                raise TableError("error.host_only_manage")
            new = self._newcomer(record, seat, member)
            old = record.seats[seat]
            if old.bot:
                reason = "bot_seat"
            elif old.user_id == user_id:
                reason = "own"
            elif not holder_present:
                reason = "absent"
            elif await self._deadline_passed(record, seat):
                reason = "deadline"
            else:
                assert old.user_id is not None
                raise NeedsConsent(seat, old.user_id)
            return await self._hand_over(record, seat, new, user_id, reason)

        return await self.play.run_bots(await retrying(attempt))

    async def consent(
        self,
        game_id: int,
        holder_id: int,
        seat: int,
        member: tuple[int, str] | None,
        expires: datetime,
    ) -> TableChange:
        """The member `holder_id` agrees to hand their seat to `member` (None: a bot), as asked
        by a request that lapses at `expires`. Refused (TableError, nothing changes) when the
        request has lapsed, the seat is no longer theirs, or the newcomer may not take it."""

        async def attempt() -> TableChange:
            if self.clock() >= expires:
                raise TableError("seat.request_expired")
            record = await self.games.running(game_id)
            if not 0 <= seat < len(record.seats) or record.seat_of(holder_id) != seat:
                raise TableError("seat.request_outdated")
            new = self._newcomer(record, seat, member)
            return await self._hand_over(record, seat, new, holder_id, "consent")

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
                raise TableError("error.rejoin_already_seated")
            if seat is None:
                raise TableError("error.nothing_to_rejoin")
            old = record.seats[seat]
            new = Seat(user_id, name)
            logged = SeatChange(seat, None, old.name, user_id, name, user_id, "rejoined")
            change = TableChange.begin(record)
            note = {"type": "rejoined", "seat": seat}
            change.record = await self._seat_change(record, seat, new, logged, note)
            change.notes.append(note)
            change.hands_changed.add(seat)
            return change

        return await self.play.run_bots(await retrying(attempt))

    @staticmethod
    def _newcomer(record: GameRecord, seat: int, member: tuple[int, str] | None) -> Seat:
        """Who would hold `seat`: `member`, or a bot (None). TableError when the seat does not
        exist or the newcomer may not take it."""
        if not 0 <= seat < len(record.seats):
            raise TableError("error.no_such_seat", count=len(record.seats))
        old = record.seats[seat]
        if member is None:
            if old.bot and old.user_id is None:
                raise TableError("error.seat_is_bot")
            return Seat(
                None,
                old.name if old.bot else stand_in_name(old.name, record.language),
                bot=True,
            )
        if record.seat_of(member[0]) is not None:
            raise TableError("error.already_seated")
        benched = record.benched_seat_of(member[0])
        if benched is not None and benched != seat:  # one seat per member
            raise TableError("error.benched_use_rejoin")
        return Seat(member[0], member[1])

    async def _deadline_passed(self, record: GameRecord, seat: int) -> bool:
        """Whether `seat` waits and its turn deadline has passed."""
        if seat not in record.waiting:
            return False
        timing = Timing.of(record.timing)
        for timer in await self.store.turn_timers(record.id):
            if timer.seat == seat and timer.since_version == record.waiting[seat]:
                due = deadline_at(timer, timing)
                return due is not None and due <= self.clock()
        return False

    async def _hand_over(
        self, record: GameRecord, seat: int, new: Seat, by: int, reason: str
    ) -> TableChange:
        """Save `new` in `seat` (made by member `by`, for `reason`) and say so."""
        old = record.seats[seat]
        held = None if old.bot else old.user_id
        logged = SeatChange(seat, held, old.name, new.user_id, new.name, by, reason)
        change = TableChange.begin(record)
        note = {"type": "replaced", "seat": seat, "old": old.name}
        change.record = await self._seat_change(record, seat, new, logged, note)
        change.notes.append(note)
        if not new.bot:
            change.hands_changed.add(seat)
        return change

    async def _seat_change(
        self, record: GameRecord, seat: int, new: Seat, logged: SeatChange, note: dict[str, Any]
    ) -> GameRecord:
        """Save `new` in `seat` and log the change: its auto-move count is cleared and, if it
        waits, its wait starts again (`clocks_after_seat_change`); the channel is told `note`.
        A member in a deserted game ends its desertion (its count towards abandonment starts
        afresh if it is ever deserted again)."""
        seats = list(record.seats)
        seats[seat] = new
        counts = {s: n for s, n in record.auto_moves.items() if s != seat}
        timing = Timing.of(record.timing)
        back = None
        if timing.deserted_at is not None and not new.bot:
            back = replace(timing, deserted_at=None, deserted_reminders=0).to_json()
        clocks = clocks_after_seat_change(record, seat, self.clock())
        after = replace(record, seats=tuple(seats), waiting=dict(clocks.waiting))
        hands = set() if new.bot else {seat}
        return await self.store.save_seat_change(
            record.id,
            record.version,
            seats=seats,
            auto_moves=counts,
            clocks=clocks,
            seat_log=logged,
            timing=back,
            announce=announcement(record, after, notes=[note], hands_changed=hands),
        )
