"""Alpha-beta search: iterative deepening, a transposition table, move ordering, paranoid.

Values are the evaluation of one seat, the root's: the root's side (its
team-mates too, with 4-player teams) maximises, every other seat minimises
(the "paranoid" assumption, which with two players is plain minimax). Each
depth is searched completely before the next begins; when the budget runs
out mid-depth the best move of the last finished depth is played, searched
first at the next depth thanks to the table.

Game knowledge comes in as ``evaluate``: a callable state -> value per seat
in [-1, 1], from ``games/<name>/evaluation.py``, and optionally
``candidates``: state -> the actions worth searching, best first (it may
leave out moves that cannot matter, e.g. Quoridor walls far from every
path). Moves are searched in the order: the table's best move, then the
candidates' order; where two or more plies remain, by the static
evaluation of the position each move leads to.

``noise`` > 0 adds to every evaluation a pseudo-random amount in
[-noise, noise] keyed by the position's Zobrist key and a salt drawn per
game: the same position always gets the same value (the table stays
consistent), but games differ, and weak levels err plausibly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.core.errors import TabletopError
from tabletop.core.game import Move, State

Evaluate = Callable[[State], tuple[float, ...]]
Candidates = Callable[[State], list[int]]

EXACT, LOWER, UPPER = 0, 1, 2
WIN = 1.0
NOT_WON = 0.999
#: Multiplier of the noise hash (the 64-bit golden ratio), and 2**-53 for a float in [0, 1).
_GOLDEN = 0x9E37_79B9_7F4A_7C15
_MASK = (1 << 64) - 1
_UNIT = 1.0 / (1 << 53)


class _OutOfTime(Exception):
    """Raised inside the search when the budget is spent; the depth is abandoned."""


@dataclass
class _Entry:
    depth: int
    value: float
    flag: int
    best: int


class AlphaBetaAgent(Agent):
    """Iterative-deepening alpha-beta over the State contract."""

    name = "alphabeta"

    def __init__(
        self,
        evaluate: Evaluate,
        max_depth: int = 64,
        table_size: int = 1_000_000,
        candidates: Candidates | None = None,
        noise: float = 0.0,
        seed: int | None = None,
    ):
        super().__init__()
        self.evaluate = evaluate
        self.candidates = candidates
        self.max_depth = max_depth
        self.table_size = table_size
        self.noise = noise
        self.table: dict[int, _Entry] = {}
        self.rng = random.Random(seed)
        self._salt = self.rng.getrandbits(64)
        self._last_ply = -1

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        deadline = self._deadline(budget)
        work = state.copy()
        root_seat = state.to_move
        assert root_seat is not None
        teams = tuple(getattr(state.game, "teams", range(state.game.num_players)))
        self._friends = {s for s in range(len(teams)) if teams[s] == teams[root_seat]}
        self._root_seat = root_seat
        self._deadline_ = deadline
        if state.ply <= self._last_ply or len(self.table) > self.table_size:
            # A new game (or a take-back): fresh noise, and the old table is clutter.
            self.table.clear()
            self._salt = self.rng.getrandbits(64)
        self._last_ply = state.ply
        scores: dict[int, float] = {}
        depth_done = 0
        for depth in range(1, self.max_depth + 1):
            try:
                scores = self._root(work, depth)
            except _OutOfTime:
                break
            depth_done = depth
            if deadline.expired() or max(scores.values()) >= WIN:
                break
        if not scores:  # not even depth 1 finished: order by the static evaluation
            scores = self._static_scores(work)
        ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
        moves = [
            MoveStat(state.action_to_move(a), 0, 1.0 if i == 0 else 0.0, v)
            for i, (a, v) in enumerate(ranked)
        ]
        line = self._principal_line(state.copy(), ranked[0][0])
        best = ranked[0][1]
        values = tuple(best if s in self._friends else -best for s in range(len(teams)))
        return Analysis(
            values,
            moves,
            line,
            iterations=deadline.iterations,
            seconds=deadline.elapsed,
            detail={"depth": depth_done},
        )

    # -- search -------------------------------------------------------------------------
    def _value(self, state: State) -> float:
        outcome = state.outcome()
        if outcome is not None:
            return outcome.returns[self._root_seat]
        value = self.evaluate(state)[self._root_seat]
        if self.noise > 0:
            h = ((state.zobrist ^ self._salt) * _GOLDEN) & _MASK
            value += self.noise * (2.0 * (h >> 11) * _UNIT - 1.0)
            # Noise never makes a position look won or lost: only outcomes are.
            value = max(-NOT_WON, min(NOT_WON, value))
        return value

    def _ordered(self, state: State, key: int, depth: int = 1) -> list[int]:
        actions: list[int]
        if self.candidates is not None:
            actions = self.candidates(state)
        else:
            actions = state.legal_actions().tolist()
        if depth >= 2 and len(actions) > 1:
            # Worth a static look at every child: the subtrees below are far bigger.
            sign = 1.0 if state.to_move in self._friends else -1.0
            scored = []
            for action in actions:
                state.play(action)
                scored.append((sign * self._value(state), action))
                state.undo()
            self._deadline_.iterations += len(actions)  # each look is a node of work
            scored.sort(key=lambda sa: sa[0], reverse=True)
            actions = [a for _, a in scored]
        entry = self.table.get(key)
        if entry is not None and entry.best in actions:
            actions.remove(entry.best)
            actions.insert(0, entry.best)
        return actions

    def _root(self, state: State, depth: int) -> dict[int, float]:
        scores: dict[int, float] = {}
        alpha = -2.0
        key = state.zobrist
        best_action = -1
        for action in self._ordered(state, key, depth):
            state.play(action)
            try:
                value = self._search(state, depth - 1, alpha, 2.0)
            finally:
                state.undo()
            scores[action] = value
            if value > alpha:
                alpha, best_action = value, action
        self.table[key] = _Entry(depth, alpha, EXACT, best_action)
        return scores

    def _search(self, state: State, depth: int, alpha: float, beta: float) -> float:
        deadline = self._deadline_
        deadline.iterations += 1
        if deadline.iterations % 256 == 0 and deadline.expired():
            raise _OutOfTime
        if depth <= 0 or state.is_over():
            return self._value(state)
        key = state.zobrist
        entry = self.table.get(key)
        if entry is not None and entry.depth >= depth:
            if entry.flag == EXACT:
                return entry.value
            if entry.flag == LOWER:
                alpha = max(alpha, entry.value)
            else:
                beta = min(beta, entry.value)
            if alpha >= beta:
                return entry.value
        seat = state.to_move
        maximising = seat in self._friends
        start_alpha, start_beta = alpha, beta
        best = -2.0 if maximising else 2.0
        best_action = -1
        for action in self._ordered(state, key, depth):
            state.play(action)
            try:
                value = self._search(state, depth - 1, alpha, beta)
            finally:
                state.undo()
            if maximising:
                if value > best:
                    best, best_action = value, action
                alpha = max(alpha, value)
            else:
                if value < best:
                    best, best_action = value, action
                beta = min(beta, value)
            if alpha >= beta:
                break
        if best <= start_alpha:
            flag = UPPER
        elif best >= start_beta:
            flag = LOWER
        else:
            flag = EXACT
        self.table[key] = _Entry(depth, best, flag, best_action)
        return best

    def _static_scores(self, state: State) -> dict[int, float]:
        scores = {}
        for action in state.legal_actions().tolist():
            state.play(action)
            scores[action] = self._value(state)
            state.undo()
        return scores

    def _principal_line(self, state: State, first: int) -> list[Move]:
        line = [state.action_to_move(first)]
        state.play(first)
        seen = {state.zobrist}
        while not state.is_over() and len(line) < 32:
            entry = self.table.get(state.zobrist)
            if entry is None or entry.best not in state.legal_actions().tolist():
                break
            line.append(state.action_to_move(entry.best))
            state.play(entry.best)
            if state.zobrist in seen:
                break
            seen.add(state.zobrist)
        return line
