"""bench/server_abuse.py: every attack runs (quickly) against a real server and reports."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
SRC = BENCH.parent / "src"


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


def test_every_attack_reports_one_line_in_quick_mode() -> None:
    listed = run_driver("--list")
    assert listed.returncode == 0, listed.stderr
    names = [line.split()[0] for line in listed.stdout.splitlines()]
    assert "baseline" in names
    result = run_driver("--quick")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == names
    assert not [line for line in lines if "FAILED" in line]


def test_an_unknown_attack_is_one_line() -> None:
    result = run_driver("--only", "nonsense")
    assert result.returncode == 2
    assert "no attack 'nonsense'" in result.stderr
    assert "Traceback" not in result.stderr
