"""The server's refusals worded in the player's language with their specifics (issue 10:
"the server sends codes and parameters; the client words them"): for every reason and
every code that web/js/errors.js words from params, the Turkish, German and Dutch text
names each param (the move, the square, the side, the number)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

ERRORS_JS = Path(__file__).parents[2] / "src/tabletop/web/js/errors.js"

#: A sample of each reason's params (the server's: tests/play/test_match_errors.py).
REASONS: dict[str, dict[str, Any]] = {
    "not-a-move": {"move": "zz9"},
    "notation": {"move": "Z99"},
    "not-a-point": {"move": "Q0"},
    "game-over": {},
    "not-allowed": {"move": "e3v"},
    "off-board": {},
    "pass-refused": {"count": 7, "example": "c3"},
    "occupied": {"move": "E5"},
    "ko": {"move": "D5"},
    "superko": {"move": "C3"},
    "suicide": {"move": "A1"},
    "no-stone": {"move": "G7"},
    "not-ended": {},
    "no-dead": {},
    "pawn-there": {"move": "e1", "from": "e1"},
    "square-taken": {"move": "e5", "side": "North"},
    "wall-blocks-step": {"move": "e2", "from": "e1"},
    "jump-no-pawn": {"move": "e3", "from": "e1"},
    "wall-blocks-jump": {"move": "e3", "from": "e1", "over": "e2"},
    "wall-behind-pawn": {"move": "e4", "side": "North", "over": "e3"},
    "side-step": {"move": "d2", "from": "e1"},
    "too-far": {"move": "a5", "from": "e1"},
    "no-walls-left": {"move": "c3h", "side": "South"},
    "wall-taken": {"move": "e1h"},
    "walls-cross": {"move": "e1v", "wall": "e1h"},
    "walls-overlap": {"move": "f1h", "wall": "e1h"},
    "walls-meet": {"move": "f1h"},
    "cuts-off": {"move": "d8h", "side": "North"},
    "cuts-off-own": {"move": "d2h"},
    "no-marble": {"move": "e5e6", "cell": "e5"},
    "partner-marble": {"move": "c3d4", "cell": "c3"},
    "not-own": {"move": "i5h5", "cell": "i5"},
    "too-many": {"move": "a1a2", "cell": "a1"},
    "own-off": {"move": "a1b1", "cell": "a1"},
    "single-push": {"move": "c3d3", "cell": "c3"},
    "outnumbered": {"move": "c3d3", "cell": "c3"},
    "sandwich": {"move": "c3d3", "cell": "c3"},
    "not-a-line": {"move": "c3c5d3", "cell": "c3", "last": "c5"},
    "broadside-end": {"move": "c3c4d4", "cell": "c3"},
    "broadside-all-own": {"move": "c3c4d4", "cell": "c3"},
    "broadside-any-own": {"move": "c3c4d4", "cell": "c3"},
    "broadside-blocked": {"move": "c3c4d4", "cell": "c3"},
    "pie-off": {"move": "swap"},
    "swap-late": {"move": "swap"},
    "no-enemy": {"move": "b1", "size": 2, "pass": True},
    "equal-enemy": {"move": "b2", "size": 3},
    "larger-enemy": {"move": "b2", "size": 2, "enemy": 5},
    "seat-kind": {"kind": "robot"},
    "level": {"min": 1, "max": 10},
    "name-long": {"max": 40},
    "seat-count": {"seats": 3, "given": 2},
    "no-person": {},
    "no-seat": {"seat": "7", "last": 1},
    "not-person": {"seat": 2},
    "seat-open": {"side": "White"},
    "all-taken": {},
    "undo-waiting": {},
    "no-undo": {},
    "nothing-to-undo": {},
    "accepted": {},
    "proposing": {},
    "not-scoring": {},
    "no-replace": {},
    "last-person": {},
    "hint": {},
    "rematch-early": {},
    "rematch-started": {},
    "rematch-offered": {},
    "rematch-token": {},
    "ply": {"ply": 90, "plies": 61},
    "option-value": {"option": "Board size", "value": "40", "min": 5, "max": 25},
    "unknown-option": {"option": "colour"},
    "waiting-games": {"count": 5},
    "clock-days": {"value": "2", "allowed": "1, 3, 7"},
    "chat-empty": {},
    "chat-long": {"max": 500, "length": 612},
    "chat-control": {"at": 7, "char": "U+0007"},
    "chat-flood": {"seconds": 3},
    "record-moves": {"moves": 900, "limit": 600},
    "record-bytes": {"limit": 800},
    "offer-players": {"players": 4},
    "rated-guest": {},
    "unrated-game": {},
    "rating-range": {"min": 1800, "max": 1200},
    "out-of-range": {"rating": 1432, "min": 1600, "max": 2000},
    "own-offer": {},
    "challenge-self": {},
    "open-offers": {"max": 3},
}

#: A sample of the params of each code worded without a reason.
CODES: dict[str, dict[str, Any]] = {
    "not-your-turn": {"side": "Black"},
    "seat-taken": {"side": "White"},
    "computer-seat": {"side": "Red"},
    "stale": {"ply": 42},
    "rate-limited": {"seconds": 17},
    "too-large": {"limit": 512},
    "unknown-type": {"type": "shout"},
    "bad-message": {"field": "move"},
    "bad-request": {"field": "options.size"},
}


WORD = """async ([errors, samples]) => {
  const m = await import('/static/js/errors.js');
  const i18n = await import('/static/js/i18n.js');
  const out = {};
  for (const [key, params] of Object.entries(samples)) {
    const isCode = Object.prototype.hasOwnProperty.call(errors, key);
    const error = isCode
      ? { code: key, message: "", params }
      : { code: "illegal-move", message: "", params: { reason: key, ...params } };
    out[key] = { text: m.errorText(error), side: params.side ? i18n.t(params.side) : null };
  }
  return out;
}"""


def keys_of(table: str) -> set[str]:
    """The keys of one table (``const NAME = {...};``) of errors.js."""
    source = ERRORS_JS.read_text(encoding="utf-8")
    body = source.split(f"const {table} = {{", 1)[1].split("\n};", 1)[0]
    return set(re.findall(r'^  "?([\w-]+)"?: ', body, flags=re.M))


def test_every_worded_reason_and_code_has_a_sample_here() -> None:
    assert keys_of("REASONS") == set(REASONS)
    assert keys_of("WITH_PARAMS") == set(CODES)


def worded(page: Any, server: str, language: str) -> dict[str, dict[str, Any]]:
    page.goto(f"{server}/rules?lang={language}")
    page.wait_for_load_state("load")
    samples = {**REASONS, **CODES}
    words: dict[str, dict[str, Any]] = page.evaluate(WORD, [CODES, samples])
    return words


@pytest.mark.parametrize("language", ["tr", "de", "nl"])
def test_each_refusal_names_its_params_in_the_language(
    page: Any, server: str, language: str
) -> None:
    english = worded(page, server, "en")
    words = worded(page, server, language)
    for key, params in {**REASONS, **CODES}.items():
        text = words[key]["text"]
        assert text != english[key]["text"], f"{key}: not translated: {text!r}"
        for name, value in params.items():
            if isinstance(value, bool):
                continue  # a flag worded as a sentence ("no placement is legal here: pass")
            if name == "side":
                expected = words[key]["side"]
                assert expected != value, f"{key}: the side's name is English"
            elif name == "option":
                continue  # translated when the catalog has it (option labels are messages)
            else:
                expected = str(value)
            assert expected in text, f"{language} {key}: {name}={expected!r} not in {text!r}"
    # Plurals follow the number (Intl.PluralRules): German and Dutch say "1 Sekunde".
    if language in ("de", "nl"):
        one = page.evaluate(
            """async () => (await import('/static/js/errors.js')).errorText(
                 {code: 'rate-limited', message: '', params: {seconds: 1}})"""
        )
        assert "1 Sekunde " in one or "1 seconde " in one, one
