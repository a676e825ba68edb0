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

With 3-4 players ``multiplayer`` picks the opponent model: ``"paranoid"``
(above) or ``"maxn"``, where every seat picks the move best for itself by
the evaluation, values are vectors and there is no pruning, so the same
work reaches less deep. Paranoid is safe against a coalition; max-n expects
opponents that race for themselves. In 4-player Quoridor paranoid wanders
(it fears three walls at once and will not advance); max-n races, but the
levels there use MCTS, which measured better (docs/decisions/0050).

A position that already stood on the board earlier in the game, or earlier on
the line being searched, is valued as a draw: none of these games has a
repetition rule, but without this a side that is ahead and fears a wall
shuffles its pawn back and forth for ever (Quoridor's middle levels drew games
at the ply cap that way; measured: docs/strength.md, "Figures quoted in the
code"), whereas now the side ahead must make progress and only the side behind
is glad to repeat (docs/decisions/0051).
The check is made where the search goes on; a position at the search's
horizon keeps its evaluation.

``noise`` > 0 adds to every evaluation v a pseudo-random amount in
[-noise, noise] * (1 - |v|) keyed by the position's Zobrist key and a salt
drawn per game: the same position always gets the same value (the table stays
consistent), but games differ, and weak levels err plausibly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.ai.repetition import earlier_positions
from tabletop.ai.values import search_values
from tabletop.core.errors import TabletopError
from tabletop.core.game import Move, State

Evaluate = Callable[[State], tuple[float, ...]]
Candidates = Callable[[State], list[int]]

EXACT, LOWER, UPPER = 0, 1, 2
#: The opponent models for 3-4 players.
MULTIPLAYER = ("paranoid", "maxn")
#: Nodes of work between two looks at the clock and the stop request.
CHECK_EVERY = 256
WIN = 1.0
#: The value of a repeated position, for every seat.
DRAW = 0.0
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
        multiplayer: str = "paranoid",
    ):
        super().__init__()
        if multiplayer not in MULTIPLAYER:
            raise TabletopError(f"multiplayer={multiplayer!r}: expected one of {MULTIPLAYER}")
        self.multiplayer = multiplayer
        self.evaluate = evaluate
        self.candidates = candidates
        self.max_depth = max_depth
        self.table_size = table_size
        self.noise = noise
        self.table: dict[int, _Entry] = {}
        self._vectors: dict[int, tuple[float, ...]] = {}  # max-n: values per seat by key
        self._partial: dict[int, float] = {}
        self.rng = random.Random(seed)
        self._salt = self.rng.getrandbits(64)
        self._last_ply = -1
        self._seen: set[int] = set()  # positions of the game and of the line searched

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        deadline = self._deadline(budget)
        work = state.copy()
        root_seat = state.to_move
        assert root_seat is not None
        teams = state.game.teams
        self._friends = {s for s in range(len(teams)) if teams[s] == teams[root_seat]}
        self._root_seat = root_seat
        self._maxn = self.multiplayer == "maxn" and len(set(teams)) > 2
        self._deadline_ = deadline
        self._next_check = self._check_after(0)
        if state.ply <= self._last_ply or len(self.table) > self.table_size:
            # A new game (or a take-back): fresh noise, and the old table is clutter.
            self.table.clear()
            self._vectors.clear()
            self._salt = self.rng.getrandbits(64)
        self._last_ply = state.ply
        self._seen = earlier_positions(state)
        scores: dict[int, float] = {}
        depth_done = 0
        first: int | None = None
        for depth in range(1, self.max_depth + 1):
            try:
                scores = self._root(work, depth)
            except _OutOfTime:
                first = self._unfinished_best(scores)
                break
            depth_done = depth
            if deadline.expired() or max(scores.values()) >= WIN:
                break
        if not scores:  # not even depth 1 finished: order by the static evaluation
            scores = self._static_scores(work)
        ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
        if first is not None and first != ranked[0][0]:
            ranked.remove((first, scores[first]))
            ranked.insert(0, (first, scores[first]))
        moves = [
            MoveStat(state.action_to_move(a), 0, 1.0 if i == 0 else 0.0, v)
            for i, (a, v) in enumerate(ranked)
        ]
        line = self._principal_line(state.copy(), ranked[0][0])
        best = ranked[0][1]
        values = tuple(best if s in self._friends else -best for s in range(len(teams)))
        if self._maxn:  # every seat's own value after the best move, as the search saw it
            after = state.copy()
            after.play(ranked[0][0])
            values = self._vectors.get(after.zobrist) or self._values(after)
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
        """The root seat's value of ``state`` (see _values)."""
        outcome = state.outcome()
        if outcome is not None:
            return search_values(outcome)[self._root_seat]
        return self._noisy(state.zobrist, self._root_seat, self.evaluate(state)[self._root_seat])

    def _values(self, state: State) -> tuple[float, ...]:
        """Every seat's value of ``state``: the outcome when over, else the noisy evaluation."""
        outcome = state.outcome()
        if outcome is not None:
            return search_values(outcome)
        key = state.zobrist  # read once, not once per seat
        return tuple(self._noisy(key, s, v) for s, v in enumerate(self.evaluate(state)))

    def _noisy(self, key: int, seat: int, value: float) -> float:
        """``value`` of ``seat`` in the position with Zobrist ``key``, plus its noise."""
        if self.noise <= 0:
            return value
        h = (((key ^ self._salt) + seat * _GOLDEN) * _GOLDEN) & _MASK
        # Scaled by the distance to +-1: where the evaluation saturates (a race won by
        # twenty steps) its small differences still decide, not the noise; and noise
        # never makes a position look won or lost, only outcomes are.
        return value + self.noise * (1.0 - abs(value)) * (2.0 * (h >> 11) * _UNIT - 1.0)

    def _ordered(self, state: State, key: int, depth: int = 1) -> list[int]:
        actions: list[int]
        if self.candidates is not None:
            actions = self.candidates(state)
        else:
            actions = state.legal_actions().tolist()
        if depth >= 2 and len(actions) > 1:
            # Worth a static look at every child: the subtrees below are far bigger.
            mover = state.to_move
            assert mover is not None
            sign = 1.0 if mover in self._friends else -1.0
            scored = []
            for action in actions:
                state.play(action)
                if self._maxn:  # each seat orders by its own value
                    scored.append((self._values(state)[mover], action))
                else:
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

    def _unfinished_best(self, scores: dict[int, float]) -> int | None:
        """The move to play when the budget ran out inside a depth, or None for the last
        finished depth's best. The unfinished depth searched that move first; a move it
        then found better (at the deeper depth) is better, so a budget between two depths
        still buys something. ``scores`` takes the deeper values of the moves finished."""
        partial = self._partial
        if len(partial) < 2 or not scores:
            return None
        scores.update(partial)
        return max(partial, key=lambda a: partial[a])

    def _root(self, state: State, depth: int) -> dict[int, float]:
        scores: dict[int, float] = {}
        self._partial = scores
        alpha = -2.0
        key = state.zobrist
        best_action = -1
        for action in self._ordered(state, key, depth):
            state.play(action)
            try:
                if self._maxn:
                    value = self._search_maxn(state, depth - 1)[self._root_seat]
                else:
                    value = self._search(state, depth - 1, alpha, 2.0)
            finally:
                state.undo()
            scores[action] = value
            if value > alpha:
                alpha, best_action = value, action
        self.table[key] = _Entry(depth, alpha, EXACT, best_action)
        return scores

    def _check_after(self, iterations: int) -> int:
        """The node count of the next look at the clock: CHECK_EVERY on, or sooner where
        the node budget ends (a level's budget of 20 nodes is 20, not 256)."""
        later = iterations + CHECK_EVERY
        cap = self._deadline_.budget.playouts
        return later if cap is None else min(later, cap)

    def _count_node(self) -> None:
        """One more node; every CHECK_EVERY nodes of work, _OutOfTime if the budget is spent.

        Not "iterations % N == 0": move ordering adds many nodes at once and would
        jump over the multiples, and moves overran their time (measured: docs/strength.md,
        "Figures quoted in the code")."""
        deadline = self._deadline_
        deadline.iterations += 1
        if deadline.iterations >= self._next_check:
            self._next_check = self._check_after(deadline.iterations)
            if deadline.expired():
                raise _OutOfTime

    def _search(self, state: State, depth: int, alpha: float, beta: float) -> float:
        self._count_node()
        if depth <= 0 or state.is_over():
            return self._value(state)
        key = state.zobrist
        if key in self._seen:  # a repetition: worth a draw (module docstring)
            return DRAW
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
        # On the line below this node. No try/finally: _OutOfTime abandons the whole
        # search, and analyze() starts the next one with a fresh set.
        self._seen.add(key)
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
        self._seen.discard(key)
        if best <= start_alpha:
            flag = UPPER
        elif best >= start_beta:
            flag = LOWER
        else:
            flag = EXACT
        self.table[key] = _Entry(depth, best, flag, best_action)
        return best

    def _search_maxn(self, state: State, depth: int) -> tuple[float, ...]:
        """Max-n: the values per seat when every seat maximises its own (no pruning)."""
        self._count_node()
        if depth <= 0 or state.is_over():
            return self._values(state)
        key = state.zobrist
        if key in self._seen:
            return (DRAW,) * state.game.num_players
        entry = self.table.get(key)
        if entry is not None and entry.depth >= depth and key in self._vectors:
            return self._vectors[key]
        seat = state.to_move
        assert seat is not None
        best: tuple[float, ...] | None = None
        best_action = -1
        self._seen.add(key)  # as in _search
        for action in self._ordered(state, key, depth):
            state.play(action)
            try:
                values = self._search_maxn(state, depth - 1)
            finally:
                state.undo()
            if best is None or values[seat] > best[seat]:
                best, best_action = values, action
        self._seen.discard(key)
        assert best is not None
        self.table[key] = _Entry(depth, best[seat], EXACT, best_action)
        self._vectors[key] = best
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
