"""Fixtures shared by every test directory: a temporary store, the table service on it with
seeded games, and a clock tests move by hand.

The store is SQLite unless a test module is marked `both_backends`
(`pytestmark = pytest.mark.both_backends`): then each of its tests using `store` (or
`database_url`) runs on SQLite and on PostgreSQL (`[sqlite]`, `[postgres]`), but those marked
`sqlite_only`. PostgreSQL is a throwaway server the session starts (`postgres_server`), or
the one of `TAVOLO_TEST_POSTGRES_URL`; when none can be had its tests are left out and the
summary says why in one line; they fail instead when `TAVOLO_REQUIRE_POSTGRES=1` (CI).

A module deals its own games by overriding `table_seed` (the first game's seed; each later
game takes the next) or `new_seed` (any seed source), and runs the service on the hand-moved
clock by overriding `table_clock` to return the `clock` fixture.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from db.store import Store, open_store
from service.tables import TableService
from service.timing import Clock, utc_now
from tests.helpers.clock import FakeClock
from tests.helpers.postgres import CannotStart, PostgresServer, session_server

BACKENDS = ("sqlite", "postgres")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "both_backends: run the store tests on SQLite and PostgreSQL"
    )
    config.addinivalue_line("markers", "sqlite_only: a test of SQLite itself (files, PRAGMAs)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run the `both_backends` modules' store tests on each backend."""
    if (
        "backend" in metafunc.fixturenames
        and metafunc.definition.get_closest_marker("both_backends")
        and not metafunc.definition.get_closest_marker("sqlite_only")
    ):
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def clock() -> FakeClock:
    """A clock standing at `tests.helpers.clock.START` until the test advances it."""
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The file of the test's database (`store` opens it; a test may reopen it)."""
    return tmp_path / "tavolo.db"


SERVER = pytest.StashKey[PostgresServer]()
NOT_RUN = pytest.StashKey[str]()


def needs_postgres(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    on_postgres = callspec is not None and callspec.params.get("backend") == "postgres"
    return on_postgres or "postgres_server" in getattr(item, "fixturenames", ())


@pytest.hookimpl(trylast=True)  # after -k and -m have chosen the tests
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Start the PostgreSQL server when a chosen test needs it. When none can be had, those
    tests are left out and the summary says so in one line; with TAVOLO_REQUIRE_POSTGRES=1
    they stay, and fail (`postgres_server`)."""
    needing = [item for item in items if needs_postgres(item)]
    if not needing:
        return
    try:
        config.stash[SERVER] = session_server()
    except CannotStart as reason:
        if os.environ.get("TAVOLO_REQUIRE_POSTGRES") == "1":
            return
        items[:] = [item for item in items if not needs_postgres(item)]
        config.hook.pytest_deselected(items=needing)
        config.stash[NOT_RUN] = f"PostgreSQL: {len(needing)} tests not run: {reason}"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if NOT_RUN in terminalreporter.config.stash:
        terminalreporter.write_line(f"SKIPPED {terminalreporter.config.stash[NOT_RUN]}")


def pytest_unconfigure(config: pytest.Config) -> None:
    if SERVER in config.stash:
        config.stash[SERVER].stop()


@pytest.fixture(scope="session")
def postgres_server(pytestconfig: pytest.Config) -> PostgresServer:
    """The PostgreSQL server of the session (see the module's text), stopped at its end."""
    if SERVER not in pytestconfig.stash:
        try:
            pytestconfig.stash[SERVER] = session_server()
        except CannotStart as reason:
            if os.environ.get("TAVOLO_REQUIRE_POSTGRES") == "1":
                pytest.fail(f"PostgreSQL is required (TAVOLO_REQUIRE_POSTGRES=1): {reason}")
            pytest.skip(f"PostgreSQL tests skipped: {reason}")
    return pytestconfig.stash[SERVER]


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The store's database: `sqlite`, or `postgres` in the `both_backends` modules' second
    run."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
async def database_url(backend: str, db_path: Path, request: pytest.FixtureRequest) -> str:
    """What `store` opens (a test may open it again): `db_path`, or the PostgreSQL test
    database, emptied."""
    if backend == "sqlite":
        return str(db_path)
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return await server.clean_database()


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    """A fresh store on `database_url`, closed after the test."""
    opened = await open_store(database_url)
    yield opened
    await opened.close()


@pytest.fixture
def table_seed() -> int:
    """The seed of the first game `tables` deals (override it in a module for other games)."""
    return 4_242


@pytest.fixture
def new_seed(table_seed: int) -> Callable[[], int]:
    """The seed source of `tables`: `table_seed`, then one more for each further game."""
    return itertools.count(table_seed).__next__


@pytest.fixture
def table_clock() -> Clock:
    """The clock of `tables`: the real time (override it to return `clock` to move time)."""
    return utc_now


@pytest.fixture
def tables(store: Store, new_seed: Callable[[], int], table_clock: Clock) -> TableService:
    """The table service on `store`, dealing games from `new_seed`, timed by `table_clock`."""
    return TableService(store, new_seed=new_seed, clock=table_clock)
