"""SGF FF[4] records for Go, read and written through sgfmill.

Reading is lenient (any case in RU, a missing pass filled in when one colour
moves twice, unknown properties ignored) and every problem names where it
is; writing is strict FF[4]. Importing replays the game through the rules
engine, so a record with an illegal move is reported with the move number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sgfmill import sgf

from tabletop.core.errors import IllegalMoveError, NotationError, OptionError
from tabletop.core.registry import load_game
from tabletop.games.go.handicap import handicap_points
from tabletop.games.go.notation import PASS, GoMove
from tabletop.games.go.rules import GoGame, GoState

#: RU values (lower case) to the options they mean.
RULES_BY_SGF_NAME: dict[str, dict[str, Any]] = {
    "japanese": {"rules": "japanese"},
    "jp": {"rules": "japanese"},
    "korean": {"rules": "japanese"},
    "chinese": {"rules": "chinese"},
    "cn": {"rules": "chinese"},
    "aga": {"rules": "aga"},
    "bga": {"rules": "aga"},
    "tromp-taylor": {"rules": "tromp-taylor"},
    "tromp taylor": {"rules": "tromp-taylor"},
    "tt": {"rules": "tromp-taylor"},
    "nz": {"rules": "aga", "suicide": "multi-stone", "handicap_bonus": "none"},
    "new zealand": {"rules": "aga", "suicide": "multi-stone", "handicap_bonus": "none"},
}

SGF_NAME_BY_RULES = {
    "japanese": "Japanese",
    "chinese": "Chinese",
    "aga": "AGA",
    "tromp-taylor": "Tromp-Taylor",
}


@dataclass
class SgfRecord:
    """A Go game read from SGF: the replayed state and the facts around it."""

    state: GoState
    black: str | None = None
    white: str | None = None
    result: str | None = None
    warnings: list[str] = field(default_factory=list)


def _fail(where: str, message: str) -> NotationError:
    return NotationError(f"{where}: {message}")


def read_sgf(data: bytes | str, where: str = "SGF") -> SgfRecord:
    """Parse an SGF game and replay it; NotationError/IllegalMoveError say what and where."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        game = sgf.Sgf_game.from_bytes(raw)
    except ValueError as err:
        raise _fail(where, f"not a valid SGF file ({err})") from None
    root = game.get_root()
    warnings: list[str] = []
    try:
        gm = root.get("GM") if root.has_property("GM") else 1
    except ValueError as err:
        raise _fail(where, f"bad GM property ({err})") from None
    if gm != 1:
        raise _fail(where, f"GM[{gm}] is not a Go record (GM[1])")
    size = game.get_size()  # sgfmill checked SZ while parsing
    try:
        komi = game.get_komi()
    except ValueError as err:
        raw_komi = "][".join(v.decode("utf-8", "replace") for v in root.get_raw_list("KM"))
        raise _fail(where, f"KM[{raw_komi}] is not a komi ({err})") from None
    options: dict[str, Any] = {"size": size}
    rules = _text(root, "RU", warnings)
    if rules is not None:
        if rules.strip().lower() in RULES_BY_SGF_NAME:
            options.update(RULES_BY_SGF_NAME[rules.strip().lower()])
        else:
            warnings.append(f"RU[{rules}] is not a known rule set; using Japanese rules")
    elif root.has_property("RU"):
        warnings[-1] += "; using Japanese rules"
    if root.has_property("KM"):
        options["komi"] = komi
    setup_black = _points(root, "AB", where)
    setup_white = _points(root, "AW", where)
    if _points(root, "AE", where):
        raise _fail(where, "AE (points made empty) is not supported in a set-up")
    to_move = _player(root, where)
    # Stones of both colours, or a side to move without a handicap count: a set-up
    # position (a problem); Black's stones alone are a handicap, fixed or free.
    position = bool(setup_white) or (to_move is not None and not root.has_property("HA"))
    free: list[GoMove] = []
    if setup_black and not position:
        count = len(setup_black)
        try:
            expected = set(handicap_points(size, count))
        except OptionError:
            expected = set()
        if setup_black == expected:
            options["handicap"] = count
        else:  # free placement
            free = [GoMove(col, row) for col, row in sorted(setup_black)]
    try:
        go = load_game("go", **options)
    except OptionError as err:
        raise _fail(where, str(err)) from None
    assert isinstance(go, GoGame)
    try:
        if position:
            state = go.setup(
                [GoMove(col, row) for col, row in sorted(setup_black)],
                [GoMove(col, row) for col, row in sorted(setup_white)],
                to_move or "black",
            )
        else:
            state = go.setup(free) if free else go.new_state()
    except IllegalMoveError as err:
        raise _fail(where, f"{'AB/AW' if position else 'AB'}: {err}") from None
    number = 0
    for node in game.get_main_sequence()[1:]:
        try:
            colour, point = node.get_move()
        except ValueError:
            raise _fail(where, f"move {number + 1} is not a point on the board") from None
        if colour is None:
            continue
        number += 1
        seat = 0 if colour == "b" else 1
        if state.to_move != seat and not state.is_over():
            warnings.append(f"move {number}: {colour.upper()} moved twice; a pass was inserted")
            state.play(PASS)
        move = PASS if point is None else GoMove(point[1], point[0])
        if state.end_reason == "score":
            # Moves after two passes: the players resumed play (a disagreement).
            state.resume()
        try:
            state.play(move)
        except IllegalMoveError as err:
            raise IllegalMoveError(
                f"{where}: move {number} ({colour.upper()} {move}): {err}",
                reason=err.reason,
                params={"move": str(move), **err.params, "record_ply": number},
            ) from None
    # Names and the result only describe the game: one that cannot be read is a warning.
    result, black, white = (_text(root, prop, warnings) for prop in ("RE", "PB", "PW"))
    return SgfRecord(state, black, white, result, warnings)


def _text(root: Any, prop: str, warnings: list[str]) -> str | None:
    """A root text property, or None (with a warning when it is there but unreadable)."""
    if not root.has_property(prop):
        return None
    try:
        return str(root.get(prop))
    except ValueError as err:
        warnings.append(f"{prop} ignored: {err}")
        return None


def _points(root: Any, prop: str, where: str) -> set[tuple[int, int]]:
    if not root.has_property(prop):
        return set()
    try:
        return {(col, row) for row, col in root.get(prop)}
    except ValueError as err:
        raise _fail(where, f"bad {prop} property ({err})") from None


def _player(root: Any, where: str) -> str | None:
    """The side a set-up's PL names ("black"/"white"), or None without PL."""
    if not root.has_property("PL"):
        return None
    try:
        colour = root.get("PL")
    except ValueError as err:
        raise _fail(where, f"bad PL property ({err})") from None
    return "black" if colour == "b" else "white"


def load_sgf(path: str | Path) -> SgfRecord:
    """Read an SGF file; a missing or unreadable file is a NotationError naming it."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise NotationError(f"{path}: cannot read the file ({err.strerror})") from None
    return read_sgf(data, where=str(path))


def write_sgf(
    state: GoState,
    black: str | None = None,
    white: str | None = None,
    result: str | None = None,
) -> bytes:
    """The game of ``state`` as SGF FF[4] bytes (UTF-8).

    ``result`` overrides what the state says (e.g. ``B+R`` after a resignation);
    otherwise a finished game gets its score (``W+6.5``), a cycle ``Void``.
    """
    settings = state.game.settings
    game = sgf.Sgf_game(settings.size)
    root = game.get_root()
    root.set("KM", settings.komi)
    root.set("RU", SGF_NAME_BY_RULES[settings.rules])
    stones = state.handicap_stones
    position = state.setup_position
    if position is not None:  # a set-up of both colours (decision record 0108)
        for prop, side in (("AB", "black"), ("AW", "white")):
            points = [state.parse_move(p) for p in position[side]]
            if points:
                root.set(prop, {(m.row, m.col) for m in points})
        root.set("PL", "b" if position["to_move"] == "black" else "w")
    elif stones:
        root.set("HA", len(stones))
        root.set("AB", {(m.row, m.col) for m in stones})
    if black:
        root.set("PB", black)
    if white:
        root.set("PW", white)
    if result is None:
        outcome = state.outcome()
        if outcome is not None:
            result = "Void" if outcome.reason == "cycle" else str(outcome.detail.get("result"))
    if result:
        root.set("RE", result)
    if position is not None:
        colour = "b" if position["to_move"] == "black" else "w"
    else:
        colour = "w" if stones else "b"
    for move in state.history:
        assert isinstance(move, GoMove)
        node = game.extend_main_sequence()
        node.set_move(colour, None if move.is_pass else (move.row, move.col))
        colour = "b" if colour == "w" else "w"
    out: bytes = game.serialise()
    return out


def save_sgf(state: GoState, path: str | Path, **players: str | None) -> None:
    """Write the game of ``state`` to ``path`` as SGF."""
    Path(path).write_bytes(write_sgf(state, **players))
