"""``tabletop cluster``: N server processes behind nginx over a throwaway PostgreSQL and Redis.

Everything listens on 127.0.0.1 and runs from temporary folders that go when it
stops; PostgreSQL and nginx run as unprivileged users when started as root
(Debian's ``postgres`` and ``www-data``), so nothing root-owned is left behind.
The nginx site is the one of ``deploy/nginx.conf`` (:func:`nginx_site` writes
both; a test checks they agree): round robin, no sticky routing, WebSockets
proxied. ``.ci/ensure-postgres``, ``.ci/ensure-redis`` and ``.ci/ensure-nginx``
install Debian's packages where they are missing.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.server.scratch import ScratchError, ScratchPostgres, ScratchRedis, free_port

#: Debian's nginx.
NGINX = "/usr/sbin/nginx"
#: The user an nginx started by root runs as (Debian's nginx package's own).
NGINX_USER = "www-data"
#: The most server processes (each is a Python process of its own).
MAX_PROCESSES = 16

DEPLOY_HEADER = """\
# tabletop behind nginx: N `tabletop serve` processes on 127.0.0.1:8001.. over one
# PostgreSQL database and one Redis (docs in deploy/README.md). No sticky routing:
# any process serves any game (the Redis bus carries each game's events between them).
# Put this file in /etc/nginx/conf.d/ (Debian's nginx) and adjust server_name and ports.
# `tabletop cluster` runs this same site (written by tabletop.server.cluster.nginx_site;
# regenerate with `python -m tabletop.server.cluster > deploy/nginx.conf`).
"""


def nginx_site(ports: Sequence[int], listen: str = "80", server_name: str = "_") -> str:
    """The nginx site (``upstream``, ``map`` and ``server``, for the ``http`` context) of
    processes on 127.0.0.1 at ``ports``; ``listen``: nginx's listen address."""
    servers = "".join(
        f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;\n" for port in ports
    )
    return f"""\
upstream tabletop {{
    # One line per process; nginx takes a process that stops answering out of the rotation
    # for a few seconds and sends its requests (and reconnecting sockets) to the others.
{servers}    keepalive 64;
}}

map $http_upgrade $connection_upgrade {{
    default upgrade;
    ''      close;
}}

server {{
    listen {listen};
    server_name {server_name};

    # The largest request the server accepts itself is a record import (--import-bytes).
    client_max_body_size 2m;

    location /ws/ {{
        proxy_pass http://tabletop;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $remote_addr;
        # A game's socket may stay quiet for minutes between moves; the server pings it.
        proxy_read_timeout 1h;
        proxy_send_timeout 1h;
    }}

    location / {{
        proxy_pass http://tabletop;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $remote_addr;
        # A request that could not reach a process (gone, or not answering) is tried on
        # the next; a process's own answers, a 503 in a database outage included, go to
        # the client as they are (they say what is wrong, and nginx would otherwise count
        # them as failures and refuse every process for fail_timeout).
        proxy_next_upstream error timeout;
    }}
}}
"""


def nginx_main(folder: Path, site: Path) -> str:
    """nginx's main configuration for an unprivileged run from ``folder`` (its pid, log and
    temporary files there), serving ``site``."""
    temp = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""\
daemon off;
worker_processes 1;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{
    worker_connections 8192;
}}
http {{
    access_log off;
{temp}
    include {site};
}}
"""


def _as_nginx_user() -> dict[str, Any]:
    """Popen's arguments that run nginx unprivileged when we are root."""
    if os.geteuid() != 0:
        return {}
    return {"user": NGINX_USER, "group": NGINX_USER, "extra_groups": []}


def nginx_test(main: Path, folder: Path, unprivileged: bool = True) -> str | None:
    """``nginx -t`` of a main configuration: None when it is good, else nginx's complaint
    (``unprivileged``: as the user the cluster's nginx runs as, when we are root)."""
    done = subprocess.run(
        [NGINX, "-t", "-q", "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(main)],
        capture_output=True,
        text=True,
        check=False,
        **(_as_nginx_user() if unprivileged else {}),
    )
    if done.returncode == 0:
        return None
    said = done.stderr.strip().splitlines()
    # nginx ends with "test failed"; the line before says what is wrong and where.
    return next((line for line in said if "[emerg]" in line), said[0] if said else "failed")


def _wait_http(url: str, seconds: float, alive: subprocess.Popen[bytes] | None = None) -> bool:
    """Whether ``url`` answers 200 within ``seconds`` (False at once if ``alive`` exits)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if alive is not None and alive.poll() is not None:
            return False
        with (
            contextlib.suppress(OSError, urllib.error.URLError),
            urllib.request.urlopen(url, timeout=2) as answer,
        ):
            if answer.status == 200:
                return True
        time.sleep(0.1)
    return False


class Cluster:
    """PostgreSQL, Redis, ``processes`` servers and nginx, all on 127.0.0.1.

    ``port``: nginx's (None: a free one); ``serve_args``: more ``tabletop serve`` flags
    for every process; ``log``: where the processes' output goes (None: inherited);
    ``command``: what runs ``tabletop`` (a benchmark's wrapper may count inside it)."""

    def __init__(
        self,
        processes: int = 2,
        port: int | None = None,
        serve_args: Sequence[str] = (),
        log: Path | None = None,
        command: Sequence[str] = (),
    ) -> None:
        if not 1 <= processes <= MAX_PROCESSES:
            raise ScratchError(f"--processes {processes}: must be 1 to {MAX_PROCESSES}")
        if not Path(NGINX).exists():
            raise ScratchError(
                "nginx is not installed: run .ci/ensure-nginx (or apt-get install nginx)"
            )
        self.port = port or free_port()
        self.ports = [free_port() for _ in range(processes)]
        self.serve_args = list(serve_args)
        self.log = log
        self.command = list(command) or [sys.executable, "-m", "tabletop.cli"]
        self.postgres: ScratchPostgres | None = None
        self.redis: ScratchRedis | None = None
        self.servers: list[subprocess.Popen[bytes] | None] = [None] * processes
        self.nginx: subprocess.Popen[bytes] | None = None
        self.folder = Path(tempfile.mkdtemp(prefix="tabletop-cluster-"))

    @property
    def url(self) -> str:
        """nginx's address, the one to open."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def db(self) -> str:
        """The servers' ``--db``."""
        assert self.postgres is not None
        return self.postgres.url_of("tabletop")

    def start(self) -> Cluster:
        """Start everything and wait until nginx answers; returns self. ScratchError (one
        line) if a part cannot start; what did start is stopped again."""
        atexit.register(self.stop)
        try:
            self.postgres = ScratchPostgres(durable=True).start()
            self.postgres.psql("create database tabletop")
            self._upgrade()
            self.redis = ScratchRedis().start()
            for index in range(len(self.ports)):
                self.start_server(index, wait=False)
            for index, port in enumerate(self.ports):
                if not _wait_http(f"http://127.0.0.1:{port}/api/catalog", 120, self.servers[index]):
                    raise ScratchError(f"server process {index + 1} (port {port}) did not start")
            self._start_nginx()
        except BaseException:
            self.stop()
            raise
        return self

    def _upgrade(self) -> None:
        """The migrations, as an operator runs them before starting the processes."""
        done = subprocess.run(
            [sys.executable, "-m", "tabletop.cli", "db", "upgrade", "--db", self.db],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise ScratchError(f"the migrations failed: {done.stderr.strip()}")

    def serve_argv(self, index: int) -> list[str]:
        """The ``tabletop serve`` command line of process ``index``."""
        assert self.redis is not None
        return [
            *self.command,
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.ports[index]),
            "--db",
            self.db,
            "--bus",
            self.redis.url,
            "--trusted-proxy",
            "127.0.0.1",
            *self.serve_args,
        ]

    def _output(self) -> int | None:
        if self.log is None:
            return None
        return os.open(self.log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def start_server(self, index: int, wait: bool = True) -> None:
        """Start server process ``index`` (again, after it died); ``wait``: until it
        answers (ScratchError if it does not)."""
        out = self._output()
        try:
            self.servers[index] = subprocess.Popen(
                self.serve_argv(index), stdout=subprocess.DEVNULL, stderr=out
            )
        finally:
            if out is not None:
                os.close(out)
        process = self.servers[index]
        url = f"http://127.0.0.1:{self.ports[index]}/api/catalog"
        if wait and not _wait_http(url, 120, process):
            raise ScratchError(f"server process {index + 1} did not start again")

    def kill_server(self, index: int) -> None:
        """Kill server process ``index`` at once (SIGKILL: no goodbye to its sockets)."""
        process = self.servers[index]
        if process is not None:
            process.kill()
            process.wait()
            self.servers[index] = None

    def dead_servers(self) -> list[int]:
        """The processes that are not running (exited or killed)."""
        return [i for i, p in enumerate(self.servers) if p is None or p.poll() is not None]

    def _start_nginx(self) -> None:
        site = self.folder / "tabletop.conf"
        site.write_text(nginx_site(self.ports, listen=f"127.0.0.1:{self.port}"))
        main = self.folder / "nginx.conf"
        main.write_text(nginx_main(self.folder, site))
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.folder / kind).mkdir()
        if os.geteuid() == 0:
            for path in [self.folder, *self.folder.iterdir()]:
                shutil.chown(path, NGINX_USER, NGINX_USER)
        problem = nginx_test(main, self.folder)
        if problem is not None:
            raise ScratchError(f"nginx refuses its configuration: {problem}")
        error_log = str(self.folder / "error.log")
        argv = [NGINX, "-p", str(self.folder), "-e", error_log, "-c", str(main)]
        with (self.folder / "nginx.out").open("wb") as out:
            self.nginx = subprocess.Popen(
                argv,
                stdout=subprocess.DEVNULL,
                stderr=out,
                start_new_session=True,
                **_as_nginx_user(),
            )
        if not _wait_http(f"{self.url}/api/catalog", 30, self.nginx):
            said = (self.folder / "nginx.out").read_text(errors="replace").strip().splitlines()
            raise ScratchError(f"nginx did not start: {(said or ['no message'])[-1]}")

    def stop(self) -> None:
        """Stop everything (nginx first, so clients are not sent to a stopped process) and
        remove the temporary folders. Safe to call twice."""
        atexit.unregister(self.stop)
        if self.nginx is not None:
            with contextlib.suppress(ProcessLookupError):
                self.nginx.terminate()
            try:
                self.nginx.wait(10)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
                self.nginx.wait()
            self.nginx = None
        for process in self.servers:
            if process is not None and process.poll() is None:
                process.terminate()
        for index, process in enumerate(self.servers):
            if process is not None:
                try:
                    process.wait(15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            self.servers[index] = None
        if self.redis is not None:
            self.redis.stop()
            self.redis = None
        if self.postgres is not None:
            self.postgres.stop()
            self.postgres = None
        shutil.rmtree(self.folder, ignore_errors=True)


def run_cluster(processes: int, port: int | None, serve_args: Sequence[str]) -> int:
    """``tabletop cluster``: start, print the address, restart a server process that dies
    (as the systemd unit's Restart=always does) and stop everything on Ctrl-C or SIGTERM."""

    def stop_on_term(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop_on_term)
    cluster = Cluster(processes, port, serve_args)
    try:
        print(
            f"tabletop: starting PostgreSQL, Redis, {processes} server processes and nginx",
            flush=True,
        )
        cluster.start()
        print(
            f"tabletop: cluster of {processes} processes serving on {cluster.url}/"
            f"  (PostgreSQL on port {cluster.postgres.port if cluster.postgres else '?'},"
            f" Redis on port {cluster.redis.port if cluster.redis else '?'};"
            " Ctrl-C stops them all)",
            flush=True,
        )
        while True:
            time.sleep(2)
            for index in cluster.dead_servers():
                print(f"tabletop: server process {index + 1} stopped; starting it again")
                cluster.start_server(index, wait=False)
    except KeyboardInterrupt:
        print("\ntabletop: stopping the cluster", file=sys.stderr)
        return 0
    finally:
        cluster.stop()
        signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    # `python -m tabletop.server.cluster > deploy/nginx.conf`: the deploy site.
    sys.stdout.write(DEPLOY_HEADER + "\n" + nginx_site([8001, 8002]))
