"""The cluster: deploy/ agrees with what ``tabletop cluster`` runs, nginx accepts it, and a
game is played to its end by players on two processes and a spectator through nginx.

The cluster test starts real servers (PostgreSQL, Redis, two ``tabletop serve``
processes, nginx); without Debian's packages (.ci/ensure-postgres, ensure-redis,
ensure-nginx) it is skipped with the reason.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tabletop.cli import _parser
from tabletop.server.cluster import DEPLOY_HEADER, NGINX, Cluster, nginx_main, nginx_site
from tabletop.server.cluster import nginx_test as check_nginx
from tabletop.server.scratch import ScratchError, ScratchPostgres, free_port
from tabletop.server.views import apply_delta

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
#: One test client makes the game and plays both seats: no per-client limits.
UNLIMITED = ["--workers", "1", "--games-per-minute", "0", "--requests-per-minute", "0"]
needs_nginx = pytest.mark.skipif(not Path(NGINX).exists(), reason="nginx: run .ci/ensure-nginx")


def test_the_deploy_site_is_the_one_the_cluster_runs() -> None:
    assert (DEPLOY / "nginx.conf").read_text() == DEPLOY_HEADER + "\n" + nginx_site([8001, 8002])


@needs_nginx
def test_nginx_accepts_the_deploy_site(tmp_path: Path) -> None:
    main = tmp_path / "nginx.conf"
    main.write_text(nginx_main(tmp_path, DEPLOY / "nginx.conf"))
    assert check_nginx(main, tmp_path, unprivileged=False) is None
    broken = tmp_path / "broken.conf"
    broken.write_text(nginx_site([8001]).replace("proxy_pass", "proxy_passs", 1))
    main.write_text(nginx_main(tmp_path, broken))
    assert "proxy_passs" in (check_nginx(main, tmp_path, unprivileged=False) or "")


def _flags(argv: list[str]) -> dict[str, str]:
    """The ``--flag value`` pairs of a ``tabletop serve`` command line."""
    serve = argv.index("serve")
    return dict(zip(argv[serve + 1 :: 2], argv[serve + 2 :: 2], strict=True))


def test_the_systemd_unit_serves_as_the_cluster_does() -> None:
    unit = (DEPLOY / "tabletop@.service").read_text()
    (line,) = re.findall(r"^ExecStart=(.*)$", unit, re.M)
    argv = shlex.split(line.replace("%i", "8001"))
    assert argv[0].endswith("/tabletop")
    args = _parser().parse_args(argv[1:])  # the unit's flags are tabletop serve's
    assert (args.command, args.host, args.port) == ("serve", "127.0.0.1", 8001)
    cluster = Cluster.__new__(Cluster)
    cluster.ports, cluster.serve_args = [8001], []
    cluster.command = [sys.executable, "-m", "tabletop.cli"]
    cluster.postgres = ScratchPostgres.__new__(ScratchPostgres)
    cluster.postgres.password, cluster.postgres.port = "x", 5432
    cluster.redis = type("R", (), {"url": "redis://127.0.0.1:6379/0"})()  # type: ignore[assignment]
    ours = _flags(cluster.serve_argv(0))
    theirs = _flags(argv[1:])
    assert ours.keys() == theirs.keys()
    assert {k: ours[k] for k in ("--host", "--port", "--trusted-proxy")} == {
        k: theirs[k] for k in ("--host", "--port", "--trusted-proxy")
    }
    # The deploy site's upstream is the units' ports.
    readme = (DEPLOY / "README.md").read_text()
    assert "tabletop@8001 tabletop@8002" in readme
    assert "127.0.0.1:8001" in (DEPLOY / "nginx.conf").read_text()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    log = tmp_path_factory.mktemp("cluster") / "servers.log"
    try:
        running = Cluster(2, serve_args=UNLIMITED, log=log).start()
    except ScratchError as err:
        pytest.skip(str(err))
    try:
        yield running
    finally:
        running.stop()


class Client:
    """A socket, the kinds and numbers of the events and snapshots it saw, and its view of
    the game (a snapshot's, changed by each event's delta)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[tuple[str, int]] = []
        self.view: dict[str, Any] = {}

    def read_until(self, done: Any) -> None:
        """Frames until ``done(view, frame)`` holds."""
        while True:
            frame = json.loads(self.ws.recv(timeout=60))
            if frame["type"] == "snapshot":
                self.view = frame["game"]
                self.seen.append(("snapshot", frame["seq"]))
            elif frame["type"] == "event":
                self.seen.append(("event", frame["seq"]))
                if frame.get("delta"):
                    self.view = apply_delta(self.view, frame["delta"])
            elif frame["type"] == "error":
                raise AssertionError(frame)
            if done(self.view, frame):
                return


@pytest.mark.timeout(300)
@needs_nginx
def test_a_game_to_its_end_across_two_processes_and_nginx(cluster: Cluster) -> None:
    answer = httpx.post(
        f"{cluster.url}/api/games",
        json={
            "game": "go",
            "options": {"size": 9},
            "seats": [{"name": "Ann", "claim": True}, {"name": "Bob", "claim": True}],
        },
        timeout=30,
    )
    assert answer.status_code == 201, answer.text
    created = answer.json()
    gid = created["id"]
    ann_token, bob_token = (s["token"] for s in created["seats"])
    first, second = (f"ws://127.0.0.1:{port}/ws/games/{gid}" for port in cluster.ports)
    watch = cluster.url.replace("http://", "ws://") + f"/ws/games/{gid}"
    moves = ["E5", "C3", "D4", "F6", "G7", "B2", "pass", "pass"]
    with (
        connect(f"{first}?token={ann_token}") as ann,  # process 1
        connect(f"{second}?token={bob_token}") as bob,  # process 2
        connect(watch) as watcher,  # whichever nginx picks
    ):
        clients = {"ann": Client(ann), "bob": Client(bob), "watcher": Client(watcher)}
        for client in clients.values():
            client.read_until(lambda _v, f: f["type"] == "snapshot")
        for seq, move in enumerate(moves, start=1):
            (ann if seq % 2 == 1 else bob).send(json.dumps({"type": "move", "move": move}))
            for client in clients.values():
                client.read_until(lambda _v, f, s=seq: f.get("seq", 0) >= s)
        # Two passes: the dead stones are agreed (a proposal may come first, as events).
        for client in clients.values():
            client.read_until(
                lambda v, _f: v.get("status") == "scoring" and not v["scoring"]["pending"]
            )
        for ws in (ann, bob):
            ws.send(json.dumps({"type": "dead-accept"}))
        for client in clients.values():
            client.read_until(lambda v, _f: v.get("status") == "finished")
    for name, client in clients.items():
        # Each event once and in order. A snapshot may repeat the number of the event before
        # it: a replay (the bus's subscription was confirmed after a move) sends the
        # missed events without deltas, then a snapshot of the same number (decision 0150).
        events = [seq for kind, seq in client.seen if kind == "event"]
        assert events == sorted(set(events)), (name, client.seen)
        numbers = [seq for _kind, seq in client.seen]
        assert numbers == sorted(numbers), (name, client.seen)  # a snapshot never goes back
        assert set(range(1, len(moves) + 1)) <= set(numbers), (name, client.seen)
    game = httpx.get(f"{cluster.url}/api/games/{gid}", timeout=30).json()
    assert game["status"] == "finished"
    assert [m["move"] for m in game["moves"]] == moves


def test_bad_configuration_is_one_line_from_a_real_process(tmp_path: Path) -> None:
    """What an operator sees at start: unreachable database or Redis, one line, no
    traceback, from the command itself (test_postgres.py checks each message)."""
    port = free_port()
    for flags in (
        ["--db", f"postgresql://tabletop:x@127.0.0.1:{port}/games"],
        ["--db", str(tmp_path / "games.db"), "--bus", f"redis://127.0.0.1:{port}/0"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "tabletop.cli", "serve", "--port", str(free_port()), *flags],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
        assert done.stderr.startswith("tabletop: error: --")
