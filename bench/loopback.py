"""The production bot in its own process, driven through the loopback Discord: start-up with
many stored games, interaction → first response and → board posted under load at several
rates, the bot's event-loop lag, and memory per active game.

The bot is started exactly as a server admin starts it (`python bot.py`, configured by the
environment); the loopback Discord and the players run in this process. Players act with
`/move` (the action their seat's bot player would choose, read from the database).

- start-up: from launching the process with `--stored` games in the database (`--games` of
  them running) to the first interaction answered;
- latency: for each rate of `--rates`, /move interactions at that rate on random running games
  for `--seconds`; each counts from its dispatch to the bot's initial response, and to the
  board showing it (the first post or edit of the channel's board, with its picture, after the
  dispatch); a /move the bot never answered counts as unanswered;
- event-loop lag: the bot writes how late its loop wakes up (`interface.loop_lag`, every 10 ms)
  while each rate runs: p99 and the worst;
- memory: the bot process's resident memory after one move in each of 50 games, then after
  one move in every game; the growth divided by the extra games.

Every table is printed with `uptime`'s load and the same-run reference (one board-sized palette
PNG); the last line is `board posted at 50/s: p50 A ms, p99 B ms; unanswered at 100/s: U`.

    python -m bench.loopback [--stored 10000] [--games 500] [--rates 10,20,50,100,200]
                             [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import os
import random
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.common import load_line, percentile, print_table, reference_ms
from db.store import Store, open_store
from fakediscord import FakeDiscord, FakeUser
from fakediscord.channels import FakeChannel
from fakediscord.interactions import APPLICATION_COMMAND, InteractionResult, NoResponse
from fakediscord.production import TOKEN
from games import rules_of
from service.tables import TableService

ROOT = Path(__file__).resolve().parent.parent
GAME = rules_of("money")
PLAYERS = 4
WARM = 50  # games touched before the memory baseline
BOARD_PICTURE = "table.png"  # the board's picture (`interface.messages.board`)


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
    store = await open_store(str(path))
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


@dataclass
class RateFigures:
    """What one offered rate gave."""

    rate: float
    answers: list[float] = field(default_factory=list)  # dispatch → first response (s)
    boards: list[float] = field(default_factory=list)  # dispatch → board shown (s)
    unanswered: int = 0
    no_board: int = 0
    lag: list[float] = field(default_factory=list)  # the bot's loop lag samples (ms)
    window: tuple[float, float] = (0.0, 0.0)  # monotonic start and end of the run
    load: str = ""


class BoardWatch:
    """When each channel's board was shown (posted or edited with its table picture), read
    from the loopback Discord's message log as it is written."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.shown: dict[int, list[float]] = {}
        log = fake.world.log
        add = log.add

        def watched(kind: Any, message: Any) -> Any:
            event = add(kind, message)
            public = not message.ephemeral and message.channel.guild is not None
            if (
                kind != "delete"
                and public
                and any(a.filename == BOARD_PICTURE for a in message.attachments)
            ):
                when = asyncio.get_running_loop().time()
                self.shown.setdefault(message.channel.id, []).append(when)
            return event

        log.add = watched  # type: ignore[method-assign]

    def after(self, channel_id: int, moment: float) -> float | None:
        """The first time the channel's board was shown at or after `moment`."""
        times = self.shown.get(channel_id, [])
        index = bisect.bisect_left(times, moment)
        return times[index] if index < len(times) else None


def lag_between(path: Path, start: float, end: float) -> list[float]:
    """The bot's loop lag samples (ms) taken between two monotonic times."""
    if not path.exists():
        return []
    samples = []
    for line in path.read_text().splitlines():
        when, lag = line.split()
        if start <= float(when) <= end:
            samples.append(float(lag))
    return samples


def ms(values: list[float], fraction: float, scale: float = 1e3) -> str:
    return f"{percentile(values, fraction) * scale:.0f} ms" if values else "—"


async def bench(stored: int, games: int, rates: list[float], seconds: float) -> None:
    reference = reference_ms()
    async with FakeDiscord.start() as fake:
        guild = fake.add_guild("Bench")
        users = [fake.add_user(f"player{n}") for n in range(PLAYERS)]
        chans = [guild.add_text_channel(f"game-{n}") for n in range(games)]
        watch = BoardWatch(fake)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "tavolo.db"
            lag_file = Path(folder) / "lag.txt"
            await prepare(path, guild.id, chans, users, stored)
            env = {
                **os.environ,
                "DISCORD_TOKEN": TOKEN,
                "TAVOLO_DATABASE_URL": str(path),
                "TAVOLO_TEST_GUILD_ID": str(guild.id),
                "TAVOLO_LOG_LEVEL": "WARNING",
                "TAVOLO_LOOP_LAG_FILE": str(lag_file),
                "DISCORD_API_BASE": fake.api_base,
                "DISCORD_GATEWAY_URL": fake.gateway_url,
            }
            started = time.perf_counter()
            child = await asyncio.create_subprocess_exec(
                sys.executable, str(ROOT / "bot.py"), cwd=folder, env=env
            )
            figures = []
            try:
                startup = await first_answer(fake, chans[0], users[0], started)
                store = await open_store(str(path))
                rng = random.Random(7)
                for chan in chans[:WARM]:
                    await move(fake, store, chan, users, rng)
                await fake.settle(quiet=0.5, timeout=60)
                base = rss_kib(child.pid)
                for chan in chans[WARM:]:  # also warms: every game has its board and DMs
                    await move(fake, store, chan, users, rng)
                await fake.settle(quiet=0.5, timeout=300)
                per_game = (rss_kib(child.pid) - base) / max(1, games - WARM)
                for rate in rates:
                    ran = await offered_load(fake, store, chans, users, rate, seconds, watch)
                    ran.lag = lag_between(lag_file, *ran.window)
                    figures.append(ran)
                await store.close()
            finally:
                child.terminate()
                await child.wait()
    print_table(
        f"Start-up and memory ({stored} stored games, {games} running)",
        ("start-up to first answer", "memory per active game"),
        [(f"{startup:.2f} s", f"{per_game:.1f} KiB")],
    )
    print_table(
        f"/move through the loopback Discord, {games} running games, {seconds:.0f} s per rate "
        "(first response / board shown: p50, p99; the bot's loop lag: p99, worst)",
        (
            "rate",
            "moves",
            "unanswered",
            "first response",
            "board shown",
            "no board",
            "loop lag",
            "load",
        ),
        [
            (
                f"{f.rate:.0f}/s",
                len(f.answers) + f.unanswered,
                f.unanswered,
                f"{ms(f.answers, 0.5)}, {ms(f.answers, 0.99)}",
                f"{ms(f.boards, 0.5)}, {ms(f.boards, 0.99)}",
                f.no_board,
                f"{ms(f.lag, 0.99, 1)}, {max(f.lag, default=0):.0f} ms",
                f.load,
            )
            for f in figures
        ],
    )
    print(f"reference (one board-sized palette PNG): {reference:.2f} ms")
    by_rate = {f.rate: f for f in figures}
    at50, at100 = by_rate.get(50.0), by_rate.get(100.0)
    if at50 is not None and at100 is not None:
        print(
            f"board posted at 50/s: p50 {ms(at50.boards, 0.5)}, p99 {ms(at50.boards, 0.99)}; "
            f"unanswered at 100/s: {at100.unanswered}"
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
    watch: BoardWatch,
) -> RateFigures:
    """`/move`s arriving `rate` per second for `seconds`: how fast each was answered and its
    board shown, and how many got no answer."""
    rng = random.Random(int(rate) * 11)
    figures = RateFigures(rate)
    done: list[tuple[int, InteractionResult]] = []

    async def one(chan: FakeChannel) -> None:
        try:
            result = await move(fake, store, chan, users, rng)
        except NoResponse:
            figures.unanswered += 1
            return
        if result is not None and (elapsed := answer_time(result)) is not None:
            figures.answers.append(elapsed)
            done.append((chan.id, result))

    start = time.perf_counter()
    began = time.monotonic()
    tasks = []
    for n in range(int(rate * seconds)):
        await asyncio.sleep(max(0.0, start + n / rate - time.perf_counter()))
        tasks.append(asyncio.create_task(one(rng.choice(chans))))
    await asyncio.gather(*tasks)
    await fake.settle(quiet=0.5, timeout=300)
    figures.window = (began, time.monotonic())
    figures.load = load_line()
    for channel_id, result in done:
        shown = watch.after(channel_id, result.dispatched_at)
        if shown is None:
            figures.no_board += 1
        else:
            figures.boards.append(shown - result.dispatched_at)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rates", default="10,20,50,100,200", help="moves per second, in turn")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    asyncio.run(bench(args.stored, args.games, rates, args.seconds))


if __name__ == "__main__":
    main()
