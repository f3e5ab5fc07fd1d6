"""The production bot in its own process, driven through the loopback Discord: start-up with
many stored games, interaction → first response under load, and memory per active game.

The bot is started exactly as a server admin starts it (`python bot.py`, configured by the
environment); the loopback Discord and the players run in this process. Players act with
`/move` (the action their seat's bot player would choose, read from the database).

- start-up: from launching the process with `--stored` games in the database (`--games` of
  them running) to the first interaction answered;
- latency: `--rate` /move interactions per second on random running games for `--seconds`;
  each counts from its dispatch to the bot's initial response;
- memory: the bot process's resident memory after one move in each of 50 games, then after
  one move in every game; the growth divided by the extra games.

    python -m bench.loopback [--stored 10000] [--games 500] [--rate 50] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from bench.common import percentile, print_table
from db.store import Store
from games import rules_of
from service.tables import TableService
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.channels import FakeChannel
from tests.fakediscord.interactions import APPLICATION_COMMAND, InteractionResult, NoResponse
from tests.fakediscord.production import TOKEN

ROOT = Path(__file__).resolve().parent.parent
GAME = rules_of("money")
PLAYERS = 4
WARM = 50  # games touched before the memory baseline


def rss_kib(pid: int) -> int:
    """Resident memory of a process, in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def prepare(
    path: Path, guild_id: int, chans: list[FakeChannel], users: list[FakeUser], stored: int
) -> None:
    """Running Money games in `chans`, then finished copies until `stored` games exist."""
    store = await Store.open(str(path))
    tables = TableService(store, new_seed=iter(range(1, 10**9)).__next__)
    for chan in chans:
        record = await tables.lobby.open(
            guild_id=guild_id,
            channel_id=chan.id,
            game_id="money",
            host_id=users[0].id,
            host_name=users[0].username,
        )
        for user in users[1:]:
            record = await tables.lobby.join(record.id, user.id, user.username)
        await tables.lobby.start(record.id, users[0].id)
    await store.close()
    with sqlite3.connect(path) as db:  # finished copies, in bulk
        copy = 0
        while (count := db.execute("SELECT count(*) FROM games").fetchone()[0]) < stored:
            copy += 1
            db.execute(
                """INSERT INTO games (guild_id, channel_id, game, status, host_id, seats, options,
                                      seed, state, waiting, version, created_at, updated_at)
                   SELECT guild_id, channel_id + ? * 1000000, game, 'finished', host_id, seats,
                          options, seed, state, '{}', version, created_at, updated_at
                   FROM games WHERE status = 'running' LIMIT ?""",
                (copy, stored - count),
            )


async def move(
    fake: FakeDiscord, store: Store, chan: FakeChannel, users: list[FakeUser], rng: random.Random
) -> InteractionResult | None:
    """One /move by a seat that must act in the channel's game (None if it has none)."""
    record = await store.active_game(chan.id)
    if record is None or record.state is None or not record.waiting:
        return None
    seat = rng.choice(sorted(record.waiting))
    action = GAME.bot_action(GAME.view(record.state, seat), rng.getrandbits(32))
    data = fake.commands.build_data(chan, "move", {"action": action})
    return await fake.interactions.run(
        users[seat], chan, APPLICATION_COMMAND, data, label="/move", settle=False
    )


def answer_time(result: InteractionResult | None) -> float | None:
    if result is None or result.answered_at is None:
        return None
    return result.answered_at - result.dispatched_at


async def bench(stored: int, games: int, rate: float, seconds: float) -> None:
    async with FakeDiscord.start() as fake:
        guild = fake.add_guild("Bench")
        users = [fake.add_user(f"player{n}") for n in range(PLAYERS)]
        chans = [guild.add_text_channel(f"game-{n}") for n in range(games)]
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "tavolo.db"
            await prepare(path, guild.id, chans, users, stored)
            env = {
                **os.environ,
                "DISCORD_TOKEN": TOKEN,
                "TAVOLO_DB_PATH": str(path),
                "TAVOLO_TEST_GUILD_ID": str(guild.id),
                "TAVOLO_LOG_LEVEL": "WARNING",
                "DISCORD_API_BASE": fake.api_base,
                "DISCORD_GATEWAY_URL": fake.gateway_url,
            }
            started = time.perf_counter()
            child = await asyncio.create_subprocess_exec(
                sys.executable, str(ROOT / "bot.py"), cwd=folder, env=env
            )
            try:
                startup = await first_answer(fake, chans[0], users[0], started)
                store = await Store.open(str(path))
                rng = random.Random(7)
                for chan in chans[:WARM]:
                    await move(fake, store, chan, users, rng)
                await fake.settle(quiet=0.5, timeout=60)
                base = rss_kib(child.pid)
                for chan in chans[WARM:]:
                    await move(fake, store, chan, users, rng)
                await fake.settle(quiet=0.5, timeout=120)
                per_game = (rss_kib(child.pid) - base) / max(1, games - WARM)
                latencies, refused = await offered_load(fake, store, chans, users, rate, seconds)
                await store.close()
            finally:
                child.terminate()
                await child.wait()
    print_table(
        f"Through the loopback Discord ({stored} stored games, {games} running, "
        f"{rate:.0f} /move per second offered)",
        (
            "start-up to first answer",
            "answers",
            "no answer",
            "p50",
            "p99",
            "max",
            "memory per active game",
        ),
        [
            (
                f"{startup:.2f} s",
                len(latencies),
                refused,
                f"{percentile(latencies, 0.5) * 1e3:.1f} ms",
                f"{percentile(latencies, 0.99) * 1e3:.1f} ms",
                f"{max(latencies) * 1e3:.1f} ms",
                f"{per_game:.1f} KiB",
            )
        ],
    )


async def first_answer(
    fake: FakeDiscord, chan: FakeChannel, user: FakeUser, started: float
) -> float:
    """Seconds from `started` until the bot answers a `/game status` in `chan`."""
    await fake.wait_ready(timeout=60)
    while True:
        try:
            data = fake.commands.build_data(chan, "game status", {})
            await fake.interactions.run(
                user, chan, APPLICATION_COMMAND, data, label="/game status", settle=False
            )
            return time.perf_counter() - started
        except (NoResponse, KeyError, LookupError):
            await asyncio.sleep(0.01)


async def offered_load(
    fake: FakeDiscord,
    store: Store,
    chans: list[FakeChannel],
    users: list[FakeUser],
    rate: float,
    seconds: float,
) -> tuple[list[float], int]:
    """Latencies of `/move`s arriving `rate` per second, and how many got no answer."""
    rng = random.Random(11)
    latencies: list[float] = []
    missed = 0

    async def one(chan: FakeChannel) -> None:
        nonlocal missed
        try:
            elapsed = answer_time(await move(fake, store, chan, users, rng))
        except NoResponse:
            missed += 1
            return
        if elapsed is not None:
            latencies.append(elapsed)

    start = time.perf_counter()
    tasks = []
    for n in range(int(rate * seconds)):
        await asyncio.sleep(max(0.0, start + n / rate - time.perf_counter()))
        tasks.append(asyncio.create_task(one(rng.choice(chans))))
    await asyncio.gather(*tasks)
    await fake.settle(quiet=0.5, timeout=120)
    return latencies, missed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    asyncio.run(bench(args.stored, args.games, args.rate, args.seconds))


if __name__ == "__main__":
    main()
