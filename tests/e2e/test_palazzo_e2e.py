"""Palazzo end to end: the production bot (bot.py and its cogs) on the loopback Discord.

Players act only as people would: the board's buttons, their hand panel (suggestion buttons,
menus, confirm), and `/move`. The tests read the database only to decide what a player does
and to check what changed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from fakediscord import FakeDiscord
from games import presentation
from rules.palazzo.components import MONEY, TILES
from tests.e2e.palazzo_table import PALAZZO, PalazzoTable
from tests.e2e.table import button_labels, buttons, refusal, running_table

PNG = b"\x89PNG\r\n\x1a\n"
NOT_YOUR_TURN = "It is not your turn."


@pytest_asyncio.fixture
async def table(fake_discord: FakeDiscord, tmp_path) -> AsyncIterator[PalazzoTable]:
    """A server with #games and the production bot running on a fresh database."""
    async with running_table(
        fake_discord, tmp_path / "tavolo.db", PalazzoTable, seed=20_251_122
    ) as tavolo:
        yield tavolo


async def unchanged_after(table: PalazzoTable, result, before) -> str:
    """The refusal text of `result`; the game did not change."""
    text = refusal(result)
    assert text, "the move was not refused"
    after = await table.record()
    assert after.version == before.version and after.state == before.state
    return text


async def try_refusals(table: PalazzoTable, seen: set[str]) -> None:
    """Where the position allows it, a member tries an illegal move first: acting out of turn,
    a payment in two currencies, a floor on top of a higher one."""
    record = await table.record()
    (seat,) = record.waiting
    state = record.state
    others = [s for s, u in enumerate(table.users) if u is not None and s != seat]
    if "turn" not in seen and others and record.seats[seat].bot is False:
        result = await table.move(others[0], "money")
        assert NOT_YOUR_TURN in await unchanged_after(table, result, record)
        seen.add("turn")
    if record.seats[seat].bot:
        return
    hand = state["hands"][seat]
    if "currencies" not in seen and state["phase"] == "acquire" and state["warehouse"]:
        by = {}
        for c in hand:
            if MONEY[c].currency:
                by.setdefault(MONEY[c].currency, c)
        if len(by) >= 2:
            two = list(by.values())[:2]
            result = await table.move(seat, f"buy {state['warehouse'][0]},{two[0]},{two[1]}")
            text = await unchanged_after(table, result, record)
            assert "two currencies in one payment" in text, text
            seen.add("currencies")
    if "floor" not in seen and state["phase"] == "build":
        for k, palazzo in enumerate(state["palazzi"][seat]):
            for tile in state["pending"]["tiles"]:
                top = TILES[palazzo[-1]].floor
                if TILES[tile].floor <= top:
                    result = await table.move(seat, f"build {k + 1} {tile}")
                    text = await unchanged_after(table, result, record)
                    floor = TILES[tile].floor
                    assert f"Floor {floor} cannot go on top of floor {top}" in text, text
                    seen.add("floor")
                    return


async def play_whole_game(table: PalazzoTable, limit: int = 800) -> tuple[set[str], set[str]]:
    """Play to the end, checking pings and the waiting line; returns the refusals tried and the
    waiting hints seen."""
    seen: set[str] = set()
    hints: set[str] = set()
    last: tuple[int, str] | None = None
    last_board = 0
    pings = repeats = 0
    for _ in range(limit):
        record = await table.record()
        if record.status != "running":
            assert pings and repeats, (pings, repeats)
            return seen, hints
        (seat,) = record.waiting
        board = table.board()
        user = table.user_of(seat)
        assert user is not None
        assert f"Waiting for: {user.mention} to " in board.content, board.content
        hints.add(board.content.split(f"{user.mention} to ")[1].split("\n")[0])
        # the waiting member is pinged once per decision: a new seat or turn label is a new
        # board post that pings them; the next step of the same decision (a second tile to
        # build) edits the live board in place, which notifies nobody
        label = (seat, PALAZZO.turn(record.state))
        if label == last:
            assert board.id == last_board, "the same decision keeps the live board"
        else:
            assert board.id != last_board and board.pinged == {user.id}, (label, last)
        pings += label != last
        repeats += label == last
        last, last_board = label, board.id
        await try_refusals(table, seen)
        await table.play_step()
    raise AssertionError("the game did not end")


def check_finished(table: PalazzoTable, record) -> None:
    outcome = PALAZZO.outcome(record.state)
    assert outcome is not None and len(record.state["knights"]) == 5
    board = table.board()
    public = PALAZZO.view(record.state, None)
    result = presentation("palazzo").result_lines(public, record.names(), "en")
    assert result and "🏆 **Game over.**" in board.content
    assert all(line in board.content for line in result), "the result says what decided it"
    assert all(f"🏆 1st {record.seats[s].name}" in board.content for s in outcome.winners)
    assert "The fifth knight ends the game." in board.content
    assert [a.filename for a in board.attachments] == ["table.png", "scores.png"]
    assert all(a.data.startswith(PNG) for a in board.attachments)
    assert button_labels(board) == ["Rematch"], "only a rematch is offered at the end"
    assert all(not buttons(old) for old in table.boards()[:-1])


async def test_two_members_play_a_full_game_through_buttons_menus_and_move(table):
    alice, bob = table.fake.add_user("alice"), table.fake.add_user("bob")
    await table.seat_players(alice, [bob])
    first = table.board()
    assert [a.filename for a in first.attachments] == ["table.png"]
    seen, hints = await play_whole_game(table)
    final = await table.record()
    assert final.status == "finished"
    check_finished(table, final)
    log = await table.actions()
    assert {a.user_id for a in log} == {alice.id, bob.id}
    verbs = {a.action.split()[0] for a in log}
    assert {"money", "pick", "tiles", "auction", "bid", "pass", "new", "build"} <= verbs
    assert {"buy", "rebuild"} & verbs
    # every way in was used: board buttons (also into the buy and rebuild steps), suggestion
    # buttons, the menus, and /move
    assert table.via_counts["board button"] and table.via_counts["suggestion button"]
    assert table.via_counts["board step"]
    assert table.via_counts["/move"] and table.via_counts["board menu"]
    assert {"turn", "floor", "currencies"} <= seen
    assert {"bid or pass", "build a tile", "buy or auction"} <= hints
    for user in (alice, bob):
        assert user.dms(), "no hand came by DM"
    assert not table.fake.failures


async def test_one_member_and_three_bots_play_a_full_four_player_game(table):
    alice = table.fake.add_user("alice")
    record = await table.seat_players(alice, [], bots=3)
    assert len(record.seats) == 4 and sum(s.bot for s in record.seats) == 3
    await play_whole_game(table)
    final = await table.record()
    check_finished(table, final)
    log = await table.actions()
    alice_seat = table.seat_of(alice)
    assert {a.seat for a in log} == {0, 1, 2, 3}
    assert all(a.user_id == alice.id for a in log if a.seat == alice_seat)
    assert not table.fake.failures
