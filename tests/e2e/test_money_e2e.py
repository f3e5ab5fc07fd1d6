"""Money end to end: the production bot (bot.py and its cogs) on the loopback Discord.

Players act only as people would: slash commands, the buttons they can see (by label) and the
options of select menus (by label), reading the channel, their DMs and their ephemerals. The
tests read the database only to decide what a player does and to check what changed.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from fakediscord import FakeDiscord, FakeUser
from fakediscord.permissions import MANAGE_GUILD
from games import presentation
from i18n import t
from rules.money.components import short_label
from tests.e2e.table import (
    HAND_BUTTON,
    MONEY,
    PLACE_BID,
    MoneyTable,
    bid_cards,
    button_labels,
    buttons,
    card_label,
    move_label_prefix,
    refusal,
    running_table,
    searchable,
    selects,
)

PNG = b"\x89PNG\r\n\x1a\n"
STALE = t("error.stale", "en")
NOT_PLAYING = "You are not playing in this game."
NOT_YOUR_TURN = "It is not your turn."
ALREADY_BID = "You already placed your bid; wait for the others."
DM_CLOSED = "I could not send you your hand by direct message"
DM_CLOSED_CODE = 50007
MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"


@pytest_asyncio.fixture
async def table(fake_discord: FakeDiscord, tmp_path) -> AsyncIterator[MoneyTable]:
    """A server with #games and the production bot running on a fresh database."""
    async with running_table(fake_discord, tmp_path / "tavolo.db", MoneyTable) as tavolo:
        yield tavolo


def people(table: MoneyTable, *names: str) -> list[FakeUser]:
    return [table.fake.add_user(name) for name in names]


async def play_until(table: MoneyTable, done, via=lambda seat: "board", limit: int = 100) -> None:
    """Play steps until `done(record)` holds (checked before every step)."""
    for _ in range(limit):
        record = await table.record()
        if done(record):
            return
        await table.play_step(via)
    raise AssertionError("the wanted moment never came")


def member_exchange_turn(record) -> bool:
    """A member (not a bot) alone must act in the exchange."""
    waiting = list(record.waiting)
    return (
        record.status == "running"
        and record.state["phase"] == "exchange"
        and len(waiting) == 1
        and not record.seats[waiting[0]].bot
    )


async def unchanged(table: MoneyTable, before) -> None:
    """The game is exactly as it was: same version, same action log."""
    after = await table.record()
    assert after.version == before[0].version and after.state == before[0].state
    assert [a.version for a in await table.actions()] == before[1]


async def snapshot(table: MoneyTable):
    return await table.record(), [a.version for a in await table.actions()]


def check_finished_board(table: MoneyTable, record) -> None:
    """The last board: game over, the winners by name, the table and the score sheet."""
    outcome = MONEY.outcome(record.state)
    assert outcome is not None
    board = table.board()
    public = MONEY.view(record.state, None)
    result = presentation("money").result_lines(public, record.names(), "en")
    assert result and "🏆 **Game over.**" in board.content
    assert all(line in board.content for line in result), "the result says what decided it"
    assert all(f"🏆 1st {record.seats[s].name}" in board.content for s in outcome.winners)
    assert "The match is over." in board.content
    assert [a.filename for a in board.attachments] == ["table.png", "scores.png"]
    assert all(a.data.startswith(PNG) for a in board.attachments)
    assert button_labels(board) == ["Rematch"], "only a rematch is offered at the end"
    # Every earlier board had its buttons retired when the next one was posted.
    assert all(not buttons(old) for old in table.boards()[:-1])


# ------------------------------------------------------------------ 1. whole matches


async def test_three_members_play_a_one_hand_match_through_buttons_and_menus(table):
    alice, bob, carol = people(table, "alice", "bob", "carol")
    record = await table.seat_players(alice, [bob, carol])
    lobby = table.lobby
    assert lobby is not None and "Started" in str(lobby.embeds)
    first = table.board()
    assert "Hand 1 is dealt." in first.content
    assert all(u.mention in first.content for u in (alice, bob, carol))
    assert first.pinged == {alice.id, bob.id, carol.id}  # everyone is pinged to bid
    assert button_labels(first) == [HAND_BUTTON]
    assert [a.filename for a in first.attachments] == ["table.png"]
    for user in (alice, bob, carol):  # each got their bid panel by DM
        (dm,) = user.dms()
        assert PLACE_BID in button_labels(dm) and selects(dm)

    final = await table.play_to_end()

    assert final.status == "finished" and final.state["results"]
    check_finished_board(table, final)
    log = await table.actions()
    assert {a.user_id for a in log} == {alice.id, bob.id, carol.id}
    assert all(a.user_id == record.seats[a.seat].user_id for a in log)
    assert not table.fake.failures


async def test_three_members_play_the_default_three_hand_match_from_board_dm_and_hand(table):
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol], options=None)
    places = {0: "board", 1: "dm", 2: "hand"}

    final = await table.play_to_end(via=lambda seat: places[seat])

    assert final.options["hands"] == "3" and len(final.state["results"]) == 3
    check_finished_board(table, final)
    texts = "\n".join(m.content for m in table.boards())
    for hand in (1, 2, 3):
        assert f"Hand {hand} is dealt." in texts and f"Hand {hand} scored:" in texts
    sheets = [
        m
        for m in table.chan.messages()
        if {"scores.png", "scoring.png"} & {a.filename for a in m.attachments}
    ]
    assert len(sheets) == 3  # a score sheet after each hand: two scoring posts, the final board


async def test_one_member_against_two_bots_plays_a_three_hand_match(table):
    (alice,) = people(table, "alice")
    record = await table.seat_players(alice, bots=2, options=None)
    assert [s.name for s in record.seats] == ["alice", "Bot 1", "Bot 2"]
    assert [s.bot for s in record.seats] == [False, True, True]
    assert "Bot 1 🤖" in str(table.lobby.embeds) and "Bot 2 🤖" in str(table.lobby.embeds)

    final = await table.play_to_end()

    check_finished_board(table, final)
    log = await table.actions()
    assert {a.seat for a in log if a.user_id is None} == {1, 2}
    assert all(a.user_id == alice.id for a in log if a.seat == 0)
    assert len(final.state["results"]) == 3


# ------------------------------------------------------------------ 3. restart


async def test_buttons_and_commands_keep_working_after_the_bot_restarts(table):
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    # Round 1: alice bids before the restart; bob's DM panel and the board stay from before.
    await table.bid(0, bid_cards(await table.decide(0)), "board")
    old_board = table.board()
    bob_old_dm = [m for m in bob.dms() if PLACE_BID in button_labels(m)][-1]

    await table.restart()

    # Carol opens her panel from the pre-restart board; bob bids from his pre-restart DM.
    assert table.board() is old_board
    carol_panel = await carol.press(old_board, HAND_BUTTON)
    assert carol_panel.ephemeral and PLACE_BID in button_labels(carol_panel.message)
    await table.bid(1, bid_cards(await table.decide(1)), panel=bob_old_dm)
    await table.bid(2, bid_cards(await table.decide(2)), panel=carol_panel.message)
    log = await table.actions()
    assert [a.seat for a in log] == [0, 1, 2]
    assert all(a.user_id == table.user_of(a.seat).id for a in log)
    # A dropped gateway connection is resumed; play goes on.
    await table.fake.drop_gateway(4000)
    await table.fake.wait_resumed()

    # The exchange board was posted after the restart; restart again and use it.
    await play_until(table, member_exchange_turn)
    seat = next(iter((await table.record()).waiting))
    exchange_board = table.board()
    await table.restart()
    assert table.board() is exchange_board
    before = await table.record()
    action = await table.decide(seat)
    label = next(
        b
        for b in button_labels(exchange_board)
        if b.startswith(move_label_prefix(action, before.names()))
    )
    result = await table.user_of(seat).press(exchange_board, label)
    assert refusal(result) is None
    assert (await table.actions())[-1].action == action

    # /move with autocomplete: the suggestions are exactly the legal moves.
    await play_until(table, member_exchange_turn)
    record = await table.record()
    seat = next(iter(record.waiting))
    user = table.user_of(seat)
    choices = await user.autocomplete(table.chan, "move", option="action", value="")
    assert sorted(c["value"] for c in choices) == sorted(MONEY.choices(record.state, seat).moves)
    action = await table.decide(seat)
    result = await user.slash(table.chan, "move", action=action)
    assert result.ephemeral and result.content == "Done."
    assert (await table.actions())[-1].action == action
    # A player who is not acting gets no suggestions in the exchange.
    record = await table.record()
    other = next(u for u in (alice, bob, carol) if table.seat_of(u) not in record.waiting)
    assert await other.autocomplete(table.chan, "move", option="action", value="") == []

    # Next bids after another restart: /hand for one, /move with typed card numbers for another.
    await play_until(table, lambda r: r.state["phase"] == "bid")
    await table.restart()
    record = await table.record()
    first, second = sorted(record.waiting)[:2]
    await table.bid(first, bid_cards(await table.decide(first)), "hand")
    cards = bid_cards(await table.decide(second))
    user = table.user_of(second)
    typed = " + ".join(card_label(c) for c in cards)  # the cards named as the panel reads
    choices = await user.autocomplete(table.chan, "move", option="action", value=typed)
    wanted = "bid " + ",".join(str(c) for c in cards)
    assert choices[0]["value"] == wanted, choices[:3]
    assert all(card_label(c) in choices[0]["name"] for c in cards)
    result = await user.slash(table.chan, "move", action=choices[0]["value"])
    assert result.ephemeral and result.content == "Done."
    assert (await table.actions())[-1].action == wanted

    final = await table.play_to_end()
    check_finished_board(table, final)


# ------------------------------------------------------------------ 4. closed DMs


async def test_a_player_with_closed_dms_is_told_once_and_plays_from_the_panel(table):
    alice, carol = people(table, "alice", "carol")
    bob = table.fake.add_user("bob", dms_closed=True)
    table.expected_errors.add(DM_CLOSED_CODE)
    await table.seat_players(alice, [bob, carol])
    warnings = [m for m in table.chan.messages() if DM_CLOSED in m.content]
    assert len(warnings) == 1 and bob.mention in warnings[0].content
    assert "/hand" in warnings[0].content
    assert bob.id in warnings[0].pinged
    places = {0: "dm", 1: "board", 2: "hand"}
    await table.play_step(via=lambda seat: places[seat])
    await table.restart()  # the notice is remembered across a restart

    final = await table.play_to_end(via=lambda seat: places[seat])

    check_finished_board(table, final)
    assert bob.dms() == []
    warnings = [m for m in table.chan.messages() if DM_CLOSED in m.content]
    assert len(warnings) == 1 and bob.mention in warnings[0].content
    assert any(a.user_id == bob.id for a in await table.actions())


# ------------------------------------------------------------------ 5. races and stale buttons


async def test_start_pressed_twice_at_once_starts_the_game_once(table):
    alice, bob, carol = people(table, "alice", "bob", "carol")
    lobby = await table.open_lobby(alice)
    await bob.press(lobby, "Join")
    await carol.press(lobby, "Join")
    before = await table.record()

    results = await asyncio.gather(alice.press(lobby, "Start"), alice.press(lobby, "Start"))

    reasons = [refusal(r) for r in results]
    assert sorted(r is None for r in reasons) == [False, True], reasons
    reason = next(r for r in reasons if r)
    assert reason in (STALE, "This game has already started (or ended); its lobby is closed.")
    record = await table.record()
    assert record.status == "running" and record.version == before.version + 1
    assert len([b for b in table.boards() if "Hand 1 is dealt." in b.content]) == 1
    assert all(len(u.dms()) == 1 for u in (alice, bob, carol))


async def test_players_joining_and_bidding_at_the_same_moment_all_succeed(table):
    alice, bob, carol, dave = people(table, "alice", "bob", "carol", "dave")
    lobby = await table.open_lobby(alice)

    joins = await asyncio.gather(*(u.press(lobby, "Join") for u in (bob, carol, dave)))

    assert [refusal(r) for r in joins] == [None, None, None]
    record = await table.record()
    assert {s.user_id for s in record.seats} == {alice.id, bob.id, carol.id, dave.id}
    assert all(u.mention in str(lobby.embeds) for u in (alice, bob, carol, dave))
    assert refusal(await alice.press(lobby, "Start")) is None
    record = await table.record()
    by_id = {u.id: u for u in (alice, bob, carol, dave)}
    table.users = [by_id[s.user_id] for s in record.seats]
    # Everyone drafts a bid, then all press Place bid together.
    panels, wanted = {}, {}
    for seat, user in enumerate(table.users):
        cards = bid_cards(await table.decide(seat))
        panels[seat] = await table.open_panel(user, "board")
        menu = selects(panels[seat])[0]
        await user.choose(panels[seat], menu["placeholder"], [card_label(c) for c in cards])
        wanted[seat] = "bid " + ",".join(str(c) for c in sorted(cards))

    bids = await asyncio.gather(*(u.press(panels[s], PLACE_BID) for s, u in enumerate(table.users)))

    assert [refusal(r) for r in bids] == [None] * 4
    log = await table.actions()
    assert {a.seat: a.action for a in log} == wanted
    assert "Bids revealed" in table.board().content
    assert (await table.record()).state["phase"] == "exchange"


async def test_the_same_move_pressed_twice_at_once_is_played_once(table):
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    await play_until(table, member_exchange_turn)
    record = await table.record()
    seat = next(iter(record.waiting))
    user = table.user_of(seat)
    board = table.board()
    prefix = move_label_prefix(await table.decide(seat), record.names())
    label = next(b for b in button_labels(board) if b.startswith(prefix))
    before = await snapshot(table)

    results = await asyncio.gather(user.press(board, label), user.press(board, label))

    reasons = [refusal(r) for r in results]
    assert sorted(r is None for r in reasons) == [False, True], reasons
    assert STALE in reasons
    log = await table.actions()
    new = [a for a in log if a.version > before[0].version]
    assert len(new) == 1 and new[0].seat == seat and new[0].user_id == user.id
    assert (await table.record()).version == before[0].version + 1


async def test_two_players_pressing_the_acting_players_button_only_the_actor_moves(table):
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    await play_until(table, member_exchange_turn)
    record = await table.record()
    seat = next(iter(record.waiting))
    actor = table.user_of(seat)
    other = next(u for u in (alice, bob, carol) if u is not actor)
    board = table.board()
    label = button_labels(board)[0]
    before = await snapshot(table)

    mine, theirs = await asyncio.gather(actor.press(board, label), other.press(board, label))

    assert refusal(mine) is None
    assert refusal(theirs) == NOT_YOUR_TURN and theirs.ephemeral
    new = [a for a in await table.actions() if a.version > before[0].version]
    assert [(a.seat, a.user_id) for a in new] == [(seat, actor.id)]


async def test_stale_buttons_are_refused_and_change_nothing(table):
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    # A bid panel opened, then a second one used to bid: the first is now stale.
    first_panel = await table.open_panel(alice, "board")
    await table.bid(0, bid_cards(await table.decide(0)), "board")
    before = await snapshot(table)
    menu = selects(first_panel)[0]
    result = await alice.choose(first_panel, menu["placeholder"], [menu["options"][0]["label"]])
    assert refusal(result) == STALE
    await unchanged(table, before)

    # An exchange turn: /game status shows the acting player a private copy of the board.
    await play_until(table, member_exchange_turn)
    record = await table.record()
    seat = next(iter(record.waiting))
    actor = table.user_of(seat)
    status = await actor.slash(table.chan, "game status")
    assert status.ephemeral and button_labels(status.message) == button_labels(table.board())
    # Discord fails to take the buttons off this board when the next one is posted.
    exchange_board = table.board()
    table.fake.inject_429("PATCH", MESSAGE, times=5, retry_after=0.01)
    await table.play_step()
    assert buttons(exchange_board), "the old board's buttons were retired after all"
    before = await snapshot(table)
    for old in (exchange_board, status.message):
        for label in button_labels(old):
            if label == HAND_BUTTON:
                continue
            result = await actor.press(old, label)
            assert refusal(result) == STALE and result.ephemeral
    await unchanged(table, before)


# ------------------------------------------------------------------ 6. secrecy and refusals


async def test_secret_cards_stay_secret_and_outsiders_change_nothing(table):
    alice, bob, carol = people(table, "alice", "bob", "carol")
    dave = table.fake.add_user("dave")  # a member of the server, not a player
    record = await table.seat_players(alice, [bob, carol])
    players = (alice, bob, carol)
    dealt = MONEY.new_game(3, record.options, record.seed)["hands"]

    # Alice bids; until everyone has bid, nobody else can read what she offered.
    alice_bid = bid_cards(await table.decide(0))
    await table.bid(0, alice_bid, "board")
    offered = [card_label(c) for c in alice_bid if searchable(c)]
    assert offered
    for user in (bob, carol, dave):
        for text in offered:
            table.fake.assert_never_seen(user, text)
    assert "alice has placed a bid." in table.board().content

    # A non-player: no hand, no panel, no moves.
    before = await snapshot(table)
    result = await dave.press(table.board(), HAND_BUTTON)
    assert result.ephemeral and result.content == NOT_PLAYING
    result = await dave.slash(table.chan, "hand")
    assert result.ephemeral and result.content == NOT_PLAYING
    assert await dave.autocomplete(table.chan, "move", option="action", value="") == []
    result = await dave.slash(table.chan, "move", action="pass")
    assert result.ephemeral and result.content == NOT_PLAYING
    # Alice cannot bid twice.
    result = await alice.slash(table.chan, "move", action="pass")
    assert result.ephemeral and result.content == ALREADY_BID
    await unchanged(table, before)

    await table.play_step()  # bob and carol bid; the bids are revealed together
    revealed = table.board().content
    shown = [short_label(c, "en") for c in alice_bid]  # the event names cards without serials
    assert "Bids revealed" in revealed and all(t in revealed for t in shown)

    # Out of turn and outsiders in the exchange: refused privately, nothing changes.
    await play_until(table, member_exchange_turn)
    record = await table.record()
    seat = next(iter(record.waiting))
    board = table.board()
    label = button_labels(board)[0]
    before = await snapshot(table)
    for user in [u for u in players if table.seat_of(u) != seat]:
        result = await user.press(board, label)
        assert result.ephemeral and result.content == NOT_YOUR_TURN
    result = await dave.press(board, label)
    assert result.ephemeral and result.content == NOT_PLAYING
    await unchanged(table, before)

    final = await table.play_to_end()
    assert final.status == "finished"
    # A card dealt to a player and never bid never left their hand: nobody else saw its label.
    bids = {seat: set() for seat in range(3)}
    for entry in await table.actions():
        if entry.action.startswith("bid "):
            bids[entry.seat] |= set(bid_cards(entry.action))
    checked = 0
    for seat, owner in enumerate(table.users):
        secret = [c for c in dealt[seat] if c not in bids[seat] and searchable(c)]
        for card in secret:
            for user in [*table.users, dave]:
                if user is not owner:
                    table.fake.assert_never_seen(user, card_label(card))
                    checked += 1
            with pytest.raises(AssertionError):  # the owner did see it: the check can fail
                table.fake.assert_never_seen(owner, card_label(card))
    assert checked > 0


# ------------------------------------------------------------------ 7. commands


async def test_rules_status_and_a_lobby_run_by_commands(table):
    alice, bob, carol = people(table, "alice", "bob", "carol")
    rules = await bob.slash(table.chan, "rules", game="money")
    assert rules.ephemeral and rules.message.embeds[0]["title"] == "Money"
    assert "**Goal:**" in rules.message.embeds[0]["description"]
    assert "3–5 players" in rules.message.embeds[0]["footer"]["text"]
    status = await bob.slash(table.chan, "game status")
    assert status.ephemeral and status.content.startswith("There is no game in this channel.")
    bad = await alice.slash(table.chan, "game new", options={"game": "money", "options": "hands=7"})
    assert bad.ephemeral and bad.content == "`7` is not a valid value for the option `hands`."

    lobby = await table.open_lobby(alice)
    busy = await bob.slash(table.chan, "game new", game="money")
    assert busy.ephemeral and busy.content.startswith("This channel already has a game.")
    # Too few players, by command and by button; only the host starts.
    result = await alice.slash(table.chan, "game start")
    assert result.ephemeral and result.content == "This game needs 3 to 5 players; there are 1."
    joined = await bob.slash(table.chan, "game join")
    assert not joined.ephemeral and joined.content == "bob joined the game."
    assert bob.mention in str(lobby.embeds)  # the lobby message shows who joined by command
    result = await alice.press(lobby, "Start")
    assert refusal(result) == "This game needs 3 to 5 players; there are 2."
    result = await bob.slash(table.chan, "game start")
    assert result.ephemeral and result.content == "Only the host can start the game."
    # /game status shows the lobby privately; joining from that copy updates the lobby too.
    status = await carol.slash(table.chan, "game status")
    assert status.ephemeral and "New game: Money" in str(status.message.embeds)
    assert refusal(await carol.press(status.message, "Join")) is None
    assert carol.mention in str(lobby.embeds)

    started = await alice.slash(table.chan, "game start")
    assert not started.ephemeral and started.content == "The game starts!"
    assert not buttons(lobby) and "Started" in str(lobby.embeds)
    assert "Hand 1 is dealt." in table.board().content
    assert (await table.record()).status == "running"
    status = await carol.slash(table.chan, "game status")
    assert status.ephemeral and "Waiting for:" in status.content
    assert [a.filename for a in status.message.attachments] == ["table.png"]


async def test_abort_by_host_or_manager_only_and_leaving_an_empty_lobby(table):
    alice, bob, carol = people(table, "alice", "bob", "carol")
    manager = table.fake.add_user("erin")
    table.guild.grant(manager, table.guild.add_role("Mods", MANAGE_GUILD))

    lobby = await table.open_lobby(alice)
    await bob.press(lobby, "Join")
    result = await bob.slash(table.chan, "game abort")
    assert result.ephemeral and result.content.startswith("Only the host or a server manager")
    assert (await table.record()).status == "lobby" and buttons(lobby)
    result = await manager.slash(table.chan, "game abort")
    assert not result.ephemeral and f"Table #{table.game_id} was aborted." in result.content
    assert (await table.record()).status == "aborted"
    assert not buttons(lobby) and "Closed" in str(lobby.embeds)

    # The channel is free again. A running game: a player who is not the host cannot abort.
    await table.seat_players(alice, [bob, carol])
    board = table.board()
    result = await carol.slash(table.chan, "game abort")
    assert result.ephemeral and result.content.startswith("Only the host or a server manager")
    assert (await table.record()).status == "running" and buttons(board)
    result = await alice.slash(table.chan, "game abort")
    assert f"Table #{table.game_id} was aborted." in result.content
    assert (await table.record()).status == "aborted"
    assert not buttons(board)  # the aborted game's board offers nothing more
    result = await bob.slash(table.chan, "hand")
    assert result.ephemeral and result.content.startswith("There is no game in this channel.")

    # The last member leaving a lobby closes it.
    lobby = await table.open_lobby(carol)
    result = await carol.slash(table.chan, "game leave")
    assert result.content == "carol left the game."
    assert (await table.record()).status == "aborted" and not buttons(lobby)


async def test_a_player_who_leaves_mid_game_is_replaced_by_a_bot(table):
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    await table.bid(0, bid_cards(await table.decide(0)), "board")
    bob_panel = await table.open_panel(bob, "board")

    result = await bob.slash(table.chan, "game leave")

    assert result.content == "bob left the game; a bot plays their seat from now on."
    record = await table.record()
    assert record.seats[1].bot and record.seats[1].name == "bob (bot)"
    assert (await table.actions())[-1].seat == 1  # the bot bid for the seat at once
    assert (await table.actions())[-1].user_id is None
    result = await bob.press(bob_panel, PLACE_BID)
    assert result.ephemeral and result.content == NOT_PLAYING
    final = await table.play_to_end()
    check_finished_board(table, final)
    assert all(a.user_id is None for a in await table.actions() if a.seat == 1)


async def test_a_game_in_a_thread_stays_in_the_thread(table):
    (alice,) = people(table, "alice")
    parent = table.chan
    table.chan = parent.add_thread("money-night")
    await table.seat_players(alice, bots=2)

    final = await table.play_to_end()

    check_finished_board(table, final)
    assert parent.messages() == []
    assert final.channel_id == table.chan.id


# ------------------------------------------------------------------ 8. rate limits


async def test_a_rate_limited_channel_route_delays_but_does_not_stop_the_game(table):
    (alice,) = people(table, "alice")
    await table.seat_players(alice, bots=2)
    boards = len(table.boards())
    table.fake.inject_429("POST", MESSAGES, times=2, retry_after=0.05)

    await table.play_step()

    assert table.fake.ratelimits.answered == [("POST", MESSAGES)] * 2
    assert len(table.boards()) == boards + 1
    final = await table.play_to_end()
    check_finished_board(table, final)


async def test_the_host_chooses_each_bots_level_and_the_lobby_shows_it(table):
    (alice,) = people(table, "alice")
    lobby = await table.open_lobby(alice)
    for label in ("Add easy bot", "Add strong bot"):
        result = await alice.press(lobby, label)
        assert result.response_type == 7 and refusal(result) is None, refusal(result)
    record = await table.record()
    assert [(s.name, s.bot, s.level) for s in record.seats] == [
        ("alice", False, "standard"),
        ("Easy bot 1", True, "easy"),
        ("Strong bot 2", True, "strong"),
    ]
    shown = str(table.lobby.embeds)
    assert "Easy bot 1 🤖 (easy)" in shown and "Strong bot 2 🤖 (strong)" in shown
