"""The tests' throwaway PostgreSQL servers do not outlive a killed test run: the next run stops
and deletes a server whose test process died without stopping it, and leaves alone the servers
of test processes still running."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from tests.helpers.postgres import OWNER, PostgresServer, reap_orphans

START_AND_WAIT = """
import json, sys, time
from tests.helpers.postgres import PostgresServer
server = PostgresServer.start()
print(json.dumps({"port": server.port, "folder": str(server.data.parent)}), flush=True)
time.sleep(600)
"""


def _answers(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_a_killed_runs_server_is_stopped_and_deleted_by_the_next_run(
    postgres_server: PostgresServer,
) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", START_AND_WAIT],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert child.stdout is not None
        started = json.loads(child.stdout.readline())
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    folder = Path(started["folder"])
    assert _answers(started["port"]) and folder.exists()  # the killed run's server lives on

    reaped = reap_orphans()

    assert folder in reaped and not folder.exists()
    assert not _answers(started["port"])
    if postgres_server.own:  # this run's own server is not touched
        assert postgres_server.data is not None and postgres_server.data.exists()
        assert (postgres_server.data.parent / OWNER).read_text() == str(os.getpid())
        assert _answers(postgres_server.port)
