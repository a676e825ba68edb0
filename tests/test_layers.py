"""The layers of docs/architecture.md hold: a package imports only packages below it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "tabletop"

#: Each top-level package or module of tabletop and its height; an import must point
#: strictly down. core <- games <- ai <- play <- the commands and the server, as drawn
#: in docs/architecture.md; helpers that import nothing of tabletop sit at the bottom.
LAYER = {
    "i18n": 0,
    "progress": 0,
    "kernel_cache": 0,
    "web": 0,
    "core": 1,
    "__init__": 2,
    "rules": 2,
    "games": 2,
    "ai": 3,
    "play": 4,
    "terminal": 5,
    "review": 6,
    "server": 7,
    "cli": 8,
    "__main__": 9,
}


def imports_of(path: Path) -> set[str]:
    """The top-level tabletop packages ``path`` imports (lazy imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found |= {n.split(".")[1] for n in names if n.startswith("tabletop.")}
    return found


MODULES = sorted(p for p in SOURCE.rglob("*.py") if "migrations" not in p.parts)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SOURCE)))
def test_imports_point_down(path: Path) -> None:
    home = path.relative_to(SOURCE).parts[0].removesuffix(".py")
    assert home in LAYER, f"{home}: a new top-level package needs its place in LAYER"
    upward = {name for name in imports_of(path) if name != home and LAYER[name] >= LAYER[home]}
    assert not upward, f"{path.relative_to(SOURCE)} imports {sorted(upward)} (not below it)"
