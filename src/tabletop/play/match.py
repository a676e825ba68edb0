"""A match: one game with seats, a clock, resignation, undo and the game's scoring phase.

Every action names the seat that acts and returns the *events* it caused
(plain JSON-ready dicts such as ``{"kind": "move", "seat": 0, "move": "D4"}``),
which the server numbers, stores and broadcasts and the terminal prints. A
refused action raises :class:`MatchError` with a code and a message and
changes nothing.

Statuses: ``waiting`` (a person seat is not yet claimed), ``playing``,
``scoring`` (a game whose count the players agree on, such as Go after two
passes: its registry entry's scoring phase, core/facts.py) and ``finished``.

The dead-stone proposal that starts the scoring phase is worked out by
``propose_dead`` at once, or, when that is None (the server: decision record
0075), later by the caller: the phase starts with no stones marked and
``proposal_pending`` set, :meth:`Match.proposal_job` says what to work out and
:meth:`Match.set_proposal` applies the answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core import Game, Outcome, State, TabletopError, facts_of, load_game
from tabletop.core.errors import CodedError, Param
from tabletop.core.facts import ScoringPhase
from tabletop.play.clock import Clock, TimeControl
from tabletop.play.outcome import outcome_to_dict

Event = dict[str, Any]
SEAT_KINDS = ("person", "computer")
STATUSES = ("waiting", "playing", "scoring", "finished")
MAX_NAME = 40


class MatchError(CodedError, TabletopError):
    """An action the match refuses; ``code`` is the protocol's error code, ``params`` the
    specifics a client words it with (docs/protocol.md, "Errors"): a ``reason`` among them
    names which refusal of the code it is."""

    def __init__(
        self,
        code: str,
        message: str,
        params: Mapping[str, Param] | None = None,
        *,
        reason: str | None = None,
    ) -> None:
        super().__init__(code, message, params)
        self.reason = reason

    @classmethod
    def of(cls, code: str, err: TabletopError, **params: Param) -> MatchError:
        """``err`` (a rules or options error) refused as ``code``: its message, its reason
        and params, and ``params`` where it has none of its own."""
        return cls(code, str(err), {**params, **err.params}, reason=err.reason)


def _check_text(value: object, limit: int, what: str) -> None:
    """Refuse ``value`` as an illegal move ("not-a-move", "not-a-point": ``what``) unless it
    is a text of at most ``limit`` characters; the error quotes no more than that."""
    if not isinstance(value, str) or len(value) > limit:
        shown = str(value)[:limit]
        raise MatchError(
            "illegal-move", f"{shown!r} is not a {what}", {"move": shown}, reason=f"not-a-{what}"
        )


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: a person (with a display name) or a computer level."""

    kind: str = "person"
    level: int | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise MatchError(
                "bad-request",
                f"seat kind {self.kind!r}: must be person or computer",
                {"kind": str(self.kind)[:20]},
                reason="seat-kind",
            )
        if self.kind == "computer" and (
            isinstance(self.level, bool) or not isinstance(self.level, int)
        ):
            raise MatchError(
                "bad-request",
                f"computer seat level {self.level!r}: expected 1..10",
                {"min": 1, "max": 10},
                reason="level",
            )
        if len(self.name) > MAX_NAME:
            raise MatchError(
                "bad-request",
                f"name {self.name[:20]!r}...: at most {MAX_NAME} chars",
                {"max": MAX_NAME},
                reason="name-long",
            )


def scoring_phase(game: Game) -> ScoringPhase | None:
    """The game's scoring phase (Go's dead-stone agreement), or None when play ending is
    the end."""
    return facts_of(game).scoring


def default_dead_proposal(state: State, seed: int) -> list[str]:
    """The game's own dead-stone estimate (Go's: games/go/dead.py), the proposal the
    scoring phase starts from; the terminal and GTP use the same one."""
    phase = scoring_phase(state.game)
    assert phase is not None, f"{state.game.name} has no scoring phase"
    return phase.propose(state, seed)


class Match:
    """One game being played. Synchronous and pure: time comes from ``now``."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatSpec],
        clock: TimeControl | None = None,
        *,
        now: Callable[[], float] = time.time,
        seed: int = 0,
        propose_dead: Callable[[State, int], list[str]] | None = default_dead_proposal,
        state: State | None = None,
    ) -> None:
        """``state``, when given, is a game in progress to continue (its moves are kept).
        ``propose_dead`` None: the caller works out the dead-stone proposal (see above)."""
        if len(seats) != game.num_players:
            raise MatchError(
                "bad-request",
                f"{game.name} with these options has {game.num_players} seats, not {len(seats)}",
                {"seats": game.num_players, "given": len(seats)},
                reason="seat-count",
            )
        if all(seat.kind == "computer" for seat in seats):
            raise MatchError(
                "bad-request", "at least one seat must be a person", reason="no-person"
            )
        if any(s.kind == "computer" for s in seats):
            from tabletop.ai.levels import level_for

            for s in seats:
                if s.kind == "computer":
                    assert s.level is not None
                    try:
                        level_for(game, s.level)
                    except TabletopError as err:
                        raise MatchError.of("bad-request", err) from None
        self.game = game
        self.state: State = game.new_state()
        self.moves: list[dict[str, Any]] = []  # {seat, move, clock}
        if state is not None:
            self._continue_from(state)
        self.seats = list(seats)
        self.claimed = [s.kind == "computer" for s in seats]
        self.clock = Clock(clock or TimeControl(), game.num_players)
        self.now = now
        self.seed = seed
        self.propose_dead = propose_dead
        self.status = "waiting"
        self.undo_request: dict[str, Any] | None = None  # {seat, accepted: [seats]}
        self.accepted: list[int] = []  # scoring phase: seats that accepted the dead stones
        # Scoring phase with a deferred proposal: not yet in; the chains players toggled
        # meanwhile (their marking of those wins over the proposal when it arrives).
        self.proposal_pending = False
        self.pending_toggles: list[str] = []
        self.resigned: Outcome | None = None  # resignation or timeout (the state has no say)
        # Seats whose player left a 3 or 4 player game -> the time (the server's clock) at
        # which a computer takes the seat unless the player is back. Kept with the match so
        # that a restarted server still replaces them.
        self.leaving: dict[int, float] = {}
        self.created = now()
        self._start_if_ready()

    def _continue_from(self, state: State) -> None:
        """Start from a game in progress: replay its moves to learn who played each."""
        # Undoing a copy to the start keeps set-up positions and handicap stones.
        replay = state.copy()
        history = list(state.history)
        for _ in history:
            replay.undo()
        for move in history:
            seat = replay.to_move
            replay.play(move)
            self.moves.append({"seat": seat, "move": replay.format_move(move), "clock": None})
        self.state = state

    # -- reading -----------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat that may move now (None unless playing)."""
        return self.state.to_move if self.status == "playing" else None

    @property
    def ply(self) -> int:
        """Moves played."""
        return self.state.ply

    def outcome(self) -> Outcome | None:
        """The result once finished: resignation/timeout, or what the rules say."""
        if self.status != "finished":
            return None
        return self.resigned or self.state.outcome()

    def legal_moves(self) -> list[str]:
        """The legal moves in notation of the seat to move (empty unless playing)."""
        if self.status != "playing":
            return []
        return [self.state.format_move(m) for m in self.state.legal_moves()]

    def computer_to_move(self) -> int | None:
        """The seat to move if it is a computer seat (the caller then asks it for a move)."""
        seat = self.to_move
        return seat if seat is not None and self.seats[seat].kind == "computer" else None

    def computer_job(self, seat: int) -> dict[str, Any]:
        """What a worker process needs to choose ``seat``'s move (JSON-ready, picklable)."""
        level = self.seats[seat].level
        return {
            "state": self.state.to_dict(),
            "level": level,
            "seed": (self.seed * 1_000_003 + self.ply) % 2**31,
            "ply": self.ply,
        }

    def open_seats(self) -> list[int]:
        """Person seats nobody has claimed yet."""
        return [i for i, c in enumerate(self.claimed) if not c]

    # -- joining -------------------------------------------------------------------------------
    def seat_to_claim(self, seat: int | None = None) -> int:
        """The open person seat a join takes: ``seat``, or the first open one for None.
        Refused: ``seat-taken`` (or every seat is), ``bad-request`` for no such seat."""
        open_seats = self.open_seats()
        if seat is None:
            if not open_seats:
                raise MatchError(
                    "seat-taken", "every seat of this game is taken", reason="all-taken"
                )
            return open_seats[0]
        self._check_seat(seat)
        if seat not in open_seats:
            side = self.game.seat_names[seat]
            raise MatchError("seat-taken", f"{side}'s seat is taken", {"side": side})
        return seat

    def claim(self, seat: int | None, name: str = "") -> list[Event]:
        """A person takes the open seat ``seat`` (None: the first open one, as
        :meth:`seat_to_claim` finds it); play starts once every seat is taken."""
        seat = self.seat_to_claim(seat)
        name = name.strip()[:MAX_NAME] or self.seats[seat].name or self.game.seat_names[seat]
        self.seats[seat] = SeatSpec(self.seats[seat].kind, self.seats[seat].level, name)
        self.claimed[seat] = True
        events: list[Event] = [{"kind": "joined", "seat": seat, "name": name}]
        self._start_if_ready()
        return events

    def _start_if_ready(self) -> None:
        if self.status == "waiting" and all(self.claimed):
            self.status = "playing"
            self.clock.start(self.state.to_move, self.now())

    # -- playing -------------------------------------------------------------------------------
    def play(self, seat: int, move: str, ply: int | None = None) -> list[Event]:
        """``seat`` plays ``move`` (notation). Refused: not-your-turn, illegal-move, stale, ..."""
        self._check_acting(seat, "playing")
        return self._play(seat, move, ply)

    def play_computer(self, seat: int, move: str) -> list[Event]:
        """The computer seat to move plays ``move`` (what its agent chose)."""
        if self.computer_to_move() != seat:
            raise MatchError(
                "not-your-turn", f"seat {seat} is not a computer seat to move", {"seat": seat}
            )
        return self._play(seat, move, None)

    def _play(self, seat: int, move: str, ply: int | None) -> list[Event]:
        if ply is not None and ply != self.ply:
            raise MatchError(
                "stale",
                f"the game is at ply {self.ply}, not {ply}: reload",
                {"ply": self.ply, "asked": ply},
            )
        to_move = self.state.to_move
        if to_move != seat:
            side = {} if to_move is None else {"side": self.game.seat_names[to_move]}
            raise MatchError("not-your-turn", f"it is {self._who(to_move)}'s turn", side)
        _check_text(move, 32, "move")
        probe = self.state
        try:
            parsed = probe.parse_move(move)
            probe.play(parsed)
        except TabletopError as err:
            # A notation error names no reason of its own: it is "not a move of this game".
            reason = err.reason or "notation"
            params = {"move": move, **err.params}
            raise MatchError("illegal-move", str(err), params, reason=reason) from None
        now = self.now()
        if not self.clock.stop(now):
            self.state.undo()
            return self._timeout(seat)
        text = self.state.format_move(parsed)
        clock = self.clock.remaining(seat, now) if self.clock.enabled else None
        self.moves.append({"seat": seat, "move": text, "clock": clock})
        self.undo_request = None
        events: list[Event] = [{"kind": "move", "seat": seat, "move": text}]
        return events + self._after_move(now)

    def _after_move(self, now: float) -> list[Event]:
        """Start the next clock, or the scoring phase, or finish."""
        state = self.state
        if not state.is_over():
            self.clock.start(state.to_move, now)
            return []
        if self._needs_dead_stone_agreement():
            return self._enter_scoring()
        return self._finish(None)

    @property
    def scoring_phase(self) -> ScoringPhase | None:
        """The game's scoring phase (None: the game is over when play ends)."""
        return scoring_phase(self.game)

    def _phase(self) -> ScoringPhase:
        """The scoring phase of a match in it (only such a match reaches the caller)."""
        phase = self.scoring_phase
        assert phase is not None
        return phase

    def _needs_dead_stone_agreement(self) -> bool:
        phase = self.scoring_phase
        return phase is not None and phase.needed(self.state)

    def _enter_scoring(self) -> list[Event]:
        state = self.state
        phase = self._phase()
        self.clock.start(None, self.now())
        self.status = "scoring"
        self.accepted = [i for i, s in enumerate(self.seats) if s.kind == "computer"]
        self.pending_toggles = []
        if self.propose_dead is None:
            phase.mark(state, [])
            self.proposal_pending = True
            return [{"kind": "scoring", "dead": [], "pending": True}]
        dead = self.propose_dead(state, self.proposal_seed())
        phase.mark(state, dead)
        return [{"kind": "scoring", "dead": phase.marked(state)}]

    def proposal_seed(self) -> int:
        """The estimator's seed for the scoring phase at this ply."""
        return (self.seed + self.ply) % 2**31

    def proposal_job(self) -> dict[str, Any]:
        """What a worker process needs to work out the pending dead-stone proposal
        (JSON-ready, picklable: see tabletop.play.computer.propose)."""
        return {"state": self.state.to_dict(), "seed": self.proposal_seed(), "ply": self.ply}

    def set_proposal(self, dead: Sequence[str], ply: int) -> list[Event]:
        """The deferred dead-stone proposal for the scoring phase at ``ply`` arrives.

        Dropped (no events) unless that phase is still waiting for it. Chains a player
        toggled meanwhile keep the player's marking; acceptances start over."""
        if self.status != "scoring" or not self.proposal_pending or ply != self.ply:
            return []
        state = self.state
        phase = self._phase()
        marked = set(phase.marked(state))
        try:
            phase.mark(state, dead)
            proposed = set(phase.marked(state))
        except TabletopError:
            proposed = set()  # a proposal that does not fit the board: nothing proposed
        for point in self.pending_toggles:
            chain = phase.chain(state, point)
            proposed = proposed | chain if chain <= marked else proposed - chain
        phase.mark(state, sorted(proposed))
        self.proposal_pending = False
        self.pending_toggles = []
        self.accepted = [i for i, s in enumerate(self.seats) if s.kind == "computer"]
        return [{"kind": "proposal", "dead": phase.marked(state)}]

    def _finish(self, resigned: Outcome | None) -> list[Event]:
        self.clock.start(None, self.now())
        self.status = "finished"
        self.resigned = resigned
        self.undo_request = None
        self.proposal_pending = False
        self.pending_toggles = []
        self.leaving.clear()  # nobody is replaced in a finished game
        outcome = self.outcome()
        assert outcome is not None
        return [{"kind": "end", "outcome": outcome_to_dict(self.game, outcome)}]

    def _losing(self, seat: int, reason: str) -> Outcome:
        """Everyone but ``seat`` (and its partners) wins."""
        n = self.game.num_players
        teams = self.game.teams
        losers = [s for s in range(n) if teams[s] == teams[seat]]
        winners = tuple(s for s in range(n) if s not in losers)
        share = 1.0 / len(winners)
        returns = tuple(-1.0 / len(losers) if s in losers else share for s in range(n))
        key = "resigned" if reason == "resignation" else "flagged"
        return Outcome(returns, winners, reason, {key: seat})

    def _timeout(self, seat: int) -> list[Event]:
        events: list[Event] = [{"kind": "timeout", "seat": seat}]
        return events + self._finish(self._losing(seat, "timeout"))

    def check_time(self) -> list[Event]:
        """End the game if the running seat's flag has fallen (the server calls this on time)."""
        if self.status != "playing":
            return []
        seat = self.clock.flagged(self.now())
        if seat is None:
            return []
        self.clock.stop(self.now())
        return self._timeout(seat)

    def give_back(self, seconds: float) -> list[Event]:
        """Give the seat whose clock runs back up to ``seconds`` of its turn so far: time
        the server lost, not the player (a server process died and another took the game
        over: decision record 0169). Never more than the turn has used; nothing when no
        clock runs."""
        seat = self.clock.running
        if self.status != "playing" or seat is None or seconds <= 0:
            return []
        given = min(seconds, max(0.0, self.now() - self.clock.started))
        if given <= 0:
            return []
        self.clock.started += given
        return [{"kind": "clock-back", "seat": seat, "seconds": round(given, 1)}]

    def resign(self, seat: int) -> list[Event]:
        """``seat`` gives up: the game ends and every other side wins."""
        self._check_acting(seat, "playing", "scoring", "waiting")
        events: list[Event] = [{"kind": "resign", "seat": seat}]
        return events + self._finish(self._losing(seat, "resignation"))

    # -- undo --------------------------------------------------------------------------------
    def request_undo(self, seat: int) -> list[Event]:
        """Ask to take back ``seat``'s last move (and what followed it).

        Granted at once when no other person is in the game (undo against the
        computer is free); otherwise every other person seat must accept.
        """
        self._check_acting(seat, "playing")
        self._undo_target(seat)
        if self.undo_request is not None:
            raise MatchError(
                "bad-request",
                "an undo request is already waiting for an answer",
                reason="undo-waiting",
            )
        others = [s for s, spec in enumerate(self.seats) if s != seat and spec.kind == "person"]
        if not others:
            return self._undo(seat)
        self.undo_request = {"seat": seat, "accepted": []}
        return [{"kind": "undo-request", "seat": seat}]

    def answer_undo(self, seat: int, accept: bool) -> list[Event]:
        """Another person's answer to the waiting undo request."""
        self._check_acting(seat, "playing")
        request = self.undo_request
        if request is None or request["seat"] == seat:
            raise MatchError(
                "bad-request", "there is no undo request for you to answer", reason="no-undo"
            )
        if not accept:
            self.undo_request = None
            return [{"kind": "undo-declined", "seat": seat}]
        accepted = sorted({*request["accepted"], seat})
        request["accepted"] = accepted
        others = {
            s for s, spec in enumerate(self.seats) if s != request["seat"] and spec.kind == "person"
        }
        if others <= set(accepted):
            return self._undo(request["seat"])
        return []

    def _undo_target(self, seat: int) -> int:
        """The ply to go back to: just before ``seat``'s last move."""
        for index in range(len(self.moves) - 1, -1, -1):
            if self.moves[index]["seat"] == seat:
                return index
        raise MatchError("bad-request", "you have no move to take back", reason="nothing-to-undo")

    def _undo(self, seat: int) -> list[Event]:
        target = self._undo_target(seat)
        plies = self.ply - target
        for _ in range(plies):
            self.state.undo()
            self.moves.pop()
        self.undo_request = None
        now = self.now()
        self.clock.stop(now)  # the time spent so far stays spent
        self.clock.start(self.state.to_move, now)
        return [{"kind": "undo", "plies": plies}]

    # -- the scoring phase: dead stones -----------------------------------------------------------
    def toggle_dead(self, seat: int, point: str) -> list[Event]:
        """Mark the chain through ``point`` dead or alive again; acceptances start over."""
        self._check_acting(seat, "scoring")
        phase = self._phase()
        _check_text(point, 8, "point")
        try:
            first = phase.toggle(self.state, point)
        except TabletopError as err:
            raise MatchError.of("illegal-move", err, move=point) from None
        self.accepted = [i for i, s in enumerate(self.seats) if s.kind == "computer"]
        if self.proposal_pending:
            self.pending_toggles.append(first)
        return [{"kind": "dead-toggle", "seat": seat, "point": first}]

    def accept_dead(self, seat: int) -> list[Event]:
        """``seat`` agrees with the dead stones as marked; when all agree the game is scored."""
        self._check_acting(seat, "scoring")
        if seat in self.accepted:
            raise MatchError("bad-request", "you have already accepted", reason="accepted")
        if self.proposal_pending:
            raise MatchError(
                "scoring",
                "the dead stones are still being worked out: accept once proposed",
                reason="proposing",
            )
        self.accepted = sorted({*self.accepted, seat})
        events: list[Event] = [{"kind": "dead-accept", "seat": seat}]
        if len(self.accepted) == len(self.seats):
            events += self._finish(None)
        return events

    def resume(self, seat: int) -> list[Event]:
        """Disagreement: play on (two new passes end it again)."""
        self._check_acting(seat, "scoring")
        self._phase().resume(self.state)
        self.status = "playing"
        self.accepted = []
        self.proposal_pending = False
        self.pending_toggles = []
        self.clock.start(self.state.to_move, self.now())
        return [{"kind": "resume"}]

    # -- people leaving -------------------------------------------------------------------------
    def replaces_leavers(self) -> bool:
        """Whether a person who leaves now is replaced by a computer after a grace period."""
        return self.game.num_players >= 3 and self.status in ("playing", "waiting")

    def may_replace_people(self) -> bool:
        """Whether a computer may yet take a person's seat here on its own: a leaver's
        deadline runs, or a person holds a seat of a match that replaces leavers (a
        restarted server has no connections, so such a person counts as left)."""
        people = any(
            s.kind == "person" and c for s, c in zip(self.seats, self.claimed, strict=True)
        )
        return bool(self.leaving) or (self.replaces_leavers() and people)

    def leave(self, seat: int, deadline: float) -> list[Event]:
        """The person of ``seat`` left (their last connection closed). When the match
        replaces leavers, a computer takes the seat at ``deadline`` unless they return
        (a deadline already running is kept)."""
        self._check_seat(seat)
        if self.seats[seat].kind == "person" and self.replaces_leavers():
            self.leaving.setdefault(seat, deadline)
        return [{"kind": "left", "seat": seat}]

    def come_back(self, seat: int) -> list[Event]:
        """The person of ``seat`` who left is connected again: no computer takes the seat."""
        self._check_seat(seat)
        self.leaving.pop(seat, None)
        return [{"kind": "joined", "seat": seat, "name": self.seats[seat].name}]

    def replace(self, seat: int, level: int) -> list[Event]:
        """A person who left a 3 or 4 player game is replaced by a computer at ``level``."""
        self._check_seat(seat)
        if self.game.num_players < 3 or self.status not in ("playing", "waiting"):
            raise MatchError(
                "bad-request", "only 3 and 4 player games replace a player", reason="no-replace"
            )
        if self.seats[seat].kind != "person":
            raise MatchError(
                "bad-request", f"seat {seat} is not a person", {"seat": seat}, reason="not-person"
            )
        if sum(s.kind == "person" for s in self.seats) == 1:
            raise MatchError(
                "bad-request", "the last person in a game is not replaced", reason="last-person"
            )
        name = f"{self.seats[seat].name} (computer)"
        self.seats[seat] = SeatSpec("computer", level, name)
        self.claimed[seat] = True
        self.leaving.pop(seat, None)
        if self.undo_request is not None:
            self.undo_request = None
        self._start_if_ready()
        return [{"kind": "replaced", "seat": seat, "level": level}]

    # -- checks ----------------------------------------------------------------------------------
    def _who(self, seat: int | None) -> str:
        """A seat as a player reads it: its colour (the game's seat name) and its player."""
        if seat is None:
            return "nobody"
        colour = self.game.seat_names[seat]
        name = self.seats[seat].name
        return f"{colour} ({name})" if name and name != colour else colour

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise MatchError(
                "bad-request",
                f"seat {seat!r}: seats are 0..{len(self.seats) - 1}",
                {"seat": str(seat)[:8], "last": len(self.seats) - 1},
                reason="no-seat",
            )

    def _check_acting(self, seat: int, *statuses: str) -> None:
        self._check_seat(seat)
        if self.status == "finished":
            raise MatchError("game-over", "the game is over")
        if self.status not in statuses:
            if self.status == "waiting":
                raise MatchError("waiting", "the game starts once every seat is taken")
            if self.status == "scoring":
                raise MatchError("scoring", "play has ended: mark dead stones, accept, or resume")
            raise MatchError(
                "bad-request", "that is only possible in the scoring phase", reason="not-scoring"
            )
        if self.seats[seat].kind != "person":
            side = self.game.seat_names[seat]
            raise MatchError("computer-seat", f"{side} is played by the computer", {"side": side})

    # -- records ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue this match after a restart (JSON-ready)."""
        resigned = self.resigned
        return {
            "version": 1,
            "game": self.game.name,
            "options": dict(self.game.options),
            "seats": [
                {"kind": s.kind, "level": s.level, "name": s.name, "claimed": c}
                for s, c in zip(self.seats, self.claimed, strict=True)
            ],
            "clock": self.clock.to_dict(),
            "state": self.state.to_dict(),
            "moves": self.moves,
            "status": self.status,
            "undo_request": self.undo_request,
            "accepted": self.accepted,
            "resigned": None if resigned is None else outcome_to_dict(self.game, resigned),
            "seed": self.seed,
            "created": self.created,
            "leaving": {str(seat): deadline for seat, deadline in sorted(self.leaving.items())},
            "proposal_pending": self.proposal_pending,
            "pending_toggles": list(self.pending_toggles),
        }

    @classmethod
    def from_dict(
        cls,
        data: dict[str, Any],
        *,
        now: Callable[[], float] = time.time,
        propose_dead: Callable[[State, int], list[str]] | None = default_dead_proposal,
    ) -> Match:
        """The match :meth:`to_dict` described, clocks continuing from the stored times."""
        game = load_game(data["game"], **data["options"])
        match = object.__new__(cls)
        match.game = game
        match.state = type(game.new_state()).from_dict(data["state"])
        match.seats = [SeatSpec(s["kind"], s["level"], s["name"]) for s in data["seats"]]
        match.claimed = [bool(s["claimed"]) for s in data["seats"]]
        match.clock = Clock.from_dict(data["clock"])
        match.now = now
        match.seed = int(data["seed"])
        match.propose_dead = propose_dead
        match.status = data["status"]
        match.moves = list(data["moves"])
        match.undo_request = data["undo_request"]
        match.accepted = list(data["accepted"])
        match.resigned = None if data["resigned"] is None else Outcome.from_dict(data["resigned"])
        match.created = float(data["created"])
        # Matches stored before leavers' deadlines were kept have none.
        match.leaving = {int(s): float(t) for s, t in data.get("leaving", {}).items()}
        # Matches stored before the proposal could be deferred never wait for one.
        match.proposal_pending = bool(data.get("proposal_pending", False))
        match.pending_toggles = [str(p) for p in data.get("pending_toggles", [])]
        return match
