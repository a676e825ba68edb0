"""A Babel extractor for JSON data files (lessons, rules content): every string under
one of :data:`KEYS` is a message, wherever it sits in the document.

Registered in a mapping file as ``[tabletop.i18n.extract:extract_json: **.json]``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

#: The keys whose strings a player reads.
KEYS = frozenset(
    {"title", "text", "paragraphs", "goal", "hint", "caption", "feedback", "success", "label",
     "explanation"}
)  # fmt: skip


def extract_json(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: dict[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor interface: (line, function, message, comments) per message."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    lines = source.splitlines()
    for text in _strings(json.loads(source), False):
        yield _line_of(text, lines), None, text, []


def _strings(value: Any, wanted: bool) -> Iterator[str]:
    if isinstance(value, str):
        if wanted and value.strip():
            yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, wanted)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, key in KEYS)  # lists pass it on, objects do not


def _line_of(text: str, lines: list[str]) -> int:
    """The first line showing ``text`` as JSON writes it (1 when not found on one line)."""
    needle = json.dumps(text, ensure_ascii=False)
    return next((i + 1 for i, line in enumerate(lines) if needle in line), 1)
