"""Throwaway PostgreSQL and Redis servers on 127.0.0.1, for the tests and a local cluster.

Each runs from a temporary folder that goes when it stops, on a free port, as an
unprivileged user (PostgreSQL refuses to run as root: as root, the ``postgres``
user of Debian's package runs it). Debian's ``postgresql`` and ``redis-server``
packages provide them; ``.ci/ensure-postgres`` and ``.ci/ensure-redis`` install
them where they are missing.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tabletop.core import TabletopError

#: Where Debian's postgresql package puts its programs (one folder per major version).
POSTGRES_BINS = "/usr/lib/postgresql/*/bin"


class ScratchError(TabletopError):
    """A throwaway server could not be started (its message says why and what to install)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _as_user(user: str | None, argv: list[str]) -> list[str]:
    return argv if user is None else ["runuser", "-u", user, "--", *argv]


def _run(argv: list[str], what: str) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines() or ["no message"]
        raise ScratchError(f"{what} failed: {lines[-1]}")


def _discard(folder: Path, stop: Callable[..., None]) -> None:
    """Remove a stopped server's folder, and its ``stop`` from the exit hooks."""
    atexit.unregister(stop)
    shutil.rmtree(folder, ignore_errors=True)


class ScratchPostgres:
    """A PostgreSQL cluster of its own: superuser ``tabletop`` with a random password,
    password authentication over TCP, no fsync (its data is thrown away)."""

    def __init__(self, durable: bool = False) -> None:
        bins = sorted(glob.glob(POSTGRES_BINS), key=lambda b: int(Path(b).parent.name))
        if not bins:
            raise ScratchError(
                "PostgreSQL is not installed: run .ci/ensure-postgres"
                " (or apt-get install postgresql)"
            )
        self.bin = Path(bins[-1])
        self.user = "postgres" if os.geteuid() == 0 else None
        self.password = secrets.token_hex(12)
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
        self.running = False
        # A commit is answered once in the log: a crash of PostgreSQL (an immediate stop)
        # then loses nothing answered; without it the last commits may go (faster tests).
        self.durable = durable

    def _options(self) -> str:
        """pg_ctl's -o: where it listens, and its speed over durability."""
        commit = "on" if self.durable else "off"
        return (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder}"
            f" -c fsync=off -c synchronous_commit={commit} -c full_page_writes=off"
            " -c max_connections=300"
        )

    @property
    def url(self) -> str:
        """The URL of its ``postgres`` database (``url_of`` for another)."""
        return self.url_of("postgres")

    def url_of(self, database: str, password: str | None = None) -> str:
        """The URL of one of its databases (``password``: another, to test a wrong one)."""
        secret = self.password if password is None else password
        return f"postgresql+asyncpg://tabletop:{secret}@127.0.0.1:{self.port}/{database}"

    def start(self) -> ScratchPostgres:
        """Make the cluster and start it; returns self. ScratchError if it cannot."""
        data = self.folder / "data"
        secret = self.folder / "password"
        secret.write_text(self.password + "\n")
        if self.user is not None:
            shutil.chown(self.folder, self.user)
            shutil.chown(secret, self.user)
        self.folder.chmod(0o700)
        _run(
            _as_user(
                self.user,
                [
                    str(self.bin / "initdb"),
                    "-D",
                    str(data),
                    "-U",
                    "tabletop",
                    f"--pwfile={secret}",
                    "--auth-host=scram-sha-256",
                    "--auth-local=trust",
                    "-E",
                    "UTF8",
                    "--locale=C",
                    "--no-sync",
                ],
            ),
            "initdb",
        )
        options = self._options()
        log = self.folder / "log"
        pg_ctl = [str(self.bin / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-o", options]
        _run(_as_user(self.user, [*pg_ctl, "start"]), "starting PostgreSQL")
        self.running = True
        atexit.register(self.stop)  # a run ended by Ctrl-C leaves no server behind
        return self

    def stop(self, remove: bool = True) -> None:
        """Stop it at once (its data is thrown away), and remove its folder unless told not
        to (a restart keeps it)."""
        if self.running:
            pg_ctl = [str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-w"]
            _run(_as_user(self.user, [*pg_ctl, "-m", "immediate", "stop"]), "stopping PostgreSQL")
            self.running = False
        if remove:
            _discard(self.folder, self.stop)

    def restart(self) -> None:
        """Stop and start it again with its data (an outage)."""
        self.stop(remove=False)
        options = self._options()
        log = self.folder / "log"
        data = self.folder / "data"
        pg_ctl = [str(self.bin / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-o", options]
        _run(_as_user(self.user, [*pg_ctl, "start"]), "starting PostgreSQL")
        self.running = True

    def psql(self, sql: str, database: str = "postgres") -> None:
        """Run ``sql`` as its superuser (over its socket folder)."""
        _run(
            _as_user(
                self.user,
                [
                    str(self.bin / "psql"),
                    "-h",
                    str(self.folder),
                    "-p",
                    str(self.port),
                    "-U",
                    "tabletop",
                    "-d",
                    database,
                    "-v",
                    "ON_ERROR_STOP=1",
                    "-q",
                    "-c",
                    sql,
                ],
            ),
            "psql",
        )


class ScratchRedis:
    """A Redis server of its own: no persistence, 127.0.0.1 only."""

    def __init__(self) -> None:
        found = shutil.which("redis-server")
        if found is None:
            raise ScratchError(
                "Redis is not installed: run .ci/ensure-redis (or apt-get install redis-server)"
            )
        self.program = found
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="tabletop-redis-"))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Its URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> ScratchRedis:
        """Start it and wait until it answers; returns self. ScratchError if it cannot."""
        argv = [
            self.program,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(self.folder),
        ]
        self.process = subprocess.Popen(
            argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        atexit.register(self.stop)  # a run ended by Ctrl-C leaves no server behind
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ScratchError(
                    f"redis-server exited at start (status {self.process.returncode})"
                )
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), 0.2),
            ):
                return self
            time.sleep(0.02)
        self.stop()
        raise ScratchError("redis-server did not answer within 10 s")

    def stop(self, remove: bool = True) -> None:
        """Stop it (and remove its folder unless told not to)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None
        if remove:
            _discard(self.folder, self.stop)

    def restart(self) -> None:
        """Stop it and start it again on the same port (an outage: its messages are lost)."""
        self.stop(remove=False)
        self.start()
