"""What the durable server's tests and benchmarks share (docs/server.md, "Storage"): a throwaway
PostgreSQL cluster, and ``bieten serve`` processes on free ports.

    with temporary_postgres() as dsn:          # initdb + pg_ctl in a temporary folder
        server = ServerProcess(db=dsn).start()  # python -m bieten serve --db DSN --port <free>
        ...
        server.kill()                           # SIGKILL
        server.start()                          # the same port and store again

The cluster needs Debian's PostgreSQL (``/usr/lib/postgresql/<version>/bin/initdb``); without it
:func:`temporary_postgres` raises :class:`PostgresUnavailable` with the reason. initdb refuses to run
as root, so as root the cluster runs as the ``postgres`` user (or ``nobody``) through ``runuser``.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL cluster can be started here (the reason is the message)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _postgres_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise PostgresUnavailable("no PostgreSQL here: /usr/lib/postgresql/*/bin/initdb is missing")
    return Path(found[-1]).parent


@contextlib.contextmanager
def temporary_postgres() -> Iterator[str]:
    """A PostgreSQL cluster in a temporary folder on a free port of 127.0.0.1, trust auth for user
    ``bieten``; yields its URL and removes it at the end."""
    bindir = _postgres_bin()
    prefix: list[str] = []
    user: str | None = None
    if os.geteuid() == 0:
        for name in ("postgres", "nobody"):
            with contextlib.suppress(KeyError):
                pwd.getpwnam(name)
                user = name
                break
        if user is None or shutil.which("runuser") is None:
            raise PostgresUnavailable("running as root without a postgres/nobody user and runuser")
        prefix = ["runuser", "-u", user, "--"]
    base = Path(tempfile.mkdtemp(prefix="bieten-pg-"))
    if user is not None:
        entry = pwd.getpwnam(user)
        os.chown(base, entry.pw_uid, entry.pw_gid)
    data = base / "data"
    port = free_port()

    def run(*command: str) -> None:
        done = subprocess.run([*prefix, *command], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise PostgresUnavailable(
                f"{Path(command[0]).name} failed: {(done.stderr or done.stdout).strip()[-400:]}"
            )

    try:
        run(str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "bieten", "-E", "UTF8", "--no-sync")
        options = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c max_connections=200"
        run(str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(base / "log"), "-w", "start")
        try:
            yield f"postgresql://bieten@127.0.0.1:{port}/postgres"
        finally:
            with contextlib.suppress(Exception):
                run(str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(base, ignore_errors=True)


def reset_postgres(dsn: str) -> None:
    """Empties the bieten tables of a cluster (between tests that share it)."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute("DROP TABLE IF EXISTS bieten_actions, bieten_tables, bieten_schema_version")


class ServerProcess:
    """``python -m bieten serve`` on a fixed free port with a given ``--db``, which can be killed
    (SIGKILL) and started again on the same port and store."""

    def __init__(self, db: str, *, port: int | None = None, bot_delay: float = 0.0, workers: int = 1) -> None:
        self.db = db
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.workers = workers
        self.process: subprocess.Popen[str] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        env = dict(os.environ, SKBUILD_EDITABLE_VERBOSE="0")
        command = [sys.executable, "-m", "bieten", "serve", "--port", str(self.port), "--bot-delay",
                   str(self.bot_delay), "--max-tables", "100000", "--log-level", "warning", "--no-access-log",
                   "--db", self.db, "--workers", str(self.workers)]  # fmt: skip
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read() if self.process.stderr else ""
                raise RuntimeError(
                    f"bieten serve exited with {self.process.returncode}: {error.strip()[-600:]}"
                )
            try:
                with urllib.request.urlopen(self.base + "/api/kinds", timeout=1):
                    return self
            except OSError:
                time.sleep(0.02)
        self.kill()
        raise RuntimeError(f"bieten serve did not answer within {timeout:.0f} s")

    def kill(self) -> None:
        """SIGKILL to the server (and, with workers, to every process of it)."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self.process = None

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after 10 s."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), method="POST",
            headers={"content-type": "application/json"},
        )  # fmt: skip
        with urllib.request.urlopen(request, timeout=10) as reply:
            return json.load(reply)  # type: ignore[no-any-return]

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as reply:
            return json.load(reply)
