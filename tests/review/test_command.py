"""``tabletop review``: the table, the JSON, and one clear line for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabletop
from tabletop.cli import main


def _record(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def _quoridor(moves: list[str]) -> dict[str, object]:
    state = tabletop.load_game("quoridor").new_state()
    return {**state.to_dict(), "moves": moves}


def test_a_review_prints_a_table_and_writes_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record(tmp_path, "game.json", _quoridor(["e2", "e8", "e3", "e7"]))
    out = tmp_path / "review.json"
    assert main(["review", record, "--level", "2", "--json", str(out)]) == 0
    printed = capsys.readouterr()
    assert "4/4 positions" not in printed.out and "5/5 positions" in printed.err
    assert printed.out.splitlines()[2].split()[:3] == ["1", "South", "e2"]
    document = json.loads(out.read_text())
    assert document["game"] == "quoridor" and len(document["plies"]) == 4


def test_an_sgf_is_reviewed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(tmp_path, "game.sgf", "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[gc])")
    assert main(["review", record, "--level", "1"]) == 0
    assert " E5 " in capsys.readouterr().out


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("broken.json", "{not json", "not a JSON record"),
        ("unknown.json", {"game": "chess", "options": {}, "moves": []}, "chess"),
        ("illegal.json", _quoridor(["e2", "e8", "e2"]), "move 3"),
        ("empty.json", _quoridor([]), "no moves to review"),
        ("garbage.json", _quoridor(["e2", "e8", "zz9"]), "move 3: 'zz9' is not a Quoridor move"),
        ("options.json", {"game": "go", "options": {"size": 99}, "moves": ["E5"]}, "size=99"),
        ("occupied.json", {"game": "go", "options": {"size": 9}, "moves": ["E5", "E5"]}, "move 2"),
        ("broken.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[", "not a valid SGF"),
        ("illegal.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[ee])", "move 2 (W E5)"),
        ("off.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[zz])", "move 2 is not a point"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    content: object,
    message: str,
) -> None:
    record = _record(tmp_path, name, content)
    assert main(["review", record]) == 2
    printed = capsys.readouterr()
    err = printed.err.strip()
    assert err.count("\n") == 0 and err.startswith("tabletop: error:") and message in err
    assert name in err  # the file named; nothing printed or written but the line
    assert printed.out == "" and sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_a_missing_file_and_a_bad_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(tmp_path / "nothing.json")]) == 2
    assert "cannot read the file" in capsys.readouterr().err
    record = _record(tmp_path, "game.json", _quoridor(["e2"]))
    assert main(["review", record, "--level", "11"]) == 2
    assert "level 11" in capsys.readouterr().err
