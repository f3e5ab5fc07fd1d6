"""The child process of the durability test: plays seeded random games through the real store
and table service until it is killed, acknowledging every committed request on a side file.

    python -m tests.reliability.durability_worker DB ACKS SEED [PARALLEL]

On start it opens (and so recovers) the database, prints `ready` on stdout, then resumes every
active game left by an earlier run (lobbies are filled and started, running games played on)
and keeps PARALLEL games going at once, opening new ones as others end: every registered game
in turn, starting from a title chosen by SEED, so every title is played. Members play random
legal moves (now and then a refused one, a leave or an abort); bots play through the service.
After each request *returns* — so after its commit — one JSON line is appended to ACKS with a
single write(2), which a SIGKILL cannot split:

    {"op": "act"|"start"|"leave", "g": id, "v": version, "moves": [[seat, action], ...]}
    {"op": "open"|"abort", "g": id, "v": version}

`moves` are the actions the request committed, in order; the last is at version `v`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import sys

from db.records import GameRecord
from db.store import Store
from games import RULES, rules_of
from rules.errors import RuleError
from service.change import TableChange
from service.errors import TableError
from service.tables import TableService
from tests.reliability.driving import FIRST_USER, member_move, name_of
from tests.reliability.secrecy import quick_options

GAME_IDS = sorted(RULES)


class Worker:
    def __init__(self, store: Store, acks: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.store = store
        self.tables = TableService(store, new_seed=lambda: self.rng.getrandbits(62))
        self.acks = acks
        first = self.rng.randrange(len(GAME_IDS))
        self.titles = itertools.cycle(GAME_IDS[first:] + GAME_IDS[:first])

    def ack(self, op: str, record: GameRecord, moves: list[tuple[int, str]] | None = None) -> None:
        line = {"op": op, "g": record.id, "v": record.version}
        if moves is not None:
            line["moves"] = [list(m) for m in moves]
        os.write(self.acks, (json.dumps(line) + "\n").encode())

    def ack_step(self, op: str, step: TableChange) -> None:
        self.ack(op, step.record, step.moves)

    async def new_game(self) -> GameRecord:
        """Open a lobby in a fresh channel for the next title, seat members and bots, start."""
        game_id = next(self.titles)
        channel = self.rng.randrange(1, 1 << 40)  # a fresh channel (seeds differ per run)
        info = rules_of(game_id).info
        players = self.rng.randint(info.min_players, info.max_players)
        members = self.rng.randint(1, players)
        users = [FIRST_USER + 10 * channel + k for k in range(members)]
        record = await self.tables.lobby.open(
            guild_id=1 + channel % 3,
            channel_id=channel,
            game_id=game_id,
            host_id=users[0],
            host_name=name_of(users[0]),
            options=quick_options(game_id),
        )
        self.ack("open", record)
        for user in users[1:]:
            record = await self.tables.lobby.join(record.id, user, name_of(user))
        for _ in range(players - members):
            record = await self.tables.lobby.add_bot(record.id, users[0])
        return record

    async def start(self, record: GameRecord) -> GameRecord:
        info = rules_of(record.game).info
        while len(record.seats) < info.min_players:
            record = await self.tables.lobby.add_bot(record.id, record.host_id)
        step = await self.tables.lobby.start(record.id, record.host_id)
        self.ack_step("start", step)
        return step.record

    async def drive(self, record: GameRecord) -> None:
        """Play one game until it ends."""
        if record.status == "lobby":
            record = await self.start(record)
        while record.status == "running":
            roll = self.rng.random()
            move = member_move(record, self.rng)
            if move is None:  # only bots left (a member left): nothing more will happen
                return
            _, user, action, since = move
            if roll < 0.002:
                record = await self.tables.lobby.abort(record.id, record.host_id, manager=True)
                self.ack("abort", record)
                return
            if roll < 0.01:
                step = await self.tables.leave(record.id, user)
                self.ack_step("leave", step)
                record = step.record
                continue
            if roll < 0.05:  # a refused request changes nothing and is not acknowledged
                try:
                    step = await self.tables.play.move(record.id, user, action + " x", since=since)
                except (RuleError, TableError):
                    pass
                else:  # some game accepted it after all: it was committed like any other
                    self.ack_step("act", step)
                    record = step.record
                    continue
            step = await self.tables.play.move(record.id, user, action, since=since)
            self.ack_step("act", step)
            record = step.record
            await asyncio.sleep(0)

    async def run(self, parallel: int) -> None:
        active = await self.store.active_games()
        tasks = {asyncio.create_task(self.drive(r)) for r in active}
        while True:
            while len(tasks) < parallel:
                tasks.add(asyncio.create_task(self.drive(await self.new_game())))
            done, tasks = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                task.result()  # a failure ends the worker with a traceback


async def main(db: str, acks_path: str, seed: int, parallel: int) -> None:
    store = await Store.open(db)
    acks = os.open(acks_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    print("ready", flush=True)
    await Worker(store, acks, seed).run(parallel)


if __name__ == "__main__":
    db_path, acks_file, seed_text = sys.argv[1:4]
    parallel_games = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    asyncio.run(main(db_path, acks_file, int(seed_text), parallel_games))
