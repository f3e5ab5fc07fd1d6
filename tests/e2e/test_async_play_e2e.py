"""Asynchronous play end to end: the production bot on the loopback Discord, with the bot's
clock moved by the test and its timer loop's check run directly (no sleeping).

A silent player is moved for by deadlines and then replaced by a bot, so the game still ends;
a player who asked for DM notices hears of their turns only by DM, one who asked for both gets
a mention and a DM; the host's commands for a game that lasts days (settings, pause, resume,
replace, rejoin) and the `/games` overview.
"""

from __future__ import annotations

from fakediscord.permissions import MANAGE_GUILD
from tests.e2e.table import MONEY, MoneyTable, bid_cards, refusal
from tests.e2e.test_money_e2e import check_finished_board, people, table

__all__ = ["table"]  # the fixture

TURN_DM = "🔔 Your turn in"


async def member_acts(table: MoneyTable, seat: int) -> None:
    """The member in `seat` plays what the bot policy would, through the UI."""
    record = await table.record()
    action = await table.decide(seat)
    if record.state["phase"] == "bid":
        result = await table.bid(seat, bid_cards(action), "board")
    else:
        result = await table.exchange(seat, action)
    assert refusal(result) is None, refusal(result)


async def test_a_silent_player_is_moved_for_and_then_replaced_so_the_game_ends(table) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.open_lobby(alice)  # the settings are made before the game, so turn 1 has them
    result = await bob.slash(table.chan, "game settings", deadline_hours=2)
    assert result.ephemeral and result.content.startswith("Only the host or a server manager")
    result = await alice.slash(table.chan, "game settings", deadline_hours=2, auto_moves=2)
    assert not result.ephemeral and "silent for 2 h" in result.content
    assert "after 2 such turns" in result.content
    assert "next turn" not in result.content  # no game under way: nothing to keep
    for user in (bob, carol):
        await user.press(table.lobby, "Join")
    await alice.press(table.lobby, "Start")
    record = await table.record()
    table.users = [{u.id: u for u in (alice, bob, carol)}[s.user_id] for s in record.seats]
    silent = table.seat_of(carol)

    timed = []
    for _ in range(200):
        record = await table.record()
        if record.status != "running":
            break
        others = [s for s in sorted(record.waiting) if s != silent and not record.seats[s].bot]
        if others:
            await member_acts(table, others[0])
            continue
        assert silent in record.waiting
        assert not (await table.run_timers(hours=1, minutes=59)).changes  # not yet
        tick = await table.run_timers(minutes=1)
        assert len(tick.changes) == 1 and tick.changes[0].moves[0][0] == silent
        timed.append(table.board())

    final = await table.record()
    check_finished_board(table, final)
    assert len(timed) == 2  # two deadline moves, then a bot had the seat for good
    assert "carol ran out of time; the bot played their turn (1 of 2" in timed[0].content
    assert "carol ran out of time; the bot played their turn (2 of 2" in timed[1].content
    assert f"🤖 {carol.mention} missed 2 deadlines in a row" in timed[1].content
    assert carol.id not in timed[1].pinged
    assert final.seats[silent].bot and final.seats[silent].user_id == carol.id
    log = await table.actions()
    assert all(a.user_id is None for a in log if a.seat == silent)
    assert {a.user_id for a in log if a.seat != silent} == {alice.id, bob.id}


async def test_a_player_who_asked_for_dm_notices_gets_dms_and_no_mentions(table) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    result = await bob.slash(table.chan, "settings", notice="dm")
    assert result.ephemeral and result.content.startswith("Saved.") and "a DM" in result.content
    result = await bob.slash(table.chan, "settings")
    assert result.ephemeral and "a DM (no mention in the channel)" in result.content

    record = await table.seat_players(alice, [bob, carol])
    first = table.board()
    assert first.pinged == {alice.id, carol.id}  # bob is named there, not pinged
    assert bob.mention in first.content
    (dm,) = bob.dms()
    assert dm.content.startswith(f"{TURN_DM} <#{table.chan.id}>.")

    # A day later, nobody has bid: a reminder each, bob's by DM only.
    tick = await table.run_timers(hours=24)
    assert sorted(r.user_id for r in tick.reminders) == sorted(u.id for u in (alice, bob, carol))
    reminders = [m for m in table.chan.messages() if m.content.startswith("⏰")]
    assert sorted(p for m in reminders for p in m.pinged) == sorted([alice.id, carol.id])
    assert "it is still your turn in **Money**" in reminders[0].content
    assert bob.dms()[-1].content.startswith("⏰ Reminder 1 of 3")
    assert len(bob.dms()) == 2

    # The rest of the game: every player hears once per turn in which they must act.
    must_act = {(s, MONEY.turn(record.state)) for s in record.waiting}
    while record.status == "running":
        await table.play_step()
        record = await table.record()
        if record.status == "running":
            must_act |= {(s, MONEY.turn(record.state)) for s in record.waiting}

    check_finished_board(table, record)
    boards = table.boards()
    assert all(bob.id not in b.pinged for b in boards)
    for user in (alice, carol):
        turns = [k for k in must_act if k[0] == table.seat_of(user)]
        assert sum(user.id in b.pinged for b in boards) == len(turns)
        assert len(user.dms()) == 1  # their hand DM, edited in place
    # Bob got a new DM for each turn (and the reminder); it is edited once he has acted.
    bob_turns = [k for k in must_act if k[0] == table.seat_of(bob)]
    assert len(bob.dms()) == len(bob_turns) + 1


async def test_a_player_who_asked_for_both_gets_a_mention_and_a_dm_each_turn(table) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    result = await bob.slash(table.chan, "settings", notice="both")
    assert result.ephemeral and "a mention in the channel and a DM" in result.content

    record = await table.seat_players(alice, [bob, carol])
    assert table.board().pinged == {alice.id, bob.id, carol.id}  # bob pinged too
    (dm,) = bob.dms()
    assert dm.content.startswith(f"{TURN_DM} <#{table.chan.id}>.")  # and told by DM
    assert not alice.dms()[0].content.startswith(TURN_DM)  # a mention only

    # A day later: bob's reminder comes both ways.
    tick = await table.run_timers(hours=24)
    assert sorted(r.user_id for r in tick.reminders) == sorted(u.id for u in (alice, bob, carol))
    reminders = [m for m in table.chan.messages() if m.content.startswith("⏰")]
    assert sorted(p for m in reminders for p in m.pinged) == sorted([alice.id, bob.id, carol.id])
    assert bob.dms()[-1].content.startswith("⏰ Reminder 1 of 3")
    assert len(bob.dms()) == 2 and len(alice.dms()) == 1

    # The rest of the game: for each of bob's turns, one mention and one new DM.
    must_act = {(s, MONEY.turn(record.state)) for s in record.waiting}
    while record.status == "running":
        await table.play_step()
        record = await table.record()
        if record.status == "running":
            must_act |= {(s, MONEY.turn(record.state)) for s in record.waiting}
    check_finished_board(table, record)
    bob_turns = [k for k in must_act if k[0] == table.seat_of(bob)]
    assert sum(bob.id in b.pinged for b in table.boards()) == len(bob_turns)
    assert len(bob.dms()) == len(bob_turns) + 1  # a new hand DM per turn (edited once he acted)
    assert all(len(u.dms()) == 1 for u in (alice, carol))  # theirs edited in place


async def test_host_commands_for_a_game_that_lasts_days(table) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    dave, erin = people(table, "dave", "erin")
    table.guild.grant(erin, table.guild.add_role("Mods", MANAGE_GUILD))
    result = await alice.slash(table.chan, "games")
    assert result.ephemeral and result.content.startswith("No game is being played")
    await table.seat_players(alice, [bob, carol])

    result = await bob.slash(table.chan, "game settings")  # anyone may look
    assert result.ephemeral and "reminders every 24 h (at most 3)" in result.content
    assert "no deadline" in result.content
    result = await dave.slash(table.chan, "games")
    assert result.ephemeral and f"<#{table.chan.id}> · **Money** #{table.game_id}" in result.content
    assert "waiting for" in result.content and "<t:" in result.content
    assert result.message.pinged == set()

    # Pause (a server manager may), moves still count, nothing is due while paused.
    result = await bob.slash(table.chan, "game pause")
    assert result.ephemeral and result.content.startswith("Only the host or a server manager")
    result = await erin.slash(table.chan, "game pause")
    assert not result.ephemeral and "is paused" in result.content
    await member_acts(table, 0)
    tick = await table.run_timers(days=3)
    assert tick.reminders == [] and tick.changes == []
    status = await bob.slash(table.chan, "game status")
    assert status.ephemeral and "⏸ Paused" in status.content and "Players: 1. " in status.content
    result = await alice.slash(table.chan, "game resume")
    assert not result.ephemeral and "start again now" in result.content
    assert (await table.run_timers(hours=23)).reminders == []
    assert len((await table.run_timers(hours=1)).reminders) == 2

    # Replace bob by dave: bob still plays, so he is asked by DM and agrees; dave is pinged and
    # gets the hand; bob can no longer play.
    result = await alice.slash(table.chan, "game replace", seat=2, member=dave)
    assert result.ephemeral and "I asked them by DM" in result.content
    assert (await table.record()).seats[1].user_id == bob.id  # nothing changed yet
    result = await bob.press(bob.dms()[-1], "Hand over my seat")
    assert result.content == f"Done: {dave.mention} plays your seat from now on."
    board = table.board()
    assert "bob's seat is now played by" in board.content and board.pinged == {dave.id}
    assert len(dave.dms()) == 1
    result = await bob.slash(table.chan, "hand")
    assert result.ephemeral and result.content == "You are not playing in this game."
    table.users[1] = dave
    await member_acts(table, 1)

    # Carol's seat to a bot, then she takes it back.
    result = await erin.slash(table.chan, "game replace", seat=3)
    assert "I asked them by DM" in result.content
    result = await carol.press(carol.dms()[-1], "Hand over my seat")
    assert result.content == "Done: a bot plays your seat from now on."
    assert "carol's seat is now played by carol (bot)" in table.board().content
    record = await table.record()
    assert record.seats[2].bot and record.seats[2].user_id is None
    result = await carol.slash(table.chan, "game rejoin")  # replaced by the host: no way back
    assert result.ephemeral and result.content == "You have no seat to take back in this game."
    result = await alice.slash(table.chan, "game replace", seat=3, member=carol)
    assert "is now played by" in table.board().content
    table.users[2] = carol
    result = await carol.slash(table.chan, "game rejoin")
    assert result.ephemeral and result.content == "You are playing your seat already."
    assert refusal(await alice.slash(table.chan, "game replace", seat=9)) is not None

    await play_until_seat_acts(table, 2)
    # The log keeps who made each move of a seat that changed hands.
    log = await table.actions()
    assert {a.user_id for a in log if a.seat == 1} == {dave.id}
    assert [a.user_id for a in log if a.seat == 2][:1] == [None]
    assert [a.user_id for a in log if a.seat == 2][-1] == carol.id


async def play_until_seat_acts(table: MoneyTable, seat: int) -> None:
    """Members play until `seat` has made a move."""
    for _ in range(50):
        record = await table.record()
        waiting = sorted(s for s in record.waiting if not record.seats[s].bot)
        await member_acts(table, waiting[0])
        if (await table.actions())[-1].seat == seat:
            return
    raise AssertionError(f"seat {seat} never acted")


async def test_a_30_hour_outage_of_the_bot_moves_nobody_and_delays_the_deadline(table) -> None:
    """The production bot is stopped for 30 hours with a 24-hour deadline running: its first
    timer check after the start-up holds every clock for the outage, so nobody is moved for,
    and the deadline passes 30 hours later than it would have."""
    alice, bob, carol = people(table, "alice", "bob", "carol")
    timing = {"deadline_hours": 24, "reminder_hours": 0}  # set in the lobby: the first turn's
    await table.seat_players(alice, [bob, carol], timing=timing)
    await table.run_timers()  # the loop's heartbeat, as it beats while the bot is up
    boards = len(table.boards())

    await table.stop_bot()
    table.clock.advance(hours=30)
    await table.start_bot()
    tick = await table.run_timers()  # the first check after the start-up (or the loop's own)

    assert tick.changes == [] and len(table.boards()) == boards
    assert (await table.record()).auto_moves == {}
    assert (await table.run_timers(hours=23, minutes=59)).changes == []
    tick = await table.run_timers(minutes=1)  # 54 h after the start: 24 of them counted
    assert len(tick.changes) == 3  # each silent bidder is moved for now
