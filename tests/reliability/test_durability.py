"""Durability: a child process plays seeded random games of every registered title through the
real store and table service and is killed with SIGKILL at random moments. After every kill the
database passes `PRAGMA integrity_check`, every request the child acknowledged (after it
returned, so after its commit) is in the action log, and every game's state is the replay of
its action log from its seed. The child then restarts on the same database and carries on with
the unfinished games and new ones. Every title must have been played (acknowledged actions in
games of each title); the counts are reported at the end of the run (`figures.py`).

TAVOLO_KILLS (default 50) sets the number of kills; TAVOLO_KILL_SEED the harness's seed.

The same on PostgreSQL (TAVOLO_POSTGRES_KILLS, default 6): the killed process is the bot, the
database a server it talks to; no acknowledged action may be lost there either, and the games
resume after each kill.
"""

from __future__ import annotations

import asyncio
import json
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

from db.records import Seat
from games import rules_of
from tests.helpers.playout import replay
from tests.helpers.postgres import PostgresServer
from tests.reliability.driving import GAME_IDS, env_int
from tests.reliability.figures import report

REPO = Path(__file__).resolve().parents[2]
KILLS = env_int("TAVOLO_KILLS", 50)
POSTGRES_KILLS = env_int("TAVOLO_POSTGRES_KILLS", 6)
SEED = env_int("TAVOLO_KILL_SEED", 20_240_601)
MAX_DELAY = 0.45  # seconds a child runs after `ready` before it is killed
EARLY = 0.1  # share of kills aimed before `ready` (interpreter start, opening, migrations)


MOVES = (  # the moves: seat rows aside
    "SELECT game_id, version, seat, action FROM actions WHERE kind = 'move' "
    "ORDER BY game_id, version"
)
GAMES = "SELECT id, game, status, seats, options, seed, state, waiting, version FROM games"


async def postgres_rows(url: str) -> tuple[list[tuple], list[tuple]]:
    conn = await asyncpg.connect(url)
    try:
        return (
            [tuple(r) for r in await conn.fetch(MOVES)],
            [tuple(r) for r in await conn.fetch(GAMES)],
        )
    finally:
        await conn.close()


@dataclass
class Verifier:
    """Checks the database after each kill against everything acknowledged so far."""

    db: Path | str  # a SQLite file or a PostgreSQL URL
    acks: Path
    expected: dict[tuple[int, int], tuple[int, str]] = field(default_factory=dict)
    opened: set[int] = field(default_factory=set)
    aborted: set[int] = field(default_factory=set)
    requests: Counter[str] = field(default_factory=Counter)
    verified: dict[int, tuple[int, str]] = field(default_factory=dict)
    cycles: dict[int, set[int]] = field(default_factory=dict)  # game -> runs that moved it
    titles: dict[int, tuple[str, str]] = field(default_factory=dict)  # game -> title, status
    replays: int = 0
    offset: int = 0
    run: int = 0

    def read_acks(self) -> None:
        data = self.acks.read_bytes() if self.acks.exists() else b""
        end = data.rfind(b"\n") + 1  # a line without its newline was never acknowledged
        for raw in data[self.offset : end].decode().splitlines():
            ack = json.loads(raw)
            self.requests[ack["op"]] += 1
            game, version = ack["g"], ack["v"]
            if ack["op"] == "open":
                self.opened.add(game)
            if ack["op"] == "abort":
                self.aborted.add(game)
            moves = ack.get("moves", [])
            if moves:
                self.cycles.setdefault(game, set()).add(self.run)
            for k, (seat, action) in enumerate(moves):
                self.expected[(game, version - len(moves) + 1 + k)] = (seat, action)
        self.offset = end
        self.run += 1

    def rows(self) -> tuple[list[tuple], list[tuple]]:
        """The logged moves and the games, as stored (SQLite: after its integrity check)."""
        if isinstance(self.db, str):
            return asyncio.run(postgres_rows(self.db))
        conn = sqlite3.connect(self.db)
        try:
            (integrity,) = conn.execute("PRAGMA integrity_check").fetchone()
            assert integrity == "ok", f"integrity_check: {integrity}"
            return conn.execute(MOVES).fetchall(), conn.execute(GAMES).fetchall()
        finally:
            conn.close()

    def check(self) -> dict[str, int]:
        """Verify the database; return the counts so far."""
        self.read_acks()
        moves, games = self.rows()
        log: dict[int, list[tuple[int, int, str]]] = {}
        for game_id, version, seat, action in moves:
            log.setdefault(game_id, []).append((version, seat, action))
        stored = {
            (g, v): (seat, action) for g, entries in log.items() for v, seat, action in entries
        }
        lost = sorted(k for k, move in self.expected.items() if stored.get(k) != move)
        ids = {row[0] for row in games}
        statuses = Counter(row[2] for row in games)
        assert not lost, f"{len(lost)} acknowledged actions lost or changed, e.g. {lost[:5]}"
        assert self.opened <= ids, f"acknowledged games missing: {sorted(self.opened - ids)}"
        assert set(log) <= ids, "actions of games that do not exist"
        for row in games:
            self.titles[row[0]] = (row[1], row[2])
            self.check_game(row, log.get(row[0], []))
            if row[0] in self.aborted:
                assert row[2] == "aborted", f"game {row[0]} was aborted, now {row[2]}"
        return {
            "games": len(games),
            "finished": statuses["finished"],
            "running": statuses["running"] + statuses["lobby"],
            "aborted": statuses["aborted"],
            "acknowledged_requests": sum(self.requests.values()),
            "acknowledged_actions": len(self.expected),
            "logged_actions": len(stored),
            "lost": len(lost),
            "games_resumed_after_a_kill": sum(len(runs) > 1 for runs in self.cycles.values()),
        }

    def per_title(self) -> dict[str, Counter[str]]:
        """Per title: games opened and finished, and actions acknowledged in them."""
        counts = {title: Counter[str]() for title in GAME_IDS}
        for title, status in self.titles.values():
            counts[title]["games"] += 1
            counts[title]["finished"] += status == "finished"
        for game_id, _version in self.expected:
            counts[self.titles[game_id][0]]["actions"] += 1
        return counts

    def check_game(self, row: tuple, entries: list[tuple[int, int, str]]) -> None:
        game_id, title, status, seats, options, seed, state, waiting, version = row
        versions = [v for v, _, _ in entries]
        assert versions == sorted(set(versions)) and (not versions or versions[-1] <= version)
        if state is None:
            assert status in ("lobby", "aborted") and not entries, (game_id, status)
            return
        if self.verified.get(game_id) == (version, state):
            return  # unchanged since it was last replayed
        game = rules_of(title)
        players = len([Seat.from_json(s) for s in json.loads(seats)])
        rebuilt = replay(game, players, json.loads(options), seed, [(s, a) for _, s, a in entries])
        assert rebuilt == json.loads(state), f"game {game_id}: state differs from its replay"
        finished = game.outcome(rebuilt) is not None
        if status == "running":
            assert not finished
            assert set(map(int, json.loads(waiting))) == set(game.to_act(rebuilt))
        if status == "finished":
            assert finished
        self.verified[game_id] = (version, state)
        self.replays += 1


def start_worker(db: Path | str, acks: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.reliability.durability_worker",
            str(db),
            str(acks),
            str(seed),
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_ready(proc: subprocess.Popen[str], timeout: float = 20.0) -> None:
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    line = proc.stdout.readline() if ready else ""
    if line != "ready\n":
        proc.kill()
        _, err = proc.communicate()
        raise AssertionError(f"the worker did not start: {line!r}\n{err}")


def kill_repeatedly(db: Path | str, acks: Path, kills: int) -> tuple[Verifier, dict[str, int], int]:
    """Start the worker on `db` and SIGKILL it `kills` times, verifying after each kill; the
    verifier, its last counts and the kills aimed before the worker was ready."""
    rng = random.Random(SEED)
    verifier = Verifier(db, acks)
    early = 0
    counts: dict[str, int] = {}
    for kill in range(kills):
        proc = start_worker(db, acks, rng.getrandbits(48))
        if rng.random() < EARLY:
            early += 1
            time.sleep(rng.uniform(0.0, 0.25))
        else:
            wait_ready(proc)
            time.sleep(rng.uniform(0.0, MAX_DELAY))
        if proc.poll() is not None:  # it must still be playing: a crash is a failure
            _, err = proc.communicate()
            raise AssertionError(f"the worker ended by itself before kill {kill}:\n{err}")
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        assert proc.returncode == -signal.SIGKILL
        counts = verifier.check()
    return verifier, counts, early


def test_acknowledged_actions_survive_sigkill(tmp_path: Path) -> None:
    started = time.monotonic()
    verifier, counts, early = kill_repeatedly(
        tmp_path / "durable.db", tmp_path / "acks.jsonl", KILLS
    )
    elapsed = time.monotonic() - started
    titles = verifier.per_title()
    report(
        f"durability: {KILLS} SIGKILLs ({early} aimed before ready) in {elapsed:.1f}s; "
        + ", ".join(f"{k} {v}" for k, v in counts.items())
        + f"; replays checked {verifier.replays}; requests {dict(verifier.requests)}; "
        + "per title: "
        + ", ".join(
            f"{t} {c['games']} games ({c['finished']} finished) {c['actions']} actions"
            for t, c in titles.items()
        )
    )
    assert counts["lost"] == 0
    unplayed = [title for title, c in titles.items() if not c["actions"]]
    assert not unplayed, f"titles never played: {unplayed}"
    assert counts["acknowledged_actions"] > 10 * KILLS // 2, "the worker played too little"
    assert counts["finished"] > 0
    assert counts["games_resumed_after_a_kill"] > 0


def test_acknowledged_actions_survive_sigkill_on_postgres(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    started = time.monotonic()
    url = asyncio.run(postgres_server.new_database())
    verifier, counts, early = kill_repeatedly(url, tmp_path / "acks.jsonl", POSTGRES_KILLS)
    report(
        f"durability on PostgreSQL: {POSTGRES_KILLS} SIGKILLs ({early} aimed before ready) in "
        f"{time.monotonic() - started:.1f}s; "
        + ", ".join(f"{k} {v}" for k, v in counts.items())
        + f"; replays checked {verifier.replays}"
    )
    assert counts["lost"] == 0
    assert counts["acknowledged_actions"] > 0
    assert counts["games_resumed_after_a_kill"] > 0
