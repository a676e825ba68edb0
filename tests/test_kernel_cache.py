"""Cached kernels are forgotten exactly when a source they may be built from changes."""

from __future__ import annotations

from pathlib import Path

import tabletop
from tabletop.kernel_cache import STAMP, forget_stale_kernels, sources_digest


def _package(root: Path) -> list[Path]:
    """A small package tree with a kernel module, its cached kernel, and a server module."""
    for sub, text in (("games", "K = 1\n"), ("ai", "def f(): pass\n"), ("server", "x = 1\n")):
        (root / sub / "__pycache__").mkdir(parents=True)
        (root / sub / "kernel.py").write_text(text)
    cached = [root / "ai" / "__pycache__" / name for name in ("f-1.py311.nbi", "f-1.py311.1.nbc")]
    for path in cached:
        path.write_bytes(b"compiled")
    (root / "ai" / "__pycache__" / "kernel.cpython-311.pyc").write_bytes(b"bytecode")
    return cached


def test_a_fresh_tree_forgets_once_then_keeps(tmp_path: Path) -> None:
    cached = _package(tmp_path)
    assert forget_stale_kernels(tmp_path)
    assert not any(path.exists() for path in cached)
    assert (tmp_path / "ai" / "__pycache__" / "kernel.cpython-311.pyc").exists()
    assert (tmp_path / "__pycache__" / STAMP).read_text().strip() == sources_digest(tmp_path)
    for path in cached:  # compiled again, under the new digest
        path.write_bytes(b"compiled")
    assert not forget_stale_kernels(tmp_path)
    assert all(path.exists() for path in cached)


def test_an_edit_to_a_constant_in_another_module_forgets_the_kernels(tmp_path: Path) -> None:
    cached = _package(tmp_path)
    forget_stale_kernels(tmp_path)
    for path in cached:
        path.write_bytes(b"compiled")
    (tmp_path / "games" / "kernel.py").write_text("K = 2\n")  # the kernel lives in ai/
    assert forget_stale_kernels(tmp_path)
    assert not any(path.exists() for path in cached)


def test_an_edit_outside_the_kernel_sources_keeps_them(tmp_path: Path) -> None:
    cached = _package(tmp_path)
    forget_stale_kernels(tmp_path)
    for path in cached:
        path.write_bytes(b"compiled")
    (tmp_path / "server" / "kernel.py").write_text("x = 2\n")
    assert not forget_stale_kernels(tmp_path)
    assert all(path.exists() for path in cached)


def test_a_tree_it_cannot_write_to_is_left_alone(tmp_path: Path) -> None:
    _package(tmp_path)
    (tmp_path / "__pycache__").write_text("not a folder")  # the stamp cannot be written
    assert not forget_stale_kernels(tmp_path)
    assert (tmp_path / "__pycache__").read_text() == "not a folder"


def test_importing_tabletop_leaves_its_stamp_current() -> None:
    root = Path(tabletop.__file__).parent
    stamp = root / "__pycache__" / STAMP
    assert stamp.read_text().strip() == sources_digest(root)


def test_a_program_built_on_other_kernels_forgets_when_they_change(tmp_path: Path) -> None:
    (tmp_path / "__pycache__").mkdir()
    cached = tmp_path / "__pycache__" / "search.negamax-9.py311.1.nbc"
    cached.write_bytes(b"compiled")
    (tmp_path / "search.py").write_text("def negamax(): pass\n")
    assert forget_stale_kernels(tmp_path, ("",), upstream="first")
    cached.write_bytes(b"compiled")
    assert not forget_stale_kernels(tmp_path, ("",), upstream="first")
    assert cached.exists()
    assert forget_stale_kernels(tmp_path, ("",), upstream="second")
    assert not cached.exists()
