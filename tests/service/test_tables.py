"""The table service over a temporary store: lobbies, starting, aborting, moves, bots, and
stale or doubled requests. Nothing here touches Discord; seeds are fixed so games repeat."""

from __future__ import annotations

import asyncio

import pytest

from db.records import GameRecord, Seat
from db.store import Store
from games import rules_of
from rules.errors import RuleError
from service.change import TableChange
from service.errors import TableError
from service.tables import TableService
from tests.helpers.playout import replay

GAME = rules_of("money")
CHANNEL = 10
HOST, BEN, CAS, DEE = 100, 101, 102, 103
NAMES = {HOST: "Ann", BEN: "Ben", CAS: "Cas", DEE: "Dee"}


@pytest.fixture
def table_seed() -> int:
    """This module's games are dealt from seeds 1000, 1001, ..."""
    return 1_000


async def lobby(
    tables: TableService, members: tuple[int, ...] = (HOST,), bots: int = 0, **options: str
) -> GameRecord:
    """A lobby in CHANNEL hosted by the first member, with the others joined and `bots` added."""
    record = await tables.lobby.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_id="money",
        host_id=members[0],
        host_name=NAMES[members[0]],
        options=options or None,
    )
    for user in members[1:]:
        record = await tables.lobby.join(record.id, user, NAMES[user])
    for _ in range(bots):
        record = await tables.lobby.add_bot(record.id, members[0])
    return record


async def refused(key: str, request) -> TableError:
    """Await the request; it must fail with TableError `key`."""
    with pytest.raises(TableError) as err:
        await request
    assert err.value.key == key, err.value.key
    return err.value


def bot_policy(record: GameRecord, user: int, k: int) -> str:
    """The move the bot policy would choose for this member's seat."""
    seat = record.seat_of(user)
    return GAME.bot_action(GAME.view(record.state, seat), 7_919 * k + 1)


def assert_only_members_wait(record: GameRecord) -> None:
    """After a request, bots never still have to act: the game is over or a member must act."""
    to_act = GAME.to_act(record.state)
    if record.status == "finished":
        assert to_act == []
        return
    assert to_act and all(not record.seats[s].bot for s in to_act)
    assert set(record.waiting) == set(to_act)


# ------------------------------------------------------------------ the lobby


async def test_open_lobby_seats_the_host(tables: TableService) -> None:
    record = await lobby(tables)
    assert record.status == "lobby" and record.host_id == HOST
    assert record.seats == (Seat(HOST, "Ann"),)
    assert record.options == {"hands": "3", "match": "most_hands"}
    assert (await tables.channel_game(CHANNEL)).id == record.id
    err = await refused("error.channel_busy", lobby(tables))
    assert err.message().startswith("This channel already has a game.")


async def test_open_lobby_checks_game_and_options(tables: TableService) -> None:
    err = await refused(
        "error.unknown_game",
        tables.lobby.open(
            guild_id=1, channel_id=CHANNEL, game_id="chess", host_id=HOST, host_name="Ann"
        ),
    )
    assert err.message() == "There is no game called `chess`."
    err = await refused("error.bad_option_value", lobby(tables, hands="2"))
    assert err.message() == "`2` is not a valid value for the option `hands`."
    await refused("error.bad_option_value", lobby(tables, colour="red"))
    record = await lobby(tables, hands="1", match="total")
    assert record.options == {"hands": "1", "match": "total"}
    await refused("error.no_game", tables.channel_game(CHANNEL + 1))


async def test_join_and_leave_the_lobby(tables: TableService) -> None:
    record = await lobby(tables, (HOST, BEN))
    assert [s.user_id for s in record.seats] == [HOST, BEN]
    await refused("error.already_joined", tables.lobby.join(record.id, BEN, "Ben"))
    record = (await tables.leave(record.id, BEN)).record
    assert [s.user_id for s in record.seats] == [HOST]
    await refused("error.not_seated", tables.leave(record.id, BEN))


async def test_lobby_is_full_at_five(tables: TableService) -> None:
    record = await lobby(tables, (HOST, BEN), bots=3)
    assert len(record.seats) == 5
    err = await refused("error.lobby_full", tables.lobby.join(record.id, CAS, "Cas"))
    assert err.message() == "The game is full (5 players)."
    await refused("error.lobby_full", tables.lobby.add_bot(record.id, HOST))


async def test_last_member_leaving_closes_the_lobby(tables: TableService) -> None:
    record = await lobby(tables, bots=2)
    closed = (await tables.leave(record.id, HOST)).record
    assert closed.status == "aborted"
    await refused("error.no_game", tables.channel_game(CHANNEL))
    await lobby(tables)  # the channel is free again


async def test_add_and_remove_bots(tables: TableService) -> None:
    record = await lobby(tables, (HOST, BEN))
    await refused("error.not_in_lobby_seat", tables.lobby.add_bot(record.id, CAS))
    await refused("error.no_bot_to_remove", tables.lobby.remove_bot(record.id, HOST))
    record = await tables.lobby.add_bot(record.id, BEN)  # anyone seated may add one
    record = await tables.lobby.add_bot(record.id, HOST)
    assert [s.name for s in record.seats] == ["Ann", "Ben", "Bot 1", "Bot 2"]
    assert [s.bot for s in record.seats] == [False, False, True, True]
    await refused("error.not_in_lobby_seat", tables.lobby.remove_bot(record.id, CAS))
    record = await tables.lobby.remove_bot(record.id, BEN)
    assert [s.name for s in record.seats] == ["Ann", "Ben", "Bot 1"]


async def test_host_leaving_the_lobby_hands_hosting_on_bug(tables: TableService) -> None:
    """The host used to stay host after leaving, so nobody left in the lobby could start it."""
    record = await lobby(tables, (HOST, BEN, CAS))
    record = (await tables.leave(record.id, HOST)).record
    assert record.host_id == BEN
    await tables.lobby.add_bot(record.id, BEN)
    step = await tables.lobby.start(record.id, BEN)
    assert step.record.status == "running"


# ------------------------------------------------------------------ starting and aborting


async def test_start_needs_three_to_five_players(tables: TableService) -> None:
    record = await lobby(tables, bots=1)
    err = await refused("error.player_count", tables.lobby.start(record.id, HOST))
    assert err.message() == "This game needs 3 to 5 players; there are 2."
    assert (await tables.game(record.id)).status == "lobby"


async def test_only_host_starts(tables: TableService) -> None:
    record = await lobby(tables, (HOST, BEN), bots=1)
    err = await refused("error.host_only_start", tables.lobby.start(record.id, BEN))
    assert err.message() == "Only the host can start the game."
    step = await tables.lobby.start(record.id, HOST)
    assert step.record.status == "running"
    await refused("error.not_in_lobby", tables.lobby.start(record.id, HOST))
    await refused("error.not_in_lobby", tables.lobby.join(record.id, CAS, "Cas"))


async def test_start_deals_and_bots_bid_at_once(tables: TableService, store: Store) -> None:
    record = await lobby(tables, bots=2)
    step = await tables.lobby.start(record.id, HOST)
    saved = step.record
    assert saved.status == "running" and saved.seed == 1_000
    assert step.hands_changed == {0, 1, 2}
    assert [seat for seat, _ in step.moves] == [1, 2]
    log = await store.actions(saved.id)
    assert [(a.seat, a.user_id) for a in log] == [(1, None), (2, None)]
    assert saved.state == replay(GAME, 3, saved.options, 1_000, [(a.seat, a.action) for a in log])
    assert GAME.to_act(saved.state) == [0]
    assert saved.waiting == {0: record.version + 1}
    assert step.newly_waiting == [0]
    assert any(e["type"] == "hand_started" for e in step.events)


async def test_abort_by_host_or_manager_only(tables: TableService) -> None:
    record = await lobby(tables, (HOST, BEN), bots=1)
    await tables.lobby.start(record.id, HOST)
    err = await refused("error.host_only_abort", tables.lobby.abort(record.id, BEN, manager=False))
    assert err.message() == "Only the host or a server manager can abort the game."
    aborted = await tables.lobby.abort(record.id, BEN, manager=True)
    assert aborted.status == "aborted"
    await refused("error.no_game", tables.lobby.abort(record.id, HOST, manager=True))
    await refused("error.not_running", tables.play.move(record.id, HOST, "pass"))

    record = await lobby(tables, (HOST, BEN))  # the channel is free again
    assert (await tables.lobby.abort(record.id, HOST, manager=False)).status == "aborted"


# ------------------------------------------------------------------ moves


async def test_act_refusals(tables: TableService, store: Store) -> None:
    record = await lobby(tables, (HOST, BEN), bots=1)
    await refused("error.not_running", tables.play.move(record.id, HOST, "pass"))
    started = (await tables.lobby.start(record.id, HOST)).record
    since = started.waiting[0]
    hand = GAME.view(started.state, 0)["hand"]

    err = await refused("error.not_seated", tables.play.move(record.id, CAS, f"bid {hand[0]}"))
    assert err.message() == "You are not playing in this game."
    await refused(
        "error.stale", tables.play.move(record.id, HOST, f"bid {hand[0]}", since=since - 1)
    )
    with pytest.raises(RuleError) as rule:
        await tables.play.move(record.id, HOST, "row left", since=since)
    assert rule.value.key == "money.error.bid_phase"
    assert await tables.game(record.id) == started  # nothing was saved

    await tables.play.move(record.id, HOST, f"bid {hand[0]}", since=since)
    # The same click again: the button is stale, and without a version the rules refuse it.
    err = await refused(
        "error.stale", tables.play.move(record.id, HOST, f"bid {hand[1]}", since=since)
    )
    assert err.message().startswith("That is out of date: the game has moved on")
    with pytest.raises(RuleError) as rule:
        await tables.play.move(record.id, HOST, f"bid {hand[1]}")
    assert rule.value.message() == "You already placed your bid; wait for the others."
    assert [a.user_id for a in await store.actions(record.id)] == [None, HOST]


async def test_bots_move_after_humans_until_a_human_must_act(tables: TableService) -> None:
    record = (await tables.lobby.start((await lobby(tables, bots=2)).id, HOST)).record
    assert_only_members_wait(record)
    bot_moves = 0
    for k in range(60):
        if record.status == "finished":
            break
        step = await tables.play.move(
            record.id, HOST, bot_policy(record, HOST, k), since=record.waiting[0]
        )
        assert step.moves[0][0] == 0
        bot_moves += sum(1 for seat, _ in step.moves if seat != 0)
        record = step.record
        assert_only_members_wait(record)
    assert bot_moves > 60  # bots answered the member every time


async def test_full_match_one_human_two_bots(tables: TableService, store: Store) -> None:
    opened = await lobby(tables, bots=2)
    record = (await tables.lobby.start(opened.id, HOST)).record
    steps = 0
    while record.status == "running":
        seat = record.seat_of(HOST)
        step = await tables.play.move(
            record.id, HOST, bot_policy(record, HOST, steps), since=record.waiting[seat]
        )
        record = step.record
        steps += 1
        assert steps < 2_000, "the match does not end"
    assert step.finished and record.status == "finished"
    assert record.waiting == {}
    result = GAME.outcome(record.state)
    assert result is not None and len(record.state["results"]) == 3
    assert any(e["type"] == "match_over" for e in step.events)

    log = await store.actions(record.id)
    first = opened.version + 2  # the start itself is a change without an action
    assert [a.version for a in log] == list(range(first, first + len(log)))
    assert log[-1].version == record.version
    assert all((a.user_id is None) == (a.seat != 0) for a in log)
    assert sum(a.seat == 0 for a in log) == steps
    rebuilt = replay(GAME, 3, record.options, record.seed, [(a.seat, a.action) for a in log])
    assert rebuilt == record.state
    await refused("error.no_game", tables.channel_game(CHANNEL))  # the channel is free
    await refused("error.not_running", tables.play.move(record.id, HOST, "pass"))


async def test_leaving_a_running_game_hands_the_seat_to_a_bot(tables: TableService) -> None:
    record = (await tables.lobby.start((await lobby(tables, (HOST, BEN), bots=1)).id, HOST)).record
    assert set(record.waiting) == {0, 1}  # both members must bid
    step = await tables.leave(record.id, BEN)
    record = step.record
    assert [seat for seat, _ in step.moves] == [1]
    assert record.seats[1] == Seat(None, "Ben (bot)", bot=True)
    assert record.seat_of(BEN) is None
    assert record.state["bids"][1] is not None  # the new bot bid at once
    assert_only_members_wait(record)
    await refused("error.not_seated", tables.play.move(record.id, BEN, "pass"))


async def test_last_member_leaving_lets_the_bots_finish(tables: TableService) -> None:
    record = (await tables.lobby.start((await lobby(tables, bots=2)).id, HOST)).record
    step = await tables.leave(record.id, HOST)
    assert step.finished and step.record.status == "finished"
    record = step.record
    assert GAME.outcome(record.state) is not None


async def test_concurrent_acts_at_one_version_apply_once(
    tables: TableService, store: Store
) -> None:
    record = await lobby(tables, (HOST, BEN, CAS))
    record = (await tables.lobby.start(record.id, HOST)).record
    since = record.waiting[0]
    hand = GAME.view(record.state, 0)["hand"]
    bids = [f"bid {hand[i % 7]}" for i in range(50)]
    results = await asyncio.gather(
        *(tables.play.move(record.id, HOST, bid, since=since) for bid in bids),
        return_exceptions=True,
    )
    applied = [r for r in results if isinstance(r, TableChange)]
    assert len(applied) == 1
    for r in results:
        if not isinstance(r, TableChange):
            assert isinstance(r, TableError | RuleError), repr(r)
            if isinstance(r, TableError):
                assert r.key == "error.stale"
    log = await store.actions(record.id)
    assert len(log) == 1
    winner = bids[results.index(applied[0])]
    assert log[0].action == winner
    saved = await tables.game(record.id)
    assert saved.version == record.version + 1
    assert saved.state["bids"][0] == [int(winner.split()[1])]


async def test_simultaneous_bids_by_different_players_both_count(store: Store) -> None:
    """Money's bids are simultaneous: two members bidding at the same moment are both applied
    (the second is checked again on the new state instead of being refused as stale)."""
    tables = TableService(store, new_seed=lambda: 7)
    record = await tables.lobby.open(
        guild_id=1, channel_id=CHANNEL, game_id="money", host_id=HOST, host_name="Ann"
    )
    for user in (BEN, CAS):
        record = await tables.lobby.join(record.id, user, NAMES[user])
    record = (await tables.lobby.start(record.id, HOST)).record
    bids = [
        tables.play.move(
            record.id,
            user,
            GAME.bot_action(GAME.view(record.state, seat), seat),
            since=record.waiting[seat],
        )
        for seat, user in ((0, HOST), (1, BEN))
    ]
    await asyncio.gather(*bids)
    after = await tables.game(record.id)
    assert sorted(after.waiting) == [2]
    assert [a.seat for a in await store.actions(record.id)] in ([0, 1], [1, 0])
