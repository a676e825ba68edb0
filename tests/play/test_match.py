"""The match layer: seats, turns, undo, resignation, clocks, Go's dead stones, records."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import State
from tabletop.play import Match, MatchError, SeatSpec, TimeControl


class FakeTime:
    """A time source the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def no_dead(_state: State, _seed: int) -> list[str]:
    return []


def people(n: int) -> list[SeatSpec]:
    return [SeatSpec("person", None, f"P{i}") for i in range(n)]


def started(game: str = "go", seats: list[SeatSpec] | None = None, **kw: Any) -> Match:
    g = tabletop.load_game(game, **({"size": 9} if game == "go" else {}) | kw.pop("options", {}))
    match = Match(g, seats or people(g.num_players), propose_dead=no_dead, **kw)
    for seat in match.open_seats():
        match.claim(seat)
    return match


def codes(action: Any) -> str:
    with pytest.raises(MatchError) as err:
        action()
    return err.value.code


def test_play_waits_until_every_seat_is_taken() -> None:
    match = Match(tabletop.load_game("go", size=9), people(2))
    assert match.status == "waiting"
    assert codes(lambda: match.play(0, "E5")) == "waiting"
    assert match.claim(0, "Ann") == [{"kind": "joined", "seat": 0, "name": "Ann"}]
    assert codes(lambda: match.claim(0)) == "seat-taken"
    match.claim(1)
    assert match.status == "playing"
    assert match.play(0, "e5") == [{"kind": "move", "seat": 0, "move": "E5"}]


def test_refusals_change_nothing() -> None:
    match = started()
    match.play(0, "E5")
    before = json.dumps(match.to_dict())
    assert codes(lambda: match.play(0, "D4")) == "not-your-turn"
    assert codes(lambda: match.play(1, "E5")) == "illegal-move"
    assert codes(lambda: match.play(1, "Z99")) == "illegal-move"
    assert codes(lambda: match.play(1, "D4", ply=0)) == "stale"
    assert codes(lambda: match.play(7, "D4")) == "bad-request"
    assert codes(lambda: match.answer_undo(1, True)) == "bad-request"
    assert codes(lambda: match.toggle_dead(0, "E5")) == "bad-request"
    assert json.dumps(match.to_dict()) == before


def test_undo_against_the_computer_is_granted_at_once() -> None:
    match = started(seats=[SeatSpec(), SeatSpec("computer", 1, "C")])
    match.play(0, "E5")
    match.play_computer(1, "D4")
    assert match.request_undo(0) == [{"kind": "undo", "plies": 2}]
    assert match.ply == 0 and match.to_move == 0
    assert codes(lambda: match.request_undo(0)) == "bad-request"  # nothing of mine to undo
    assert codes(lambda: match.play(1, "D4")) == "computer-seat"


def test_undo_between_people_needs_an_answer() -> None:
    match = started()
    match.play(0, "E5")
    match.play(1, "D4")
    assert match.request_undo(0) == [{"kind": "undo-request", "seat": 0}]
    assert codes(lambda: match.answer_undo(0, True)) == "bad-request"
    assert match.answer_undo(1, False) == [{"kind": "undo-declined", "seat": 1}]
    match.request_undo(1)
    assert match.answer_undo(0, True) == [{"kind": "undo", "plies": 1}]
    assert match.to_move == 1 and match.ply == 1


def test_resignation_ends_the_game_for_the_other_side() -> None:
    match = started()
    events = match.resign(1)
    assert events[0] == {"kind": "resign", "seat": 1}
    assert events[1]["outcome"]["winners"] == [0]
    assert events[1]["outcome"]["text"] == "Black wins by resignation"
    assert codes(lambda: match.play(0, "E5")) == "game-over"


def test_resignation_in_a_team_game_loses_for_the_partner_too() -> None:
    match = started("abalone", options={"players": 4})
    outcome = match.resign(0)[-1]["outcome"]
    teams = match.game.teams  # type: ignore[attr-defined]
    assert all(teams[s] != teams[0] for s in outcome["winners"])


def test_flag_fall_ends_the_game_on_time() -> None:
    time = FakeTime()
    match = started(clock=TimeControl("absolute", 10), now=time)
    match.play(0, "E5")
    time.t += 5
    assert match.check_time() == []
    time.t += 6
    events = match.check_time()
    assert events[0] == {"kind": "timeout", "seat": 1}
    assert events[1]["outcome"]["reason"] == "timeout"
    assert events[1]["outcome"]["text"] == "Black wins on time"


def test_a_move_after_the_flag_fell_is_not_played() -> None:
    time = FakeTime()
    match = started(clock=TimeControl("fischer", 10, 1), now=time)
    time.t += 11
    events = match.play(0, "E5")
    assert [e["kind"] for e in events] == ["timeout", "end"]
    assert match.ply == 0


def test_moves_carry_the_movers_clock() -> None:
    time = FakeTime()
    match = started(clock=TimeControl("fischer", 60, 5), now=time)
    time.t += 10
    match.play(0, "E5")
    assert match.moves[-1] == {"seat": 0, "move": "E5", "clock": 55.0}


def test_go_dead_stone_phase_toggle_accept_resume() -> None:
    match = started()
    for move in ("E5", "D4", "pass", "pass"):
        events = match.play(match.to_move or 0, move)
    assert events[-1] == {"kind": "scoring", "dead": []}
    assert match.status == "scoring" and match.to_move is None
    assert codes(lambda: match.play(1, "A1")) == "scoring"
    assert match.toggle_dead(0, "d4") == [{"kind": "dead-toggle", "seat": 0, "point": "D4"}]
    match.accept_dead(0)
    match.toggle_dead(1, "D4")  # alive again: acceptances start over
    assert match.accepted == []
    assert match.resume(1) == [{"kind": "resume"}]
    assert match.status == "playing" and match.to_move == 0
    match.play(0, "pass")
    match.play(1, "pass")
    match.toggle_dead(1, "D4")
    match.accept_dead(0)
    events = match.accept_dead(1)
    assert events[-1]["kind"] == "end"
    assert events[-1]["outcome"]["winners"] == [0]
    assert match.status == "finished"


def test_tromp_taylor_is_scored_at_once_and_computers_accept() -> None:
    match = started(options={"size": 5, "rules": "tromp-taylor"})
    match.play(0, "pass")
    assert match.play(1, "pass")[-1]["kind"] == "end"
    vs_computer = started(seats=[SeatSpec(), SeatSpec("computer", 2, "C")])
    vs_computer.play(0, "pass")
    vs_computer.play_computer(1, "pass")
    assert vs_computer.accepted == [1]
    assert vs_computer.accept_dead(0)[-1]["kind"] == "end"


def sorted_key(point: str) -> tuple[int, int]:
    from tabletop.games.go.geometry import COLUMNS

    return (COLUMNS.index(point[0]), int(point[1:]))


def test_estimator_proposes_the_dead_stones() -> None:
    game = tabletop.load_game("go", size=9)
    match = Match(game, people(2))
    match.claim(0)
    match.claim(1)
    for b, w in zip(["C3", "D3", "E3", "F3", "G3", "G4"], ["E5"] + ["pass"] * 5, strict=True):
        match.play(0, b)
        match.play(1, w)
    events = match.play(0, "pass")  # after White's pass: play ends
    assert events[-1]["kind"] == "scoring"
    dead = events[-1]["dead"]
    assert dead == [str(m) for m in match.state.dead_stones]  # type: ignore[attr-defined]
    from tabletop.games.go.dead import estimate_dead

    assert dead == sorted(estimate_dead(match.state, seed=match.seed + match.ply), key=sorted_key)


@pytest.mark.parametrize("seed", [0, 1, 2, 12345])
def test_the_scoring_phase_proposes_issue_7s_lone_stones_dead(seed: int) -> None:
    # 9x9, Chinese, komi 7: walls D1-D9 (Black) and F1-F9 (White), Black H5 alone in
    # White's area and White B5 in Black's. Today's server proposed [] or ["B5"].
    game = tabletop.load_game("go", size=9, rules="chinese", komi=7)
    match = Match(game, people(2), seed=seed)
    match.claim(0)
    match.claim(1)
    black = [f"D{row}" for row in range(1, 10)] + ["H5", "pass"]
    white = [f"F{row}" for row in range(1, 10)] + ["B5", "pass"]
    for b, w in zip(black, white, strict=True):
        match.play(0, b)
        events = match.play(1, w)
    assert match.status == "scoring"
    assert events[-1] == {"kind": "scoring", "dead": ["B5", "H5"]}
    match.accept_dead(0)
    match.accept_dead(1)
    outcome = match.outcome()
    assert outcome is not None and outcome.detail["result"] == "W+7"


def test_replacing_a_player_who_left_a_three_player_game() -> None:
    match = started("abalone", options={"players": 3})
    assert codes(lambda: started().replace(0, 3)) == "bad-request"
    assert match.replace(1, 3) == [{"kind": "replaced", "seat": 1, "level": 3}]
    assert match.seats[1].kind == "computer"
    match.play(0, match.legal_moves()[0])
    assert match.computer_to_move() == 1
    assert codes(lambda: match.play(1, match.legal_moves()[0])) == "computer-seat"


def test_a_leavers_deadline_is_kept_until_they_return_or_are_replaced() -> None:
    match = started("abalone", options={"players": 3})
    assert match.may_replace_people()  # people hold seats of a game that replaces leavers
    assert match.leave(1, 100.0) == [{"kind": "left", "seat": 1}]
    assert match.leave(1, 200.0) and match.leaving == {1: 100.0}  # the first deadline holds
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())), propose_dead=no_dead)
    assert again.leaving == {1: 100.0}
    assert again.come_back(1)[0]["kind"] == "joined" and again.leaving == {}
    match.leave(2, 100.0)
    match.replace(1, 3)
    assert match.leaving == {2: 100.0}
    match.resign(0)
    assert match.status == "finished" and match.leaving == {}
    assert not match.may_replace_people()
    two = started()
    two.leave(0, 100.0)  # two player games replace nobody: no deadline
    assert two.leaving == {} and not two.may_replace_people()


def test_seat_and_level_checks() -> None:
    go = tabletop.load_game("go", size=9)
    assert codes(lambda: Match(go, people(3))) == "bad-request"
    assert codes(lambda: Match(go, [SeatSpec("computer", 1)] * 2)) == "bad-request"
    assert codes(lambda: Match(go, [SeatSpec(), SeatSpec("computer", 11)])) == "bad-request"
    assert codes(lambda: SeatSpec("robot")) == "bad-request"


GAMES = [("go", {"size": 5}), ("oust", {"size": 4}), ("abalone", {}), ("quoridor", {})]


@settings(max_examples=15)
@given(st.sampled_from(GAMES), st.integers(0, 2**31), st.integers(0, 40))
def test_round_trip_through_json_keeps_the_match(
    config: tuple[str, dict[str, Any]], seed: int, plies: int
) -> None:
    name, options = config
    time = FakeTime()
    match = started(name, options=options, clock=TimeControl("byoyomi", 30, 0, 3, 10), now=time)
    rng = random.Random(seed)
    for _ in range(plies):
        if match.status != "playing":
            break
        time.t += rng.random() * 5
        seat = match.to_move
        assert seat is not None
        match.play(seat, rng.choice(match.legal_moves()))
    data = json.loads(json.dumps(match.to_dict()))
    again = Match.from_dict(data, now=time, propose_dead=no_dead)
    assert again.to_dict() == match.to_dict()
    assert again.state == match.state
    assert again.legal_moves() == match.legal_moves()


def deferred_scoring() -> Match:
    """Issue 7's position at its two passes, the proposal left to the caller (the server)."""
    game = tabletop.load_game("go", size=9, rules="chinese", komi=7)
    match = Match(game, people(2), seed=3, propose_dead=None)
    match.claim(0)
    match.claim(1)
    black = [f"D{row}" for row in range(1, 10)] + ["H5", "pass"]
    white = [f"F{row}" for row in range(1, 10)] + ["B5", "pass"]
    for b, w in zip(black, white, strict=True):
        match.play(0, b)
        events = match.play(1, w)
    assert events[-1] == {"kind": "scoring", "dead": [], "pending": True}
    assert match.status == "scoring" and match.proposal_pending
    return match


def test_a_deferred_proposal_is_worked_out_from_the_job_and_applied() -> None:
    from tabletop.play.computer import propose

    match = deferred_scoring()
    assert codes(lambda: match.accept_dead(0)) == "scoring"  # nothing to accept yet
    job = json.loads(json.dumps(match.proposal_job()))
    dead = propose(job)
    assert dead == ["B5", "H5"]
    assert match.set_proposal(dead, job["ply"] + 1) == []  # for another phase: dropped
    assert match.set_proposal(dead, job["ply"]) == [{"kind": "proposal", "dead": ["B5", "H5"]}]
    assert not match.proposal_pending
    assert match.set_proposal([], job["ply"]) == []  # only once
    match.accept_dead(0)
    match.accept_dead(1)
    outcome = match.outcome()
    assert outcome is not None and outcome.detail["result"] == "W+7"


def test_toggles_made_while_the_proposal_is_pending_win_over_it() -> None:
    match = deferred_scoring()
    match.toggle_dead(0, "H5")
    match.toggle_dead(1, "H5")  # H5 said alive by the players
    match.toggle_dead(1, "D5")  # and the D wall dead
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())), propose_dead=None)
    # Stored across a restart, each toggle by the chain's first point.
    assert again.proposal_pending and again.pending_toggles == ["H5", "H5", "D1"]
    events = again.set_proposal(["B5", "H5"], again.ply)
    assert events == [{"kind": "proposal", "dead": ["B5"] + [f"D{r}" for r in range(1, 10)]}]


def test_a_resumed_game_drops_the_proposal_it_waited_for() -> None:
    match = deferred_scoring()
    ply = match.ply
    match.resume(0)
    assert not match.proposal_pending
    assert match.set_proposal(["B5", "H5"], ply) == []
    assert match.status == "playing"


def test_a_join_takes_the_first_open_seat_or_the_one_asked() -> None:
    """The seat choice of a lobby join is the match's (Match.seat_to_claim)."""
    game = tabletop.load_game("quoridor", players=4)
    match = Match(game, [SeatSpec(), SeatSpec("computer", 1), SeatSpec(), SeatSpec()])
    assert match.claim(None, "Ann")[0]["seat"] == 0
    assert match.seat_to_claim(None) == 2
    assert match.claim(3, "Bob")[0] == {"kind": "joined", "seat": 3, "name": "Bob"}
    for seat, code in ((1, "seat-taken"), (3, "seat-taken"), (4, "bad-request")):
        with pytest.raises(MatchError) as refused:
            match.claim(seat)
        assert refused.value.code == code
    match.claim(None)
    assert match.status == "playing"
    with pytest.raises(MatchError, match="every seat"):
        match.seat_to_claim(None)


def test_give_back_returns_at_most_the_turn_s_time_to_the_running_clock() -> None:
    """A takeover gives the player to move back the seconds the server lost (decision
    record 0169): never more than the turn has used, and nothing without a running clock."""
    now = [0.0]
    seats = [SeatSpec("person", None, "Ann"), SeatSpec("person", None, "Bob")]
    match = Match(
        tabletop.load_game("go", size=9), seats, TimeControl("absolute", 10), now=lambda: now[0]
    )
    assert match.give_back(4) == []  # waiting: no clock runs
    match.claim(0)
    match.claim(1)
    now[0] = 3.0
    assert match.give_back(4) == [{"kind": "clock-back", "seat": 0, "seconds": 3.0}]
    assert match.clock.remaining(0, now[0]) == 10.0
    now[0] = 12.0  # the flag fell at 10 s of the turn, within the time given back: it stands
    assert match.check_time() == []
    assert match.give_back(1.5) == [{"kind": "clock-back", "seat": 0, "seconds": 1.5}]
    assert match.clock.remaining(0, now[0]) == pytest.approx(2.5)
    untimed = Match(tabletop.load_game("go", size=9), seats, now=lambda: now[0])
    untimed.claim(0)
    untimed.claim(1)
    assert untimed.give_back(4) == []
