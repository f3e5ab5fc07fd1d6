"""Nothing is lost between the commit and the post (issue 16, point 9): the production bot runs
as its own process against the loopback Discord and is SIGKILLed while its board post is in
flight; restarted on the same database, it posts the board and pings the next player exactly
once.

Two moments of death: before Discord took the post (the loopback holds the request unread:
the move is saved, nothing is shown), and after Discord took it but before the bot heard back
(the loopback stores the post and never answers: the board is shown, the bot does not know).
The outbox (`db/outbox.py`) delivers the first on start-up; the post's nonce keeps the second
from showing twice.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from db.store import Store
from fakediscord import FakeDiscord
from fakediscord.production import TOKEN
from games import rules_of

REPO = Path(__file__).resolve().parents[2]
POST = ("POST", "/channels/{channel_id}/messages")
GAME = "nycards"


def start_bot(fake: FakeDiscord, db: Path, guild_id: int) -> subprocess.Popen[bytes]:
    """The production bot (`bot.main`) in a process of its own, pointed at the loopback."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(REPO),
        "DISCORD_TOKEN": TOKEN,
        "TAVOLO_DATABASE_URL": str(db),
        "TAVOLO_TEST_GUILD_ID": str(guild_id),
        "TAVOLO_TIMER_SECONDS": "1",
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
    }
    return subprocess.Popen(
        [sys.executable, "-c", "import sys, bot; sys.exit(bot.main())"],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


async def read_game(db: Path, channel_id: int):  # type: ignore[no-untyped-def]
    store = await Store.open(str(db))
    try:
        record = await store.active_game(channel_id)
        assert record is not None
        pending = await store.pending(record.id, record.version)
        return record, pending
    finally:
        await store.close()


async def connected(fake: FakeDiscord, guild_id: int) -> None:
    """Wait until the bot's commands are registered and its gateway session is up."""
    await fake.wait_for(
        lambda: fake.gateway.current is not None and fake.commands.list(guild_id),
        timeout=60,
        what="the bot connected",
    )
    await asyncio.sleep(0.5)  # READY handled (guilds cached)


def kill(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)


@pytest.mark.parametrize("moment", ["before_discord_took_it", "after_discord_took_it"])
async def test_a_board_in_flight_at_a_crash_is_posted_and_pinged_once_after_restart(
    fake_discord: FakeDiscord, tmp_path: Path, moment: str
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Crash")
    chan = guild.add_text_channel("games")
    people = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    db = tmp_path / "tavolo.db"
    bot = start_bot(fake, db, guild.id)
    try:
        await connected(fake, guild.id)
        lobby = (await people[0].slash(chan, "game new", game=GAME, timeout=20)).message
        assert lobby is not None
        for user in people[1:]:
            await user.press(lobby, "Join")
        await people[0].press(lobby, "Start")
        await fake.wait_for(lambda: chan.messages()[-1].attachments, what="first board")
        record, _ = await read_game(db, chan.id)
        (seat,) = record.waiting
        game = rules_of(GAME)
        takes = [a for a in game.choices(record.state, seat).moves if a.startswith("take")]
        action = takes[0]  # taking money ends the turn: the next board is a new post
        mover = next(u for u in people if u.id == record.seats[seat].user_id)
        hold = fake.hold(*POST, after=moment == "after_discord_took_it", channel_id=chan.id)
        posts_before = len(chan.messages())
        await mover.slash(chan, "move", action=action)
        await asyncio.wait_for(hold.reached.wait(), 20)
        kill(bot)
    finally:
        if bot.poll() is None:
            kill(bot)

    saved, pending = await read_game(db, chan.id)
    assert saved.version > record.version, "the move was committed before the post"
    assert pending, "what the channel must learn is kept in the outbox"
    (nxt,) = saved.waiting
    next_user = saved.seats[nxt].user_id
    shown_at_kill = len(chan.messages()) - posts_before
    assert shown_at_kill == (1 if moment == "after_discord_took_it" else 0)

    bot = start_bot(fake, db, guild.id)
    try:
        await connected(fake, guild.id)
        for _ in range(300):
            _, pending = await read_game(db, chan.id)
            if not pending:
                break
            await asyncio.sleep(0.1)
        assert not pending, "the restarted bot delivered the outbox"
        await asyncio.sleep(1.5)  # a second timer check must not post it again
    finally:
        kill(bot)
    new = chan.messages()[posts_before:]
    boards = [m for m in new if m.attachments]
    assert len(boards) == 1, [m.content for m in new]
    assert boards[0].pinged == {next_user}
    assert f"<@{next_user}>" in boards[0].content
