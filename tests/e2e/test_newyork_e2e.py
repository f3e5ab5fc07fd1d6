"""New York (tile game) end to end: the production bot on the loopback Discord.

Players act as people would: the board's buttons, its Buy… and Pay… into the private panel
(the buildings the money can pay; the payments, exact first, and the money menus with Pay), and
`/move` with autocomplete; refusals (an illegal placement naming the broken rule, a click out of
turn, a non-player's click) change nothing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from fakediscord import FakeDiscord
from games import presentation
from interface import move_menus
from render.private_moves import panel_moves, public_moves
from tests.e2e.newyork_table import NEWYORK, UI, NewYorkTable
from tests.e2e.table import button_labels, buttons, refusal, running_table, selects

PNG = b"\x89PNG\r\n\x1a\n"


@pytest_asyncio.fixture
async def table(fake_discord: FakeDiscord, tmp_path) -> AsyncIterator[NewYorkTable]:
    """A server with #games and the production bot running on a fresh database."""
    async with running_table(fake_discord, tmp_path / "tavolo.db", NewYorkTable) as tavolo:
        yield tavolo


def check_finished(table: NewYorkTable, record) -> None:
    """The last board: the winners, the table and the score sheet, no buttons left."""
    outcome = NEWYORK.outcome(record.state)
    assert outcome is not None and record.status == "finished"
    board = table.board()
    public = NEWYORK.view(record.state, None)
    result = presentation("newyork").result_lines(public, record.names(), "en")
    assert result and "🏆 **Game over.**" in board.content
    assert all(line in board.content for line in result), "the result says what decided it"
    assert all(f"🏆 1st {record.seats[s].name}" in board.content for s in outcome.winners)
    assert [a.filename for a in board.attachments] == ["table.png", "scores.png"]
    assert all(a.data.startswith(PNG) for a in board.attachments)
    assert button_labels(board) == ["Rematch"], "only a rematch is offered at the end"
    assert all(not buttons(old) for old in table.boards()[:-1])


async def test_two_members_play_a_whole_game_with_dirk(table):
    alice, bob = (table.fake.add_user(n) for n in ("alice", "bob"))
    record = await table.seat_players(alice, [bob])
    assert record.state["dirk"] and len(record.state["dirk_tiles"]) == 6
    record = await table.play_to_end(max_steps=600)
    check_finished(table, record)
    assert [s["name"] for s in record.state["scorings"]] == ["A", "B", "C"]
    # Only Dirk scores no streets: the two players' cities do score theirs.
    assert any(v > 0 for s in record.state["scorings"] for v in s["streets"])
    assert all(len(s["streets"]) == 2 for s in record.state["scorings"])
    assert table.by_button > 20 and table.by_panel > 5 and table.by_menu > 10
    assert table.by_step > 10 and table.by_suggestion > 3  # Buy…, a building, its payments
    assert table.by_command == 0  # every move was on the board or behind its buttons
    texts = "\n".join(m.content for m in table.boards())
    assert "Scoring A:" in texts and "Dirk +" in texts


async def test_three_players_one_member_and_two_bots_play_a_whole_game(table):
    alice = table.fake.add_user("alice")
    await table.seat_players(alice, bots=2)
    record = await table.play_to_end(max_steps=600)
    check_finished(table, record)
    scorings = record.state["scorings"]
    assert [s["name"] for s in scorings] == ["A", "B", "C"]
    assert sum(scorings[-1]["streets"]) > 0  # street points with three players
    assert table.by_button > 10 and table.by_command == 0


async def test_placement_shows_labelled_spots_and_refuses_an_illegal_one_naming_the_rule(table):
    alice, bob = (table.fake.add_user(n) for n in ("alice", "bob"))
    await table.seat_players(alice, [bob], options="length=short")
    for _ in range(200):  # play until a member must place a tile
        record = await table.record()
        if record.state["phase"] == "place":
            break
        await table.play_step()
    else:
        raise AssertionError("nobody had to place a tile")
    (seat,) = record.waiting
    user, other = table.user_of(seat), table.user_of(1 - seat)
    tile = record.state["to_place"][seat][0]
    labels = button_labels(table.board())
    assert await table.label(f"place {tile} reserve") in labels
    # Every legal spot of the tile is offered, closest to Times Square first, 25 to a menu
    # (more spots are split over numbered menus).
    legal = [
        a
        for a in NEWYORK.choices(record.state, seat).moves
        if a.startswith(f"place {tile} ") and not a.endswith(" reserve")
    ]
    menus = selects(table.board())
    offered = [o["value"] for m in menus for o in m["options"]]
    assert legal and [v for v in offered if v in legal] == legal
    assert all(len(m["options"]) <= 25 for m in menus)
    menu = next(m for m in menus if any(o["value"] == legal[0] for o in m["options"]))
    assert menu["placeholder"].startswith("Build ")
    spots = [o["label"] for o in menu["options"] if o["value"] in legal]
    assert spots and all(s.startswith("Build ") and " at " in s for s in spots)
    # The private panel (and its DM copy) offers the same menus.
    panel = await table.panel(seat)
    assert [m["placeholder"] for m in selects(panel)] == [m["placeholder"] for m in menus]
    # Autocomplete offers the legal spots; typing a label narrows them down.
    offered = await user.autocomplete(table.chan, "move", option="action", value="")
    assert any(c["value"].startswith(f"place {tile} ") for c in offered)
    label = legal[-1].split()[-1]
    narrowed = await user.autocomplete(table.chan, "move", option="action", value=label)
    assert legal[-1] in [c["value"] for c in narrowed]
    assert all(label in c["value"] or label in c["name"].lower() for c in narrowed)
    # A spot sharing no side with the city is refused, naming building rule 4.
    before = (await table.record()).version
    result = await user.slash(table.chan, "move", action=f"place {tile} a1")
    message = refusal(result)
    assert message is not None and "Building rule 4" in message, message
    # Out of turn and not playing: refused, nothing changes.
    placeholder = menu["placeholder"]
    result = await other.choose(table.board(), placeholder, [spots[0]])
    assert refusal(result) is not None
    stranger = table.fake.add_user("stranger")
    result = await stranger.choose(table.board(), placeholder, [spots[0]])
    assert refusal(result) is not None
    assert (await table.record()).version == before
    result = await user.choose(table.board(), placeholder, [spots[0]])
    assert refusal(result) is None
    assert (await table.record()).version == before + 1


async def test_game_city_shows_a_players_city_privately(table):
    alice, bob = (table.fake.add_user(n) for n in ("alice", "bob"))
    await table.seat_players(alice, [bob], options="length=short")
    for _ in range(12):
        await table.play_step()
    result = await alice.slash(table.chan, "game city", player=bob)
    assert result.ephemeral and result.message is not None, result.content
    assert result.message.content == "bob's city:"
    assert [a.filename for a in result.message.attachments] == ["city.png"]
    assert result.message.attachments[0].data.startswith(PNG)
    own = await bob.slash(table.chan, "game city")
    assert own.message is not None and own.message.content == "bob's city:"
    stranger = table.fake.add_user("stranger")
    result = await alice.slash(table.chan, "game city", player=stranger)
    assert refusal(result) == "stranger is not playing in this game."


async def test_moves_beyond_one_message_are_reached_through_more_moves_pages(table, monkeypatch):
    # Tiny messages (3 rows, 2 buttons a row, 2 options a menu): a few moves already need pages.
    for name, value in (("ROWS", 3), ("PER_ROW", 2), ("MAX_OPTIONS", 2)):
        monkeypatch.setattr(move_menus, name, value)
    alice, bob = (table.fake.add_user(n) for n in ("alice", "bob"))
    await table.seat_players(alice, [bob], options="length=short")
    stranger = table.fake.add_user("stranger")
    refused = paged = 0
    for _ in range(40):
        record = await table.record()
        if record.status != "running" or paged >= 3:
            break
        (seat,) = record.waiting
        public = NEWYORK.view(record.state, None)
        moves = NEWYORK.choices(record.state, seat).moves
        pages = move_menus.layout(UI, public_moves(UI, moves, public), public, "en")  # the board's
        if len(pages) == 1 or record.state["paying"] is not None:
            await table.play_step()
            continue
        board = table.board()
        more = [(m["placeholder"], o["label"]) for m in selects(board) for o in m["options"]]
        placeholder, label = more[-1]
        assert label.startswith("➜ More moves… (page 2 of ")
        if not refused:  # only the seat whose moves they are may open the pages
            for user in (table.user_of(1 - seat), stranger):
                assert refusal(await user.choose(board, placeholder, [label])) is not None
                refused += 1
        last = pages[-1].menus[-1].actions[-1]  # a move only the board's last page lists
        # "More moves…" opens the seat's own pages: its public moves first, then its private
        # ones (which may push the last public move one page further).
        own = NEWYORK.view(record.state, seat)
        listed = move_menus.layout(UI, panel_moves(UI, moves, own), own, "en")
        (page,) = [n for n, p in enumerate(listed) if any(last in m.actions for m in p.menus)]
        before = table.by_page
        result = await table.play(seat, last)
        assert refusal(result) is None and table.by_page - before == page
        logged = [a for a in await table.actions() if a.version > record.version]
        assert logged[0].action == last
        paged += 1
    assert paged == 3 and refused == 2
    assert table.by_command == 0  # every move was found on the board or one of its pages
