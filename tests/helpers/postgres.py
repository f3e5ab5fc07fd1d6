"""A throwaway PostgreSQL server for the tests, and a fresh database per test.

`PostgresServer.start(folder)` runs Debian's `initdb` and `pg_ctl` (as the `postgres` user
when the tests run as root: initdb refuses root) on a free port of 127.0.0.1, with its socket
and data in `folder`; without fsync, as the tests never survive a power cut. A server given
by `TAVOLO_TEST_POSTGRES_URL` is used instead (it must let its user create databases). Each
test's database is a copy of one migrated template (`CREATE DATABASE ... TEMPLATE`).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from db.store import open_store

BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
TEMPLATE = "tavolo_template"
WORKING = "tavolo_test"
_numbers = itertools.count(1)


def binary(name: str) -> str | None:
    """The path of a PostgreSQL program (Debian keeps them out of PATH), or None."""
    for folder in BIN_DIRS:
        if (folder / name).exists():
            return str(folder / name)
    return shutil.which(name)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def with_database(url: str, name: str) -> str:
    """`url` naming another database on the same server."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


PREFIX = "tavolo-pg-"  # the temporary folders of the servers the tests start
OWNER = "owner.pid"  # in such a folder: the test process that started the server
UNOWNED_AGE = 3600  # seconds after which a folder without an owner file is an orphan


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def reap_orphans() -> list[Path]:
    """Stop and delete the servers of test processes that died without stopping them (a
    SIGKILLed or interrupted run leaves its server running); the folders reaped."""
    reaped = []
    for folder in Path(tempfile.gettempdir()).glob(PREFIX + "*"):
        try:
            owner = int((folder / OWNER).read_text())
        except (OSError, ValueError):
            owner = None
        try:
            if owner is None and time.time() - folder.stat().st_mtime < UNOWNED_AGE:
                continue  # being set up right now, perhaps
        except OSError:
            continue
        if owner is not None and _alive(owner):
            continue
        data = folder / "data"
        if (data / "postmaster.pid").exists():
            orphan = PostgresServer(url="", data=data, user=_as_postgres())
            orphan._pg_ctl("-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)
        reaped.append(folder)
    return reaped


def _as_postgres() -> list[str]:
    """The command prefix that runs a program as the `postgres` user when the tests run as
    root (initdb and the server refuse root), else none."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


class CannotStart(Exception):
    """No PostgreSQL server for the tests; the message says why, in one line."""


@dataclass
class PostgresServer:
    """A PostgreSQL server the tests use: its admin URL, and (when the tests started it) its
    data folder, so a test can stop and start it."""

    url: str  # the `postgres` database, for creating the others
    data: Path | None = None
    port: int = 0
    user: list[str] = field(default_factory=list)  # the command prefix running as `postgres`
    _working: bool = False  # whether the shared test database was made

    @classmethod
    def start(cls) -> PostgresServer:
        """Start a server of its own in a new temporary folder (one the `postgres` user can
        reach: pytest's are private to the user running the tests); CannotStart."""
        initdb, pg_ctl = binary("initdb"), binary("pg_ctl")
        if initdb is None or pg_ctl is None:
            raise CannotStart("initdb not found (install it: scripts/install_postgres.sh)")
        prefix: list[str] = []
        reap_orphans()
        folder = Path(tempfile.mkdtemp(prefix=PREFIX))
        (folder / OWNER).write_text(str(os.getpid()))
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError as error:
                raise CannotStart("running as root and there is no `postgres` user") from error
            prefix = _as_postgres()
            os.chown(folder, owner.pw_uid, owner.pw_gid)
        data = folder / "data"
        run = [*prefix, initdb, "-D", str(data), "-U", "postgres", "-A", "trust", "--no-sync"]
        done = subprocess.run(run, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise CannotStart(f"initdb failed: {done.stderr.strip().splitlines()[-1:]}")
        server = cls(url="", data=data, port=free_port(), user=prefix)
        server.url = f"postgresql://postgres@127.0.0.1:{server.port}/postgres"
        server.resume()
        return server

    def _pg_ctl(self, *args: str) -> subprocess.CompletedProcess[str]:
        pg_ctl = binary("pg_ctl")
        assert pg_ctl is not None and self.data is not None
        command = [*self.user, pg_ctl, "-D", str(self.data), "-w", "-t", "30", *args]
        return subprocess.run(command, capture_output=True, text=True, check=False)

    def resume(self) -> None:
        """Start the server (again)."""
        assert self.data is not None
        options = (
            f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        done = self._pg_ctl("-o", options, "-l", str(self.data / "server.log"), "start")
        if done.returncode != 0:
            raise CannotStart(f"pg_ctl start failed: {done.stderr.strip() or done.stdout.strip()}")

    def pause(self) -> None:
        """Stop the server at once (`-m fast`: connections are closed, transactions rolled
        back)."""
        self._pg_ctl("-m", "fast", "stop")

    def stop(self) -> None:
        """Stop a server the tests started (at once: nothing in it is kept) and delete its
        folder."""
        if self.data is not None:
            self._pg_ctl("-m", "immediate", "stop")
            shutil.rmtree(self.data.parent, ignore_errors=True)

    @property
    def own(self) -> bool:
        """Whether the tests started this server (so may stop and start it)."""
        return self.data is not None

    async def make_template(self) -> None:
        """The migrated database every test's database copies (made again if it exists)."""
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(f"DROP DATABASE IF EXISTS {TEMPLATE}")
            await conn.execute(f"CREATE DATABASE {TEMPLATE}")
        finally:
            await conn.close()
        store = await open_store(with_database(self.url, TEMPLATE))
        await store.close()

    async def clean_database(self) -> str:
        """The tests' shared database, emptied (every table but the migrations' list truncated,
        numbering restarted); its URL. Cheaper than a copy of the template: a test's store is
        closed when the next test begins, as the fixtures close it."""
        url = with_database(self.url, WORKING)
        if not self._working:
            conn = await asyncpg.connect(self.url)
            try:
                await conn.execute(f"DROP DATABASE IF EXISTS {WORKING}")
                await conn.execute(f"CREATE DATABASE {WORKING} TEMPLATE {TEMPLATE}")
            finally:
                await conn.close()
            self._working = True
            return url
        conn = await asyncpg.connect(url)
        try:
            await conn.execute("SET lock_timeout = '10s'")  # a store left open fails, not hangs
            tables = await conn.fetch(
                "SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = current_schema()"
                " AND tablename <> 'schema_migrations'"
            )
            names = ", ".join(row[0] for row in tables)
            await conn.execute(f"TRUNCATE {names} RESTART IDENTITY CASCADE")
        finally:
            await conn.close()
        return url

    async def new_database(self) -> str:
        """A fresh migrated database (a copy of the template); its URL."""
        name = f"tavolo_test_{os.getpid()}_{next(_numbers)}"
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
        finally:
            await conn.close()
        return with_database(self.url, name)

    async def empty_database(self) -> str:
        """A fresh database without any table; its URL."""
        name = f"tavolo_empty_{os.getpid()}_{next(_numbers)}"
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(f"CREATE DATABASE {name}")
        finally:
            await conn.close()
        return with_database(self.url, name)


def session_server() -> PostgresServer:
    """The server of `TAVOLO_TEST_POSTGRES_URL`, else one started for the tests, with its
    template made; CannotStart."""
    given = os.environ.get("TAVOLO_TEST_POSTGRES_URL", "").strip()
    server = PostgresServer(url=given) if given else PostgresServer.start()
    try:  # in a thread of its own: the fixture asking for it may run in the event loop
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, server.make_template()).result()
    except (OSError, asyncpg.PostgresError) as error:
        server.stop()
        raise CannotStart(f"cannot use {server.url}: {error}") from error
    except BaseException:
        server.stop()
        raise
    return server
