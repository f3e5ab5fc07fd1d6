"""Faults of the outside world, for every registered game:

- Discord errors while delivering a committed move (403 closed DMs and missing access, 404
  deleted messages, 429, 5xx, a DM channel that cannot be opened): the move stays committed,
  the game stays consistent and playable, and other games are served;
- (a deleted game channel: `test_deleted_channels.py`);
- an interaction that timed out before it was answered (404 Unknown interaction): the move
  stays committed and the board is still posted;
- `database is locked` during a save: the player gets a clear message, nothing changes, and
  the next press works once the lock is gone;
- a corrupt or unreachable database at start-up: one line on stderr, exit code 1, no traceback
  and no hang; library DEBUG logging that would quote game secrets stays off.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cogs.play import Play
from db.records import GameRecord
from db.store import Store
from fakediscord import network
from fakediscord.errors import (
    bad_gateway,
    cannot_dm,
    missing_access,
    rate_limited,
    unknown_interaction,
    unknown_message,
)
from fakediscord.inprocess import FakeBot, FakeInteraction
from games import rules_of
from i18n import t
from interface import delivery
from interface.delivery import deliver_everything
from interface.hand_dms import dm_channel
from interface.lobby_actions import press_lobby
from interface.messages import status_line
from interface.play_actions import press_move
from service.tables import TableService
from tests.reliability.driving import GAME_IDS, assert_consistent, member_move, seated_game

REPO = Path(__file__).resolve().parents[2]
INTERNAL = t("error.internal")


pytestmark = pytest.mark.usefixtures("no_pictures")


async def members_game(tables: TableService, game_id: str, channel: int) -> GameRecord:
    info = rules_of(game_id).info
    return await seated_game(
        tables, game_id, channel, [100 * channel + k for k in range(info.min_players)]
    )


async def press_genuine(bot: FakeBot, record: GameRecord, rng: random.Random) -> FakeInteraction:
    """A waiting member presses a legal move's button in the game's channel."""
    move = member_move(record, rng)
    assert move is not None
    seat, user, action, since = move
    press = FakeInteraction(bot, user, guild_id=1, channel_id=record.channel_id)
    await press_move(press, record.id, seat, since, action)
    return press


FAULTS = {
    "DMs closed (403/50007)": [("send", cannot_dm, "dm")],
    "DM missing access (403/50001)": [("send", missing_access, "dm")],
    "DM channel cannot be opened (502)": [("open_dm", bad_gateway, None)],
    "old DM deleted (404/10008)": [("edit", unknown_message, "dm")],
    "board post rate limited (429)": [("send", rate_limited, "channel")],
    "board post fails (502)": [("send", bad_gateway, "channel")],
    "board post forbidden (403/50001)": [("send", missing_access, "channel")],
    "old board deleted (404/10008)": [("edit", unknown_message, "channel")],
    "board post: connection dropped (aiohttp)": [("send", network.server_disconnected, "channel")],
    "board edit: connection reset (OS)": [("edit", network.connection_reset, "channel")],
    "DM: timed out": [("send", network.timed_out, "dm")],
    "network down everywhere": [
        ("send", network.unreachable, None),
        ("edit", network.unreachable, None),
        ("open_dm", network.unreachable, None),
    ],
    "Discord down (502 everywhere)": [
        ("send", bad_gateway, None),
        ("edit", bad_gateway, None),
        ("open_dm", bad_gateway, None),
    ],
}


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("fault", list(FAULTS))
async def test_discord_errors_after_a_commit_leave_the_game_consistent(
    game_id: str, fault: str, tables: TableService, store: Store, bot: FakeBot
) -> None:
    game_a = await members_game(tables, game_id, 1)
    game_b = await members_game(tables, game_id, 2)
    for op, make, target in FAULTS[fault]:
        if target == "dm":
            for seat in game_a.seats:
                bot.fail(op, make, channel_id=bot.dm_id(seat.user_id))
        else:
            bot.fail(op, make, channel_id=game_a.channel_id if target == "channel" else None)
    rng = random.Random(8)
    record = game_a
    for _ in range(4):  # moves under the fault: committed, acknowledged, consistent
        if record.status != "running":
            break
        press = await press_genuine(bot, record, rng)
        assert [a.how for a in press.answers] == ["defer"], press.answers
        after = await assert_consistent(store, record.id)
        assert (
            after.version > record.version and after.status == record.status
        ) or after.status == "finished"
        record = after
    if "everywhere" in fault:
        bot.heal()
        await deliver_everything(bot)
    posted = len(bot.in_channel(game_b.channel_id))
    press = await press_genuine(bot, game_b, rng)  # another game is served meanwhile
    assert [a.how for a in press.answers] == ["defer"]
    assert len(bot.in_channel(game_b.channel_id)) > posted
    bot.heal()
    if record.status == "running":  # and the faulty game plays on once Discord is back
        posted = len(bot.in_channel(record.channel_id))
        await press_genuine(bot, record, rng)
        assert len(bot.in_channel(record.channel_id)) > posted
        await assert_consistent(store, record.id)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_network_failure_after_a_commit_is_delivered_once_the_network_is_back(
    game_id: str, tables: TableService, store: Store, bot: FakeBot
) -> None:
    """Point 6 of issue 16: the player is not told "nothing changed"; what could not be shown
    stays in the outbox (nothing is recorded as delivered that was not) and is shown, once,
    with the newest state, when Discord can be reached again."""
    record = await members_game(tables, game_id, 1)
    for op in ("send", "edit", "open_dm"):
        bot.fail(op, network.server_disconnected)
    press = await press_genuine(bot, record, random.Random(5))
    assert [a.how for a in press.answers] == ["defer"], press.answers
    after = await assert_consistent(store, record.id)
    assert after.version > record.version
    assert await store.pending(record.id, after.version), "kept until it is shown"
    bot.heal()
    await deliver_everything(bot)
    assert not await store.pending(record.id, after.version)
    where = await store.get_message(record.id, "board")
    assert where is not None
    shown = bot.discord.fake.world.messages[where[1]]
    assert shown.content.endswith(status_line(after, "en")), "the newest state is shown"
    assert not await store.panels_due(record.id), "every changed hand was DMed"


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("how", ["button", "typed"])
async def test_a_timed_out_interaction_still_plays_and_posts(
    game_id: str, how: str, tables: TableService, store: Store, bot: FakeBot
) -> None:
    """Discord refuses the late answer (10062): the move stays committed (it was saved before
    the answer), the board is still posted, nothing raises; the game plays on."""
    record = await members_game(tables, game_id, 1)
    rng = random.Random(6)
    move = member_move(record, rng)
    assert move is not None
    seat, user, action, since = move
    late = FakeInteraction(
        bot,
        user,
        guild_id=1,
        channel_id=1,
        command=how == "typed",
        response_error=unknown_interaction,
    )
    posted = len(bot.in_channel(1))
    if how == "button":
        await press_move(late, record.id, seat, since, action)
    else:
        await Play.move.callback(Play(bot), late, action=action)  # type: ignore[arg-type]
    assert late.answers == [], "nothing can be answered to a timed-out interaction"
    after = await assert_consistent(store, record.id)
    logged = [a for a in await store.actions(record.id) if a.version > record.version]
    assert (logged[0].seat, logged[0].user_id, logged[0].action) == (seat, user, action)
    boards = [s for s in bot.in_channel(1)[posted:] if s.op == "send" and "files" in s.kwargs]
    assert boards, "the board of the committed move was not posted"
    assert await store.get_message(record.id, "board") == (1, boards[-1].message_id)
    if after.status == "running":
        press = await press_genuine(bot, after, rng)
        assert [a.how for a in press.answers] == ["defer"]


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_other_404s_do_not_end_a_game(
    game_id: str, tables: TableService, store: Store, bot: FakeBot
) -> None:
    record = await members_game(tables, game_id, 1)
    bot.fail("send", unknown_message, channel_id=record.channel_id)
    await press_genuine(bot, record, random.Random(1))
    assert (await tables.game(record.id)).status in ("running", "finished")


class ExclusiveLock:
    """Another connection holding the database's write lock (as another process could)."""

    def __init__(self, path: str) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("BEGIN EXCLUSIVE")

    def release(self) -> None:
        self.conn.execute("ROLLBACK")
        self.conn.close()


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_locked_database_during_a_save(game_id: str, tmp_path: Path) -> None:
    path = str(tmp_path / "locked.db")
    store = await Store.open(path)
    tables = TableService(store)
    bot = FakeBot(store, tables)
    try:
        record = await members_game(tables, game_id, 1)
        await store._conn.execute("PRAGMA busy_timeout=50")  # give up after 50 ms, not 5 s
        rng = random.Random(5)
        move = member_move(record, rng)
        assert move is not None
        seat, user, action, since = move
        lock = ExclusiveLock(path)
        try:
            press = FakeInteraction(bot, user, guild_id=1, channel_id=1)
            await press_move(press, record.id, seat, since, action)
            assert press.refusal == INTERNAL
            typed = FakeInteraction(bot, user, guild_id=1, channel_id=1, command=True)
            await Play.move.callback(Play(bot), typed, action=action)  # type: ignore[arg-type]
            assert typed.refusal == INTERNAL
            lobby = await store.get_game(record.id)
            assert lobby is not None and lobby.version == record.version
        finally:
            lock.release()
        assert await assert_consistent(store, record.id) == await tables.game(record.id)
        assert (await tables.game(record.id)).version == record.version
        press = FakeInteraction(bot, user, guild_id=1, channel_id=1)
        await press_move(press, record.id, seat, since, action)  # the same press, now it works
        assert [a.how for a in press.answers] == ["defer"]
        assert (await tables.game(record.id)).version > record.version
    finally:
        await store.close()


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_locked_database_during_a_lobby_press(game_id: str, tmp_path: Path) -> None:
    path = str(tmp_path / "locked.db")
    store = await Store.open(path)
    tables = TableService(store)
    bot = FakeBot(store, tables)
    try:
        lobby = await tables.lobby.open(
            guild_id=1, channel_id=3, game_id=game_id, host_id=300, host_name="Host"
        )
        await store._conn.execute("PRAGMA busy_timeout=50")
        lock = ExclusiveLock(path)
        try:
            press = FakeInteraction(bot, 301, guild_id=1, channel_id=3)
            await press_lobby(press, lobby.id, "join")
            assert press.refusal == INTERNAL
        finally:
            lock.release()
        assert (await tables.game(lobby.id)).seats == lobby.seats
        press = FakeInteraction(bot, 301, guild_id=1, channel_id=3)
        await press_lobby(press, lobby.id, "join")
        assert len((await tables.game(lobby.id)).seats) == 2
    finally:
        await store.close()


# ------------------------------------------------------------------ start-up


def run_bot(db_path: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {"DISCORD_TOKEN": "x", "TAVOLO_DATABASE_URL": str(db_path), "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, "-c", "import sys, bot; sys.exit(bot.main())"],
        cwd=REPO,
        env={**env, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=30,
    )


def corrupt_schema(path: Path) -> None:
    """A real Tavolo database whose schema page is garbage past its header."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE filler (x TEXT)")
    conn.execute("INSERT INTO filler VALUES (?)", ("x" * 9000,))
    conn.commit()
    conn.close()
    data = bytearray(path.read_bytes())
    data[100:4000] = bytes(random.Random(1).getrandbits(8) for _ in range(3900))
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("case", ["garbage", "schema", "directory", "missing folder"])
def test_a_corrupt_database_at_start_up_is_one_clear_line(case: str, tmp_path: Path) -> None:
    path = tmp_path / "tavolo.db"
    if case == "garbage":
        path.write_bytes(random.Random(0).randbytes(16_384))
    elif case == "schema":
        corrupt_schema(path)
    elif case == "directory":
        path.mkdir()
    else:
        path = tmp_path / "nowhere" / "tavolo.db"
    result = run_bot(path, tmp_path)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 1, result.stderr
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith(f"tavolo: cannot use the database {path}: "), lines[0]


def test_library_debug_logs_that_quote_secrets_stay_off() -> None:
    code = (
        "import logging, bot; bot.configure_logging('DEBUG'); "
        "print([logging.getLogger(n).getEffectiveLevel() for n in bot.QUIET_LOGGERS], "
        "logging.getLogger('tavolo.delivery').getEffectiveLevel())"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=30
    )
    quiet, ours = result.stdout.strip().rsplit(" ", 1)
    assert quiet == str([20] * 3) + "," or quiet.strip(",") == str([20, 20, 20]), result.stdout
    assert ours == "10"


async def test_a_hand_dm_that_fails_stays_due_and_only_it_is_sent_again(
    tables: TableService, store: Store, bot: FakeBot
) -> None:
    """The panels of one delivery are marked sent together, after they went: a seat whose DM
    failed in a way that may pass stays due, the others are done and not sent twice."""
    record = await members_game(tables, "money", 1)
    first_dm, second_dm = [(await dm_channel(bot, s.user_id or 0)).id for s in record.seats[:2]]
    bot.fail("send", bad_gateway, channel_id=second_dm)
    await deliver_everything(bot)
    assert set(await store.panels_due(record.id)) == {1}, "the failed one only"
    assert len([s for s in bot.in_channel(first_dm) if s.op == "send"]) == 1
    bot.heal()
    await deliver_everything(bot)
    assert not await store.panels_due(record.id)
    assert len([s for s in bot.in_channel(first_dm) if s.op == "send"]) == 1, "not sent twice"


async def test_a_your_turn_dm_sent_before_a_delivery_was_cut_short_is_not_sent_again(
    tables: TableService, store: Store, bot: FakeBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A "your turn" DM is a new message (it notifies): it is marked sent as soon as it went,
    so a delivery cut short while another seat's DM hangs (a restart, a cancelled task) does
    not send it twice when the delivery runs again."""
    record = await members_game(tables, "money", 1)
    for seat in record.seats:
        await store.set_turn_notice(seat.user_id or 0, "dm")
    first_dm, second_dm = [(await dm_channel(bot, s.user_id or 0)).id for s in record.seats[:2]]
    original = delivery.dm_hand

    async def hangs_for_the_second(*args: Any, **kwargs: Any) -> bool | None:
        if args[2] == 1:
            await asyncio.Event().wait()
        return await original(*args, **kwargs)

    monkeypatch.setattr(delivery, "dm_hand", hangs_for_the_second)
    cut_short = asyncio.ensure_future(deliver_everything(bot))
    for _ in range(300):  # the first seat's DM went and its delivery went on
        if 0 not in await store.panels_due(record.id) and bot.in_channel(first_dm):
            break
        await asyncio.sleep(0.01)
    cut_short.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await cut_short
    monkeypatch.setattr(delivery, "dm_hand", original)
    await deliver_everything(bot)
    assert len([s for s in bot.in_channel(first_dm) if s.op == "send"]) == 1, "not twice"
    assert len([s for s in bot.in_channel(second_dm) if s.op == "send"]) == 1
    assert not await store.panels_due(record.id)
