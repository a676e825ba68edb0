"""bench/server_abuse.py: every attack runs (quickly) against a real server and reports.

One test an attack, so that the test workers share them out: run in one process they
took three minutes of one worker while the other had finished."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
SRC = BENCH.parent / "src"
sys.path.insert(0, str(BENCH))

from abuse import attacks  # noqa: E402

NAMES = list(attacks())


def run_driver(*args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run(
        [sys.executable, str(BENCH / "server_abuse.py"), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )


def test_the_list_names_every_attack() -> None:
    listed = run_driver("--list")
    assert listed.returncode == 0, listed.stderr
    assert [line.split()[0] for line in listed.stdout.splitlines()] == NAMES
    assert "baseline" in NAMES


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_an_attack_reports_one_line_in_quick_mode(name: str) -> None:
    result = run_driver("--quick", "--only", name)
    assert result.returncode == 0, result.stdout + result.stderr
    (line,) = result.stdout.splitlines()
    assert line.split()[0] == name
    assert "FAILED" not in line


def test_an_unknown_attack_is_one_line() -> None:
    result = run_driver("--only", "nonsense")
    assert result.returncode == 2
    assert "no attack 'nonsense'" in result.stderr
    assert "Traceback" not in result.stderr
