"""Statistics and ratings at a game's end (`service/results.py`, `service/ratings.py`,
`Store._write_results`): a result row per seat and the players' OpenSkill Plackett–Luce ratings,
equal to the library's own numbers, written in the transaction that ends the game (a failure
between them loses neither: nothing is saved, and the move can be made again)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

import service.results
from db.records import GameRecord
from db.results import BOT_PLAYER
from games import rules_of
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
