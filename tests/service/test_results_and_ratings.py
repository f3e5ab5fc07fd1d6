"""Statistics and ratings at a game's end (`service/results.py`, `service/ratings.py`,
`Store._write_results`): a result row per seat and the players' OpenSkill Plackett–Luce ratings,
equal to the library's own numbers, written in the transaction that ends the game (a failure
between them loses neither: nothing is saved, and the move can be made again); each bot level
rated apart and shown on the leaderboard; a member whose seat a bot took for good (missed
deadlines, or leaving) last; a game the host aborts not rated."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

import service.results
from db.records import GameRecord, Seat
from db.results import BOT_PLAYER, bot_player
from games import rules_of
from i18n import t
from interface.stats_cards import leaderboard_card
from scripts.backfill_results import main as backfill_main
from service.results import backfill_results, game_results
from service.tables import TableService
from tests.helpers.clock import FakeClock

pytestmark = pytest.mark.both_backends

CHANNEL = 10
ANN, BEN = 100, 101
GUILD = 1


@pytest.fixture
def table_seed() -> int:
    return 5_200


@pytest.fixture
def table_clock(clock: FakeClock) -> FakeClock:
    return clock


async def running(tables: TableService, channel: int = CHANNEL) -> GameRecord:
    """A Money game (one hand) of Ann, Ben and a bot, dealt."""
    record = await tables.lobby.open(
        guild_id=GUILD,
        channel_id=channel,
        game_id="money",
        host_id=ANN,
        host_name="Ann",
        options={"hands": "1"},
    )
    await tables.lobby.join(record.id, BEN, "Ben")
    await tables.lobby.add_bot(record.id, ANN)
    return (await tables.lobby.start(record.id, ANN)).record


async def play_to_the_last_move(
    tables: TableService, clock: FakeClock, record: GameRecord
) -> tuple[int, str]:
    """The members play their bots' choices, a minute each, until the next move ends the game;
    returns that move (user, action), not made."""
    game = rules_of("money")
    for step in range(5_000):
        record = await tables.game(record.id)
        assert record.state is not None
        seat = next(s for s in game.to_act(record.state) if not record.seats[s].bot)
        user = record.seats[seat].user_id
        assert user is not None
        action = game.bot_action(game.view(record.state, seat), step)
        clock.advance(minutes=1)
        if game.outcome(game.apply(record.state, seat, action)) is not None:
            return user, action
        await tables.play.move(record.id, user, action)
    raise AssertionError("the game did not end")


async def test_a_finished_game_is_rated_as_the_library_rates_it(
    tables: TableService, clock: FakeClock
) -> None:
    record = await running(tables)
    user, action = await play_to_the_last_move(tables, clock, record)
    change = await tables.play.move(record.id, user, action)
    assert change.record.status == "finished"
    rows = await tables.store._read(
        "SELECT seat, player, place, won, turns, turn_seconds, missed FROM game_results "
        "WHERE game_id = ? ORDER BY seat",
        (record.id,),
    )
    players = [row[1] for row in rows]
    assert sorted(players) == sorted([ANN, BEN, BOT_PLAYER])
    outcome = rules_of("money").outcome(change.record.state or {})
    assert outcome is not None
    assert [bool(row[3]) for row in rows] == [s in outcome.winners for s in range(3)]
    for seat, player, _, _, turns, seconds, missed in rows:
        if player != BOT_PLAYER:
            assert turns > 0 and seconds > 0 and not missed, seat
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in rows], ranks=[row[2] for row in rows])
    for row, team in zip(rows, expected, strict=True):
        rating = await tables.store.rating(GUILD, "money", row[1])
        assert rating is not None and rating.games == 1
        assert rating.mu == pytest.approx(team[0].mu, abs=1e-9)
        assert rating.sigma == pytest.approx(team[0].sigma, abs=1e-9)
        assert rating.ordinal == pytest.approx(team[0].ordinal(), abs=1e-9)
    board = await tables.store.leaderboard(GUILD, "money")
    assert [r.player for r in board] == [r[1] for r in sorted(rows, key=lambda r: r[2])] or (
        len({r[2] for r in rows}) < 3  # a tie: its order is not asserted
    )
    stats = await tables.store.player_stats(GUILD, ANN, "money")
    assert stats.played == 1 and stats.clean == 1
    assert stats.seconds_per_turn is not None and stats.seconds_per_turn >= 60


async def test_a_failure_while_rating_saves_neither_the_end_nor_the_ratings(
    tables: TableService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = await running(tables)
    user, action = await play_to_the_last_move(tables, clock, record)
    before = await tables.game(record.id)

    def broken(*_: object) -> object:
        raise RuntimeError("crash while rating")

    monkeypatch.setattr(service.results, "rate", broken)
    with pytest.raises(RuntimeError):
        await tables.play.move(record.id, user, action)
    assert (await tables.game(record.id)).version == before.version
    assert await tables.store.leaderboard(GUILD, "money") == []
    assert (await tables.store.player_stats(GUILD, ANN)).played == 0
    monkeypatch.undo()
    change = await tables.play.move(record.id, user, action)
    assert change.record.status == "finished"
    assert len(await tables.store.leaderboard(GUILD, "money")) == 3


async def results_rows(tables: TableService, game_id: int) -> list[tuple[int, int, int, int, int]]:
    """(seat, player, place, won, missed) of a finished game's result rows, by seat."""
    rows = await tables.store._read(
        "SELECT seat, player, place, won, missed FROM game_results WHERE game_id = ? ORDER BY seat",
        (game_id,),
    )
    return [tuple(row) for row in rows]  # type: ignore[misc]


async def test_each_bot_level_is_rated_as_a_player_of_its_own(
    tables: TableService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An easy and a strong bot (playing the standard bot's moves, to keep the test quick)
    are two players, rated as the library rates the game, both on the leaderboard."""
    pool = tables.play.bots
    choose = pool.action

    async def quick(game_id: str, level: str, *args: object, **kw: object) -> str:
        return await choose(game_id, "standard", *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(pool, "action", quick)
    record = await tables.lobby.open(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_id="money",
        host_id=ANN,
        host_name="Ann",
        options={"hands": "1"},
    )
    await tables.lobby.add_bot(record.id, ANN, "easy")
    await tables.lobby.add_bot(record.id, ANN, "strong")
    record = (await tables.lobby.start(record.id, ANN)).record
    user, action = await play_to_the_last_move(tables, clock, record)
    assert (await tables.play.move(record.id, user, action)).record.status == "finished"
    levels = {seat.level: s for s, seat in enumerate(record.seats) if seat.bot}
    rows = {row[0]: row for row in await results_rows(tables, record.id)}
    assert rows[levels["easy"]][1] == bot_player("easy") == -2
    assert rows[levels["strong"]][1] == bot_player("strong") == -3
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in rows], ranks=[rows[s][2] for s in rows])
    for s, team in zip(rows, expected, strict=True):
        rating = await tables.store.rating(GUILD, "money", rows[s][1])
        assert rating is not None and rating.games == 1
        assert rating.mu == pytest.approx(team[0].mu, abs=1e-9)
    board = await tables.stats.leaderboard(GUILD, "money")
    assert sorted(line.rating.player for line in board) == [-3, -2, ANN]
    assert await tables.store.rating(GUILD, "money", BOT_PLAYER) is None  # no standard bot
    text = leaderboard_card("money", board, "en")
    for level in ("easy", "strong"):
        assert t("leaderboard.bot", level=t(f"bot.level.{level}")) in text, text


async def test_every_rated_bot_level_is_on_the_leaderboard_even_below_the_top(
    tables: TableService,
) -> None:
    """Ten members above the easy bot: it is still listed, at its place, after a gap."""
    rating = tables.store.backend.execute
    for player, ordinal in [*((1000 + k, 30.0 - k) for k in range(10)), (-2, 1.0), (-1, 25.5)]:
        await rating(
            "INSERT INTO ratings (guild_id, game, player, mu, sigma, ordinal, games, updated_at)"
            " VALUES (?, 'money', ?, ?, 1.0, ?, 6, '2026-01-01')",
            (GUILD, player, ordinal + 3, ordinal),
        )
    board = await tables.stats.leaderboard(GUILD, "money", limit=10)
    assert [(line.place, line.rating.player) for line in board][-2:] == [(10, 1008), (12, -2)]
    assert (6, -1) in [(line.place, line.rating.player) for line in board]
    text = leaderboard_card("money", board, "en")
    easy = t("leaderboard.bot", level=t("bot.level.easy"))
    assert text.splitlines()[-2:] == ["…", text.splitlines()[-1]] and easy in text.splitlines()[-1]


async def test_a_member_who_left_the_game_is_rated_last_and_the_bot_that_took_over_is_not(
    tables: TableService, clock: FakeClock
) -> None:
    record = await running(tables)
    ben = record.seat_of(BEN)
    assert ben is not None
    change = await tables.seats.leave(record, BEN)
    await tables.play.run_bots(change)
    user, action = await play_to_the_last_move(tables, clock, record)
    assert user == ANN
    assert (await tables.play.move(record.id, user, action)).record.status == "finished"
    rows = {row[0]: row for row in await results_rows(tables, record.id)}
    assert rows[ben][1:] == (BEN, 3, 0, 1)  # Ben: last, no win, not a clean game
    assert [row[1] for row in rows.values()].count(BOT_PLAYER) == 1  # the lobby's bot only
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in rows], ranks=[rows[s][2] for s in rows])
    rating = await tables.store.rating(GUILD, "money", BEN)
    assert rating is not None and rating.mu == pytest.approx(expected[ben][0].mu, abs=1e-9)


async def test_a_seat_a_bot_took_after_missed_deadlines_counts_as_last_for_its_member(
    tables: TableService, clock: FakeClock
) -> None:
    """The results of a game whose winner lost their seat to a bot for good: that member is
    last and did not win; the others move up."""
    record = await running(tables)
    user, action = await play_to_the_last_move(tables, clock, record)
    final = (await tables.play.move(record.id, user, action)).record
    assert final.state is not None
    outcome = rules_of("money").outcome(final.state)
    assert outcome is not None
    best = max(range(3), key=lambda s: (s in outcome.winners, outcome.scores[s]))
    holder = final.seats[best]
    if holder.bot:
        pytest.skip("the bot won this seeded game")
    seats = list(final.seats)
    seats[best] = Seat(holder.user_id, f"{holder.name} (bot)", bot=True)
    log = await tables.store.log(record.id)
    results = game_results(final, final.state, seats, log)
    row = results.seats[best]
    assert (row.player, row.place, row.won, row.missed) == (holder.user_id, 3, False, True)
    assert sorted(r.place for r in results.seats if r.seat != best) in ([1, 2], [1, 1])


async def test_a_game_the_host_aborts_is_not_rated(tables: TableService, clock: FakeClock) -> None:
    record = await running(tables)
    game = rules_of("money")
    for step in range(6):
        current = await tables.game(record.id)
        assert current.state is not None
        seat = next(s for s in game.to_act(current.state) if not current.seats[s].bot)
        user = current.seats[seat].user_id
        assert user is not None
        action = game.bot_action(game.view(current.state, seat), step)
        await tables.play.move(record.id, user, action)
    aborted = await tables.lobby.abort(record.id, ANN, manager=False)
    assert aborted.status == "aborted"
    assert await results_rows(tables, record.id) == []
    assert await tables.store.leaderboard(GUILD, "money") == []
    assert (await tables.store.player_stats(GUILD, ANN)).played == 0


async def test_games_finished_before_results_were_kept_are_backfilled_once(
    tables: TableService, clock: FakeClock
) -> None:
    """A finished game whose results and ratings are missing (as before migration 011) gets
    the very rows and ratings the end of the game wrote; a second run does nothing."""
    record = await running(tables)
    user, action = await play_to_the_last_move(tables, clock, record)
    await tables.play.move(record.id, user, action)
    store = tables.store
    sql = "SELECT * FROM game_results WHERE game_id = ? ORDER BY seat"
    rows = await store._read(sql, (record.id,))
    ratings = await store._read("SELECT * FROM ratings ORDER BY player")
    assert rows and ratings
    await store.backend.execute("DELETE FROM game_results")
    await store.backend.execute("DELETE FROM ratings")
    assert await store.unrated_finished_games() == [record.id]
    assert await backfill_results(store) == 1
    assert await store._read(sql, (record.id,)) == rows
    assert await store._read("SELECT * FROM ratings ORDER BY player") == ratings
    assert await backfill_results(store) == 0
    assert len(await store._read(sql, (record.id,))) == len(rows)


async def test_the_backfill_script_reports_what_it_did(
    tables: TableService, clock: FakeClock, database_url: str, tmp_path: Path, capsys
) -> None:
    record = await running(tables)
    user, action = await play_to_the_last_move(tables, clock, record)
    await tables.play.move(record.id, user, action)
    await tables.store.backend.execute("DELETE FROM game_results")
    assert await asyncio.to_thread(backfill_main, ["--db", database_url]) == 0
    assert "added for 1 finished games" in capsys.readouterr().out
    assert len(await tables.store.unrated_finished_games()) == 0
    assert backfill_main(["--db", str(tmp_path / "none.db")]) == 2


async def test_a_member_whose_seat_a_bot_took_after_a_missed_deadline_is_rated_last(
    tables: TableService, clock: FakeClock
) -> None:
    """Through the table service: Ben misses his deadline (one bot move ends his seat), the
    bot plays it to the end, and the seat's result is Ben's: last, no win, a missed deadline."""
    record = await tables.lobby.open(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_id="money",
        host_id=ANN,
        host_name="Ann",
        options={"hands": "1"},
    )
    await tables.lobby.join(record.id, BEN, "Ben")
    await tables.lobby.add_bot(record.id, ANN)
    await tables.deadlines.configure(record.id, ANN, manager=False, deadline_hours=2, auto_moves=1)
    record = (await tables.lobby.start(record.id, ANN)).record
    ben = record.seat_of(BEN)
    assert ben is not None and record.state is not None
    game = rules_of("money")
    ann = record.seat_of(ANN)
    assert ann is not None
    await tables.play.move(record.id, ANN, game.bot_action(game.view(record.state, ann), 1))
    clock.advance(hours=3)
    changes = (await tables.deadlines.tick()).changes
    assert any(n["type"] == "handed_to_bot" for c in changes for n in c.notes)
    benched = await tables.game(record.id)
    assert benched.seats[ben].bot and benched.seats[ben].user_id == BEN
    user, action = await play_to_the_last_move(tables, clock, benched)
    assert user == ANN
    assert (await tables.play.move(record.id, user, action)).record.status == "finished"
    rows = {row[0]: row for row in await results_rows(tables, record.id)}
    assert rows[ben][1:] == (BEN, 3, 0, 1)
    assert [row[1] for row in rows.values()].count(BOT_PLAYER) == 1  # the lobby's bot only
