"""The JSON data extractor: strings under the text keys, nothing else."""

from __future__ import annotations

import io
import json

from tabletop.i18n.extract import extract_json


def test_strings_under_text_keys_are_messages() -> None:
    data = {
        "title": "Liberties",
        "lessons": [
            {"goal": "Capture the white stone", "moves": ["d4"], "hint": "Look at d5",
             "paragraphs": ["One.", "Two."], "setup": {"text": "Nested"}, "id": "x"},
        ],
    }  # fmt: skip
    source = json.dumps(data, indent=1).encode()
    found = list(extract_json(io.BytesIO(source), None, None, {}))
    messages = [message for _, _, message, _ in found]
    assert messages == ["Liberties", "Capture the white stone", "Look at d5", "One.", "Two.",
                        "Nested"]  # fmt: skip
    assert all(line > 1 for line, *_ in found[1:])
