"""A seat is its player's (issue 16, point 1): the host cannot hand a present player's seat to
a second account to read its hand; the player is asked by DM and the seat changes only if they
agree, before the request lapses; a player who left the server, or whose turn deadline passed,
can be replaced at once; every seat change is in the action log and in `/game status`; new
deadline settings apply from the next turn and the channel is told."""

from __future__ import annotations

import json

from db.records import SeatChange
from games import rules_of
from tests.e2e.table import MoneyTable
from tests.e2e.test_async_play_e2e import member_acts
from tests.e2e.test_money_e2e import people, table
from tests.e2e.test_seats_e2e import status, to_deadline

__all__ = ["table"]  # the fixture

ASKED = "I asked them by DM"
HAND_OVER, KEEP = "Hand over my seat", "Keep my seat"


async def seat_log(table: MoneyTable) -> list[SeatChange]:
    return [SeatChange.from_log(e) for e in await table.bot.store.seat_changes(table.game_id)]


async def test_a_host_cannot_read_a_present_players_hand_through_a_second_account(
    table: MoneyTable,
) -> None:
    alice, bob, carol, mallory = people(table, "alice", "bob", "carol", "mallory")
    await table.seat_players(alice, [bob, carol])
    before = await table.record()

    result = await alice.slash(table.chan, "game replace", seat=2, member=mallory)

    assert result.ephemeral and ASKED in result.content
    hand = await mallory.slash(table.chan, "hand")
    assert hand.content == "You are not playing in this game."
    assert (await table.record()).seats == before.seats
    request = bob.dms()[-1]
    assert "alice" not in request.content and alice.mention in request.content
    assert mallory.mention in request.content and request.pinged == set()
    assert [b["label"] for row in request.components for b in row["components"]] == [
        HAND_OVER,
        KEEP,
    ]

    result = await bob.press(request, KEEP)
    assert result.content == "You kept your seat. Nothing was changed."
    assert (await table.record()).seats == before.seats and await seat_log(table) == []
    assert "Seat changes" not in await status(table, bob)


async def test_a_request_lapses_and_an_agreed_one_is_logged_and_shown(table: MoneyTable) -> None:
    alice, bob, carol, dave = people(table, "alice", "bob", "carol", "dave")
    await table.seat_players(alice, [bob, carol])
    await alice.slash(table.chan, "game replace", seat=2, member=dave)
    table.clock.advance(hours=25)

    result = await bob.press(bob.dms()[-1], HAND_OVER)  # too late

    assert result.ephemeral and "lapsed" in result.content
    assert (await table.record()).seat_of(bob.id) == 1

    await alice.slash(table.chan, "game replace", seat=2, member=dave)
    result = await bob.press(bob.dms()[-1], HAND_OVER)
    assert result.content == f"Done: {dave.mention} plays your seat from now on."
    assert (await table.record()).seat_of(dave.id) == 1
    assert "bob's seat is now played by" in table.board().content

    (logged,) = await seat_log(table)
    assert (logged.seat, logged.old_user, logged.new_user) == (1, bob.id, dave.id)
    assert (logged.by, logged.reason) == (bob.id, "consent")
    text = await status(table, carol)
    assert f"Seat changes: {bob.mention} → {dave.mention} ({bob.mention} agreed" in text

    # The same answer again changes nothing: the seat is no longer bob's.
    result = await bob.press(bob.dms()[-2], HAND_OVER)
    assert result.ephemeral and "Nothing was changed" in result.content


async def test_a_player_who_left_the_server_is_replaced_at_once(table: MoneyTable) -> None:
    alice, bob, carol, dave = people(table, "alice", "bob", "carol", "dave")
    await table.seat_players(alice, [bob, carol])
    table.guild.kick(bob)
    table.expected_errors.add(10007)  # the bot asks Discord whether bob is still a member

    result = await alice.slash(table.chan, "game replace", seat=2, member=dave)

    assert result.ephemeral and result.content == "Done."
    assert (await table.record()).seat_of(dave.id) == 1
    ((logged),) = await seat_log(table)
    assert (logged.old_user, logged.new_user, logged.reason) == (bob.id, dave.id, "absent")
    assert f"{bob.mention} had left the server" in await status(table, dave)


async def test_a_player_past_their_deadline_is_replaced_at_once(table: MoneyTable) -> None:
    alice, bob, carol, dave = people(table, "alice", "bob", "carol", "dave")
    await table.seat_players(alice, [bob, carol], timing={"deadline_hours": 2})
    for _ in range(20):  # the others act until only carol must act
        record = await table.record()
        others = [s for s in sorted(record.waiting) if s != 2]
        if not others:
            break
        await member_acts(table, others[0])
    result = await alice.slash(table.chan, "game replace", seat=3, member=dave)
    assert ASKED in result.content  # her deadline has not passed yet
    table.clock.advance(hours=2, minutes=1)  # now it has (the timer check has not run yet)

    result = await alice.slash(table.chan, "game replace", seat=3, member=dave)

    assert result.content == "Done."
    ((logged),) = await seat_log(table)
    assert (logged.old_user, logged.reason) == (carol.id, "deadline")


async def test_every_seat_change_is_logged_and_the_moves_still_replay(table: MoneyTable) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol], timing={"deadline_hours": 2, "auto_moves": 1})
    assert len(await to_deadline(table, 2, hours=2)) == 1  # carol's seat goes to a bot
    await carol.slash(table.chan, "game rejoin")
    await bob.slash(table.chan, "game leave")
    await member_acts(table, 0)

    reasons = [(c.seat, c.reason) for c in await seat_log(table)]
    assert reasons == [(2, "missed_deadlines"), (2, "rejoined"), (1, "left")]
    text = await status(table, alice)
    assert "missed deadlines" in text and f"{carol.mention} took it back" in text
    assert f"{bob.mention} left the game" in text

    record = await table.record()
    game = rules_of("money")
    state = game.new_game(3, record.options, record.seed)
    for entry in await table.actions():  # the moves only: the seat rows are not game actions
        state = game.apply(state, entry.seat, entry.action)
    assert state == record.state
    everything = await table.bot.store.log(table.game_id)
    assert {e.kind for e in everything} == {"move", "seat"}
    assert all("reason" in json.loads(e.action) for e in everything if e.kind == "seat")


async def test_new_deadline_settings_apply_from_the_next_turn_and_are_announced(
    table: MoneyTable,
) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])

    result = await alice.slash(table.chan, "game settings", deadline_hours=1, auto_moves=1)

    assert not result.ephemeral and "apply from each player's next turn" in result.content
    assert (await table.run_timers(hours=5)).changes == []  # the turn under way keeps its own
    await table.play_step()  # everyone bids: a new turn
    assert len(await to_deadline(table, 2, hours=1)) == 1  # carol's next turn has the new one
