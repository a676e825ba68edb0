"""An external GTP engine as an agent: tabletop's own engine plays through it, and an
engine that is no GTP engine, hangs or plays nonsense is one clear error."""

from __future__ import annotations

import shlex
import sys

import pytest

import tabletop
from tabletop.ai.go.gtp_player import GtpPlayer
from tabletop.core import TabletopError
from tabletop.games.go import GoMove

PYTHON = shlex.quote(sys.executable)
#: tabletop's own GTP engine, at a tiny budget.
ENGINE = f"{PYTHON} -m tabletop.cli gtp --playouts 20 --seed 1"


def fake_engine(script: str) -> str:
    """A command running ``script`` in Python: an engine that misbehaves on purpose."""
    return f"{PYTHON} -c {shlex.quote(script)}"


def test_plays_a_game_through_the_engine() -> None:
    state = tabletop.load_game("go", size=9, handicap=2).new_state()
    player = GtpPlayer(ENGINE)
    try:
        assert player.name == "gtp:tabletop"
        for _ in range(4):  # the engine is given the handicap and every move so far
            move = player.pick(player.analyze(state))
            assert isinstance(move, GoMove) and move in state.legal_moves()
            state.play(move)
    finally:
        player.close()
    assert player._process.poll() is not None


def test_a_program_that_is_no_gtp_engine_is_named() -> None:
    echo = fake_engine("import sys\nfor line in sys.stdin: print(line, flush=True)")
    with pytest.raises(TabletopError, match=r"answered 'name' with 'name', not a GTP reply"):
        GtpPlayer(echo)


def test_an_engine_that_hangs_is_an_error_after_the_limit() -> None:
    silent = fake_engine("import time\ntime.sleep(30)")
    with pytest.raises(TabletopError, match=r"did not answer 'name' within 0.3 s"):
        GtpPlayer(silent, answer_seconds=0.3)


def test_an_engine_that_plays_nonsense_is_named() -> None:
    nonsense = fake_engine(
        "import sys\n"
        "for line in sys.stdin:\n"
        "    word = line.split()[0]\n"
        "    print('= Z99' if word == 'genmove' else '= fake', end='\\n\\n', flush=True)"
    )
    player = GtpPlayer(nonsense)
    try:
        with pytest.raises(TabletopError, match=r"played 'Z99': .*column Z is off"):
            player.analyze(tabletop.load_game("go", size=9).new_state())
    finally:
        player.close()
