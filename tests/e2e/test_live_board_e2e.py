"""The quiet channel (issue 15): one live board at a time. Decisions inside one turn (each bid
of Money's simultaneous round) edit the live board in place and ping nobody; a new turn posts a
new board that pings exactly the players who must act now, and the previous board collapses
into its text (what happened, no picture, no buttons). A game may keep every board instead."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from fakediscord import FakeDiscord
from fakediscord.messages import FakeMessage
from tests.e2e.table import MoneyTable, bid_cards, button_labels, refusal, running_table


@pytest_asyncio.fixture
async def table(fake_discord: FakeDiscord, tmp_path) -> AsyncIterator[MoneyTable]:
    async with running_table(fake_discord, tmp_path / "tavolo.db", MoneyTable) as tavolo:
        yield tavolo


def pictures(message: FakeMessage) -> list[str]:
    return [a.filename for a in message.attachments]


async def test_bids_of_one_round_edit_the_live_board_and_the_next_turn_collapses_it(table):
    users = [table.fake.add_user(name) for name in ("alice", "bob", "carol")]
    await table.seat_players(users[0], users[1:])
    first = table.board()
    assert first.pinged == {u.id for u in users}, "the first round pings every bidder once"
    posted = len(table.chan.messages())
    record = await table.record()
    seats = sorted(record.waiting)
    for seat in seats[:-1]:  # every bid but the last: the same board, edited, no new post
        result = await table.bid(seat, bid_cards(await table.decide(seat)))
        assert result.response_type is not None
        assert len(table.chan.messages()) == posted, "a bid inside the round posts nothing"
        assert table.board().id == first.id and "table.png" in pictures(table.board())
        assert first.revisions, "the live board was edited in place"
    last = seats[-1]
    await table.bid(last, bid_cards(await table.decide(last)))

    after = await table.record()
    new = table.board()
    assert new.id != first.id, "the round's end begins a new turn: a new board"
    waiting_members = {after.seats[s].user_id for s in after.waiting if not after.seats[s].bot}
    assert new.pinged == waiting_members
    collapsed = table.fake.world.messages[first.id]
    assert pictures(collapsed) == [] and not collapsed.components, "collapsed to text"
    assert collapsed.content.startswith("**Money**")
    assert "bid" in collapsed.content.lower(), collapsed.content
    with_pictures = [m for m in table.chan.messages() if m.attachments]
    assert with_pictures == [new], "one picture in the channel: the live board"


async def test_a_game_that_keeps_every_board_posts_each_state_with_its_picture(table):
    users = [table.fake.add_user(name) for name in ("alice", "bob", "carol")]
    await table.seat_players(users[0], users[1:])
    result = await users[0].slash(table.chan, "game settings", boards="all")
    assert not result.ephemeral, result.content
    record = await table.record()
    seat = sorted(record.waiting)[0]
    posted = len(table.chan.messages())
    await table.bid(seat, bid_cards(await table.decide(seat)))
    assert len(table.chan.messages()) == posted + 1
    boards = [m for m in table.boards() if m.attachments]
    assert len(boards) >= 2, "the earlier board keeps its picture"
    assert not boards[-2].components, "only the newest board has buttons"


async def test_the_end_of_a_game_is_one_post_with_its_length_and_a_rematch(table):
    """Issue 15: the final post ranks the players, says how long the game took, and offers a
    Rematch: a new lobby with the same options and bots, where the same players join with one
    click; someone who did not play cannot start it."""
    alice, bob, eve = (table.fake.add_user(name) for name in ("alice", "bob", "eve"))
    await table.seat_players(alice, [bob], bots=1)
    final = await table.play_to_end()
    board = table.board()
    assert "🏆" in board.content and "turns over" in board.content, board.content
    assert button_labels(board) == ["Rematch"]
    assert [m for m in table.chan.messages() if m.attachments][-1].id == board.id

    refused = await eve.press(board, "Rematch")
    assert refused.ephemeral and "Only the players" in refused.content
    result = await bob.press(board, "Rematch")
    assert not result.ephemeral and result.message is not None
    assert alice.id in result.message.pinged and "Join" in result.content
    lobby = result.message
    record = await table.bot.store.active_game(table.chan.id)
    assert record is not None and record.status == "lobby" and record.id != final.id
    assert record.options == final.options and record.host_id == bob.id
    assert [s.bot for s in record.seats] == [False, True]
    joined = await alice.press(lobby, "Join")
    assert refusal(joined) is None
    record = await table.bot.store.active_game(table.chan.id)
    assert record is not None and {s.user_id for s in record.seats if not s.bot} == {
        alice.id,
        bob.id,
    }
