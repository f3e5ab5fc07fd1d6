"""Seats over days, end to end: `/game status` marks the turns a deadline played for a seat and
a seat a bot took over; the player takes it back with `/game rejoin` and plays again; a member
never gets a second seat; a host who leaves hands hosting on, and the channel is told."""

from __future__ import annotations

from fakediscord import FakeUser
from service.change import TableChange
from tests.e2e.table import MoneyTable, refusal
from tests.e2e.test_async_play_e2e import member_acts, play_until_seat_acts
from tests.e2e.test_money_e2e import people, table

__all__ = ["table"]  # the fixture

REJOIN = "`/game rejoin` takes the seat back"
MARK = "turns played by the bot"


async def to_deadline(table: MoneyTable, silent: int, hours: float) -> list[TableChange]:
    """The others act until only `silent` must act; then its deadline passes. Returns the
    steps the timer check made."""
    for _ in range(100):
        record = await table.record()
        others = [s for s in sorted(record.waiting) if s != silent and not record.seats[s].bot]
        if not others:
            break
        await member_acts(table, others[0])
    assert silent in (await table.record()).waiting
    return (await table.run_timers(hours=hours)).changes


async def status(table: MoneyTable, user: FakeUser) -> str:
    result = await user.slash(table.chan, "game status")
    assert result.ephemeral, result.content
    return result.content


async def test_the_status_marks_a_seat_and_its_player_rejoins_and_plays_again(table) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol], timing={"deadline_hours": 2, "auto_moves": 2})
    text = await status(table, bob)
    assert f"3. {carol.mention}" in text and MARK not in text

    assert len(await to_deadline(table, 2, hours=2)) == 1
    assert f"3. {carol.mention} ⏱ 1 of 2 turns played by the bot" in await status(table, bob)

    assert len(await to_deadline(table, 2, hours=2)) == 1  # the second: a bot takes the seat
    record = await table.record()
    assert record.status == "running" and record.seats[2].bot
    text = await status(table, bob)
    assert f"3. carol (bot) 🤖 (for {carol.mention}: {REJOIN})" in text

    # Her seat is hers to take back, not a second seat to be given.
    result = await alice.slash(table.chan, "game replace", seat=1, member=carol)
    assert (
        result.ephemeral
        and "own seat is played" in result.content
        and "/game rejoin" in result.content
    )
    assert (await table.record()).seats == record.seats  # nothing changed

    result = await carol.slash(table.chan, "game rejoin")
    assert result.ephemeral and result.content == "Done."
    assert f"👋 {carol.mention} is back and plays their seat again." in table.board().content
    record = await table.record()
    assert not record.seats[2].bot and record.seat_of(carol.id) == 2
    text = await status(table, bob)
    assert f"3. {carol.mention}" in text and MARK not in text and REJOIN not in text
    result = await carol.slash(table.chan, "game rejoin")
    assert result.ephemeral and result.content == "You are playing your seat already."

    await play_until_seat_acts(table, 2)
    assert (await table.actions())[-1].user_id == carol.id  # she plays again


async def test_a_host_who_leaves_hands_hosting_to_the_next_seated_member(table) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])

    result = await alice.slash(table.chan, "game leave")

    assert not result.ephemeral
    assert result.content == (
        f"alice left the game; a bot plays their seat from now on. {bob.mention} is the host now."
    )
    assert result.message.pinged == set()  # named, not pinged
    result = await alice.slash(table.chan, "game pause")
    assert refusal(result) is not None and "Only the host" in result.content
    result = await bob.slash(table.chan, "game pause")
    assert not result.ephemeral and "is paused" in result.content
    result = await carol.slash(table.chan, "game leave")  # not the host: hosting stays
    assert result.content == "carol left the game; a bot plays their seat from now on."
