"""One action end to end inside the bot, as production does it, Discord's network excluded: load
the game, apply the rules (and any bot replies), commit, then deliver it exactly as the bot does
(`interface.delivery.deliver`): the board message with its picture, and every changed private
hand panel with its picture, drawn and encoded in the picture threads. Discord itself is a null
stand-in that accepts every post and edit at once.

All four titles, games spread evenly among them. Open-loop load: actions arrive at a fixed rate
on random games, and each latency counts from the moment it was due until its delivery is done
(board and hands handed to Discord). Pictures are drawn in worker processes, as the bot draws
them (`--threads`: in threads, as the tests do). Then saturation: back-to-back actions from several
concurrent players, as many as one process completes per second. First, not counted, one action
in every game: each has its live board and hand DMs, and the caches are warm. CPU time is the
process's (every thread) and its picture workers', per action; the event loop's own share is
its thread's CPU time at saturation (`--titles money` measures one title).

Every figure is printed beside `uptime`'s load and a same-run reference: the time to encode one
board-sized palette PNG (`bench.common.reference_ms`).

    python -m bench.action_latency [--games 500] [--rate 50] [--seconds 10]
        [--titles money,nycards,palazzo,newyork] [--database-url postgresql://...]

The store is a new SQLite file in a temporary folder, or the database of `--database-url`
(e.g. an empty PostgreSQL database: the games are added to it, and stay).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bench.common import load_line, percentile, print_table, random_action, reference_ms
from db.records import GameRecord
from db.store import Store, open_store, shown_url
from games import RULES, rules_of
from interface.delivery import deliver
from interface.languages import MemberLanguages
from service.errors import TableError
from service.tables import TableService

try:
    from interface.heap import freeze_start_up
except ImportError:  # before the start-up objects were frozen
    freeze_start_up = None  # type: ignore[assignment]

try:
    from interface.attachments import picture_cache, use_processes
except ImportError:  # before issue 18: no cache, pictures drawn by threads

    class _NoCache:
        drawn = reused = 0

    def picture_cache() -> _NoCache:  # type: ignore[misc]
        return _NoCache()

    def use_processes(count: int) -> None:
        pass


def cpu_seconds() -> float:
    """CPU time of this process (every thread) and of its picture worker processes (Linux)."""
    return time.process_time() + worker_cpu_seconds()


def worker_cpu_seconds() -> float:
    """CPU time of this process's child processes (the picture workers; Linux)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for child in Path("/proc", str(os.getpid()), "task").parent.glob("task/*/children"):
        for pid in child.read_text().split():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


TITLES = ("money", "nycards", "palazzo", "newyork")
WORKERS = 8  # concurrent players in the saturation run


def players_of(title: str) -> int:
    info = RULES[title].info
    return max(info.min_players, min(4, info.max_players))


class NullMessage:
    """A message of the null Discord: its edits are counted."""

    def __init__(self, discord: NullDiscord, message_id: int) -> None:
        self.discord = discord
        self.id = message_id

    async def edit(self, **kwargs: Any) -> None:
        self.discord.record("edits", kwargs)


class NullChannel:
    """A channel of the null Discord: its posts are counted."""

    def __init__(self, discord: NullDiscord, channel_id: int) -> None:
        self.discord = discord
        self.id = channel_id

    async def send(self, *args: Any, **kwargs: Any) -> NullMessage:
        self.discord.record("posts", kwargs)
        return NullMessage(self.discord, next(self.discord.ids))

    def get_partial_message(self, message_id: int) -> NullMessage:
        return NullMessage(self.discord, message_id)


class NullDiscord:
    """Discord as the delivery sees it, answering at once: counts the posts, edits and
    pictures handed to it (the pictures are drawn before the call, as in production)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.ids = itertools.count(10**12)

    def record(self, what: str, kwargs: dict[str, Any]) -> None:
        self.counts[what] += 1
        files = kwargs.get("files") or kwargs.get("attachments") or []
        self.counts["pictures"] += len(files)

    def channel(self, channel_id: int) -> NullChannel:
        return NullChannel(self, channel_id)


class Bot:
    """The bot as the delivery sees it (`interface.host.Host`), over the null Discord."""

    def __init__(self, store: Store, tables: TableService) -> None:
        self.store = store
        self.tables = tables
        self.settings = None
        self.dm_channels: dict[int, int] = {}
        self.languages = MemberLanguages()
        self.discord = NullDiscord()

        async def start_private_message(user_id: int) -> dict[str, Any]:
            return {"id": str(user_id + 10**9)}

        self.http = SimpleNamespace(start_private_message=start_private_message)

    def get_partial_messageable(self, id: int, **_: Any) -> Any:
        return self.discord.channel(id)

    def get_guild(self, id: int, /) -> None:
        return None


async def open_games(
    tables: TableService, count: int, titles: tuple[str, ...] = TITLES
) -> list[int]:
    """`count` running games, the `titles` in turn, each with its members (users 1..n)."""
    ids = []
    for channel in range(1, count + 1):
        title = titles[channel % len(titles)]
        record = await tables.lobby.open(
            guild_id=1, channel_id=channel, game_id=title, host_id=1, host_name="p1"
        )
        for user in range(2, players_of(title) + 1):
            record = await tables.lobby.join(record.id, user, f"p{user}")
        await tables.lobby.start(record.id, 1)
        ids.append(record.id)
    return ids


async def one_action(bot: Bot, game_id: int, rng: random.Random) -> str | None:
    """A member of the game plays a legal move and it is delivered as production delivers it
    (board and changed hands). The game's title, or None when nothing was played."""
    record: GameRecord = await bot.tables.game(game_id)
    if record.status != "running" or record.state is None or not record.waiting:
        return None
    seat = rng.choice(sorted(record.waiting))
    # The member's decision is not the bot's work: a uniformly chosen legal move stands for it.
    action = random_action(rules_of(record.game), record.state, seat, rng)
    try:
        await bot.tables.play.move(game_id, seat + 1, action, since=record.waiting[seat])
    except TableError:
        return None
    await deliver(bot, game_id)  # type: ignore[arg-type]
    return record.game


async def warm_up(bot: Bot, ids: list[int]) -> None:
    """One action in every game, not counted: each game has its live board and its members'
    hand DMs, as in a running bot, and the caches are warm."""
    rng = random.Random(0)
    queue = list(ids)

    async def worker() -> None:
        while queue:
            await one_action(bot, queue.pop(), rng)

    await asyncio.gather(*(worker() for _ in range(WORKERS)))


async def offered_load(
    bot: Bot, ids: list[int], rate: float, seconds: float
) -> dict[str, list[float]]:
    """Latencies (s) per title of actions arriving `rate` per second for `seconds`."""
    rng = random.Random(1)
    latencies: dict[str, list[float]] = {}
    tasks = []

    async def run(due: float, game_id: int) -> None:
        if title := await one_action(bot, game_id, rng):
            latencies.setdefault(title, []).append(time.perf_counter() - due)

    start = time.perf_counter()
    for n in range(int(rate * seconds)):
        due = start + n / rate
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        tasks.append(asyncio.create_task(run(due, rng.choice(ids))))
    await asyncio.gather(*tasks)
    return latencies


async def saturation(
    bot: Bot, ids: list[int], seconds: float, workers: int = WORKERS
) -> tuple[float, float, int, float, float]:
    """(actions per second, CPU ms per action, actions, event-loop CPU ms per action, picture
    workers' CPU ms per action) by `workers` concurrent players acting back to back. The event
    loop's share is its thread's CPU time (`time.thread_time`: the rules, the messages,
    Discord's objects, the database's replies; not SQLite's own thread, nor the pictures drawn
    in worker processes); the rest of this process's is SQLite's threads'."""
    done = 0
    stop = time.perf_counter() + seconds

    async def worker(seed: int) -> None:
        nonlocal done
        rng = random.Random(seed)
        while time.perf_counter() < stop:
            if await one_action(bot, rng.choice(ids), rng):
                done += 1

    start, cpu, loop_cpu = time.perf_counter(), cpu_seconds(), time.thread_time()
    pictures = worker_cpu_seconds()
    await asyncio.gather(*(worker(n) for n in range(workers)))
    wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu
    per = max(1, done)
    loop_ms = (time.thread_time() - loop_cpu) / per * 1e3
    pictures_ms = (worker_cpu_seconds() - pictures) / per * 1e3
    return done / wall, cpu / per * 1e3, done, loop_ms, pictures_ms


async def bench(
    games: int,
    rate: float,
    seconds: float,
    threads: bool = False,
    url: str | None = None,
    titles: tuple[str, ...] = TITLES,
) -> None:
    reference = reference_ms()
    if not threads:  # as the bot draws (`bot.run`)
        use_processes(os.cpu_count() or 2)
    if freeze_start_up is not None:  # as the bot once started (`bot.run`)
        freeze_start_up()
    with tempfile.TemporaryDirectory() as folder:
        database = url or str(Path(folder) / "bench.db")
        store = await open_store(database)
        tables = TableService(store, new_seed=iter(range(1, 10**9)).__next__)
        bot = Bot(store, tables)
        ids = await open_games(tables, games, titles)
        await warm_up(bot, ids)
        bot.discord.counts.clear()
        cache = picture_cache()
        drawn, reused = cache.drawn, cache.reused
        latencies = await offered_load(bot, ids, rate, seconds)
        counts = dict(bot.discord.counts)
        drawn, reused = cache.drawn - drawn, cache.reused - reused
        load = load_line()
        throughput, cpu_ms, _, loop_ms, pictures_ms = await saturation(bot, ids, seconds)
        saturation_load = load_line()
        await store.close()
    every = [x for values in latencies.values() for x in values]
    actions = len(every)
    rows = [
        (
            title,
            len(values),
            f"{percentile(values, 0.5) * 1e3:.1f} ms",
            f"{percentile(values, 0.99) * 1e3:.1f} ms",
            f"{max(values) * 1e3:.1f} ms",
        )
        for title, values in sorted(latencies.items())
    ]
    rows.append(
        (
            "all",
            actions,
            f"{percentile(every, 0.5) * 1e3:.1f} ms",
            f"{percentile(every, 0.99) * 1e3:.1f} ms",
            f"{max(every) * 1e3:.1f} ms",
        )
    )
    print_table(
        f"One action end to end with board and hand pictures ({games} games, {rate:.0f} actions/s "
        f"offered for {seconds:.0f} s; {store.dialect_name} {shown_url(database)}; load {load})",
        ("title", "actions", "p50", "p99", "max"),
        rows,
    )
    per = max(1, actions)
    print(
        f"\nper action: {drawn / per:.2f} pictures drawn, {reused / per:.2f} taken from the "
        f"cache, {counts.get('pictures', 0) / per:.2f} uploaded; "
        f"{counts.get('posts', 0) / per:.2f} posts, {counts.get('edits', 0) / per:.2f} edits"
    )
    print(
        f"reference (one board-sized palette PNG): {reference:.2f} ms; "
        f"CPU per action at saturation: {cpu_ms:.2f} ms = {cpu_ms / reference:.1f} references; "
        f"p50 at {rate:.0f}/s = {percentile(every, 0.5) * 1e3 / reference:.1f} references"
    )
    print(
        f"event loop CPU per action at saturation ({', '.join(titles)}): {loop_ms:.2f} ms "
        f"(its thread only: rules, messages, Discord's objects, database replies); "
        f"the process's other threads (SQLite's) {cpu_ms - loop_ms - pictures_ms:.2f} ms; "
        f"picture workers {pictures_ms:.2f} ms"
    )
    print(
        f"saturation: {throughput:.0f} actions/s with board and hand pictures "
        f"(load {saturation_load})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--titles",
        default=",".join(TITLES),
        help="the titles played, comma-separated (default: all four)",
    )
    parser.add_argument(
        "--threads", action="store_true", help="draw in threads (as the tests), not processes"
    )
    parser.add_argument(
        "--database-url", help="the store (default: a new SQLite file); e.g. postgresql://..."
    )
    args = parser.parse_args()
    titles = tuple(args.titles.split(","))
    unknown = set(titles) - set(TITLES)
    if unknown:
        parser.error(f"unknown titles: {', '.join(sorted(unknown))}")
    asyncio.run(bench(args.games, args.rate, args.seconds, args.threads, args.database_url, titles))


if __name__ == "__main__":
    main()
