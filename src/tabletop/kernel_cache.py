"""Forget numba's cached kernels when any source they may be compiled from changed.

numba caches each compiled kernel beside its source (``__pycache__/*.nbi`` for the
index, ``*.nbc`` for the code) and reuses it while the stamp of *that one file* is
unchanged. But a kernel is compiled together with every jitted function it calls and
every global constant it reads, from whatever module they live in, so editing only
those other modules leaves the cached kernel running the old code (a numba limitation
it documents; decision 0192 tells how this misled a measurement here).

So :func:`forget_stale_kernels` keeps one digest of every source a kernel can be built
from (the ``core``, ``games`` and ``ai`` packages) and, when it differs from the digest
the caches were made under, deletes the package's cached kernels before any is loaded.
``tabletop/__init__.py`` calls it first thing. The cost is reading ~110 small files at
import (about 10 ms) and, after an edit there, compiling the kernels again.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

#: The subpackages whose sources kernels are compiled from (kernels and the constants
#: they read); edits elsewhere (the server, the web app) keep the caches.
KERNEL_SOURCES = ("core", "games", "ai")

#: The file under the package's ``__pycache__`` that records the digest the caches match.
STAMP = "kernel-sources.digest"

#: numba's cache files: the index and the compiled code.
CACHE_SUFFIXES = (".nbi", ".nbc")


def sources_digest(root: Path, sources: tuple[str, ...] = KERNEL_SOURCES) -> str:
    """A digest of every ``.py`` file under ``root``'s ``sources`` folders, path and text
    (``""`` names ``root`` itself)."""
    digest = hashlib.blake2b(digest_size=16)
    for sub in sources:
        for path in sorted((root / sub).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


#: tabletop's own kernel-source digest, once computed (at import, by forget_stale_kernels).
_package_digest: str | None = None


def package_digest() -> str:
    """The digest of tabletop's own kernel sources, computed once a process (programs
    built on tabletop's kernels pass it as their ``upstream``)."""
    global _package_digest
    if _package_digest is None:
        _package_digest = sources_digest(Path(__file__).parent)
    return _package_digest


def forget_stale_kernels(
    root: Path | None = None, sources: tuple[str, ...] = KERNEL_SOURCES, upstream: str = ""
) -> bool:
    """Delete the cached kernels under ``root``'s ``sources`` if those changed since.

    ``root`` is a package's directory (tabletop's own by default); ``upstream`` is the
    digest of other sources its kernels call into (a bench program built on tabletop's
    kernels passes :func:`sources_digest` of tabletop). Returns whether caches were
    forgotten. An installation that cannot be written to is left alone: numba then
    caches elsewhere, and nothing there can go stale without an edit.
    """
    own = root is None and sources == KERNEL_SOURCES
    root = Path(__file__).parent if root is None else root
    stamp = root / "__pycache__" / STAMP
    current = (package_digest() if own else sources_digest(root, sources)) + upstream
    try:
        if stamp.read_text(encoding="ascii").strip() == current:
            return False
    except (OSError, UnicodeDecodeError):
        pass  # no stamp yet (a fresh checkout) or an unreadable one: treat as changed
    try:
        for sub in sources:
            for suffix in CACHE_SUFFIXES:
                for cached in (root / sub).rglob(f"__pycache__/*{suffix}"):
                    cached.unlink(missing_ok=True)
        stamp.parent.mkdir(exist_ok=True)
        # Written last and atomically: a process starting meanwhile sees the old digest
        # and forgets the caches too, which costs it a compile, never a stale kernel.
        partial = stamp.with_name(f"{STAMP}.{os.getpid()}")
        partial.write_text(current + "\n", encoding="ascii")
        partial.replace(stamp)
    except OSError:
        return False
    return True
