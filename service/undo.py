"""Undo, on Board Game Arena's terms: the member who made the last action may take it back
while nobody else has acted since (no other seat's move, no seat change, no earlier undo), and
only if the action revealed nothing (the game's `undoable`, `rules/<game>/undo.py`).

The state before the action is rebuilt by replaying the log from the seed without it; the undo
is one versioned save (`Store.save_undo`) that logs an `undo` row (the log stays append-only,
and `Store.actions` leaves undone moves out, so replays give the same state), restores the
waits (the member's own clock goes on when the turn is the same), and tells the channel
(`{"type": "undone"}` note) and the panels whose hands changed. A move of another seat racing
the undo: one save wins; the other reads the game again (the undo is then refused, or the move
is checked against the restored state).
"""

from __future__ import annotations

import json
from dataclasses import replace

from db.records import ActionRecord, GameRecord
from games import rules_of
from service.change import TableChange, announcement, hand_of
from service.errors import NotSeated, TableError
from service.games import retrying
from service.play import PlayingPart
from service.turn_clock import clocks_after_action


def undo_refusal(
    record: GameRecord, log: list[ActionRecord], seat: int, user_id: int, version: int | None
) -> TableError | ActionRecord:
    """The member's last move, if they may try to take it back now (`version`: the move a
    button was made for); else the refusal:
    `undo.already` (it was taken back), `undo.someone_acted` (another seat acted, or the seats
    changed, since), `undo.not_yours` (the last move is another's), `undo.nothing`."""
    last = log[-1] if log else None
    if last is None:
        return TableError("undo.nothing")
    if last.kind == "undo":
        undone = json.loads(last.action)["undone"]
        if last.user_id != user_id:
            return TableError("undo.not_yours")
        if version is None or undone == version:
            return TableError("undo.already")
        return TableError("undo.someone_acted")
    if version is not None:
        made = next((e for e in log if e.kind == "move" and e.version == version), None)
        if made is not None and (made.user_id != user_id or made.seat != seat):
            return TableError("undo.not_yours")  # another member's button (a forged press)
        if last.version != version:
            return TableError("undo.someone_acted")
    if last.kind != "move":
        return TableError("undo.someone_acted")
    if last.seat != seat or last.user_id != user_id:
        mine = any(e.kind == "move" and e.user_id == user_id and e.seat == seat for e in log)
        return TableError("undo.someone_acted" if mine else "undo.not_yours")
    return last


class Undo(PlayingPart):
    """Taking back a member's last action."""

    async def undo(self, game_id: int, user_id: int, *, version: int | None = None) -> TableChange:
        """Take back the member's last action (`version`: the one a button was made for).
        Raises TableError with the reason when refused; nothing changes then."""

        async def attempt() -> TableChange:
            record = await self.games.game(game_id)
            if record.status != "running":
                raise TableError("error.not_running")
            seat = record.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            found = undo_refusal(record, await self.store.log(game_id), seat, user_id, version)
            if isinstance(found, TableError):
                raise found
            return await self._take_back(record, seat, user_id, found)

        return await self.play.run_bots(await retrying(attempt))

    async def _take_back(
        self, record: GameRecord, seat: int, user_id: int, last: ActionRecord
    ) -> TableChange:
        """Save the state before `last` (raises TableError `undo.reveals` if the rules say the
        action may not be undone; StaleVersion if the game moved meanwhile)."""
        game = rules_of(record.game)
        assert record.state is not None and record.seed is not None
        moves = await self.store.actions(record.id)
        if not moves or moves[-1].version != last.version:
            raise TableError("undo.someone_acted")
        before = game.new_game(len(record.seats), dict(record.options), record.seed)
        for entry in moves[:-1]:
            before = game.apply(before, entry.seat, entry.action)
        if not game.undoable(before, record.state, seat, last.action):
            raise TableError("undo.reveals")
        clocks = clocks_after_action(game, record, before, seat, by_deadline=False, at=self.clock())
        changed = {
            s
            for s in range(len(record.seats))
            if hand_of(game, record.state, s) != hand_of(game, before, s)
        }
        note = {"type": "undone", "seat": seat, "name": record.seats[seat].name}
        after = replace(record, state=before, waiting=dict(clocks.waiting))
        told = announcement(record, after, notes=[note], hands_changed=changed)
        change = TableChange.begin(record)
        change.record = await self.store.save_undo(
            record.id,
            record.version,
            seat=seat,
            user_id=user_id,
            undone=last.version,
            action=last.action,
            state=before,
            clocks=clocks,
            announce=told,
        )
        change.notes.append(note)
        change.hands_changed |= changed
        return change
