"""Monte Carlo tree search (PUCT with priors) with max-n returns, over the core contract.

Each node keeps the visit count and the sum of returns *per seat*; a seat
choosing among its children maximises its own mean return plus an
exploration term (max-n), so the same search serves 2, 3 and 4 players and
teams (team-mates simply share returns). The tree is walked by play() and
undo() on one state; leaves are valued by the game's rollout policy on a
copy, by its static evaluation, or by the outcome when the game is over.
The tree is kept between moves: when the next position extends the old
root's line, the matching subtree becomes the new root.

A position that already stood on the board, or earlier on the line from the
root, is a leaf valued as a draw and never grown (ai/repetition.py, decision
0051): without it a side far ahead in Quoridor shuffled its pawn until the
ply cap. Whether a node repeats depends only on its line, which a kept
subtree's line extends, so reusing the tree keeps the values consistent.

Selection is PUCT (AlphaZero's rule): ``Q + c * P * sqrt(N) / (1 + n)``,
with P the child's prior. A child not yet visited counts with the parent's
mean minus ``fpu`` (first-play urgency), so the search widens progressively,
trying moves in order of prior, instead of expanding every child once
before looking at any twice (plain UCT's rule, which with 60-130 moves a
position and a few hundred iterations plays close to randomly). Without a
prior every move gets the same weight, in a random order.

Game knowledge comes in as plain callables found by ``tabletop.ai.knowledge``:
``rollout(state, rng)`` (usually a numba playout; it values the position and
leaves the state as it found it, so the search need not copy it), optionally
``prior(state)`` (weights over ``state.legal_actions()``) and ``evaluate``
(used instead of the rollout when ``leaf="evaluate"``); without any,
``random_rollout`` plays uniformly random moves through the State API.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import numpy as np

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.ai.repetition import positions_and_start
from tabletop.ai.values import search_values
from tabletop.core.errors import TabletopError
from tabletop.core.game import Move, State

Returns = tuple[float, ...]
Rollout = Callable[[State, random.Random], Returns]
Prior = Callable[[State], Sequence[float] | np.ndarray]
Evaluate = Callable[[State], Returns]

#: Plies a generic random rollout plays before calling the position even.
ROLLOUT_PLIES = 200


def random_rollout(state: State, rng: random.Random) -> Returns:
    """Play random legal moves on a copy to the end (or ROLLOUT_PLIES); the returns, zero
    if unfinished."""
    state = state.copy()
    for _ in range(ROLLOUT_PLIES):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions().tolist()))
    outcome = state.outcome()
    if outcome is None:
        return (0.0,) * state.game.num_players
    return search_values(outcome)


class Node:
    """One position in the tree, reached by ``action`` (chosen by the parent's ``to_move``).

    ``actions`` and ``priors`` (best prior first) are filled on the first
    visit; ``children`` are the first ``len(children)`` of them, created as
    the search first tries each. A node knows no parent (an iteration keeps
    its path): without parent links the tree has no reference cycles, so a
    subtree left behind is freed at once, not by the cyclic garbage collector.
    """

    __slots__ = (
        "action",
        "actions",
        "children",
        "priors",
        "to_move",
        "totals",
        "visits",
    )

    def __init__(self, action: int, players: int) -> None:
        self.action = action
        self.visits = 0
        self.totals = [0.0] * players
        self.children: list[Node] = []
        self.actions: list[int] | None = None
        self.priors: list[float] = []
        self.to_move = -1  # the seat choosing among the children, once expanded

    def mean(self, seat: int) -> float:
        """Mean return for ``seat`` over the visits (0 when unvisited)."""
        return self.totals[seat] / self.visits if self.visits else 0.0


class MCTSAgent(Agent):
    """PUCT with max-n backups; ``exploration`` is c on returns in [-1, 1].

    ``fpu`` is how much worse than its parent an unvisited move is assumed to
    be; ``leaf`` is ``"rollout"`` (the game's playout) or ``"evaluate"`` (the
    static evaluation, which needs ``evaluate``).
    """

    name = "mcts"

    def __init__(
        self,
        rollout: Rollout | None = None,
        exploration: float = 1.4,
        seed: int | None = None,
        prior: Prior | None = None,
        evaluate: Evaluate | None = None,
        leaf: str = "rollout",
        fpu: float = 0.2,
    ) -> None:
        super().__init__()
        if leaf not in ("rollout", "evaluate"):
            raise TabletopError(f"leaf={leaf!r}: expected 'rollout' or 'evaluate'")
        if leaf == "evaluate" and evaluate is None:
            raise TabletopError("leaf='evaluate' needs an evaluation function")
        self.rollout = rollout or random_rollout
        self.exploration = exploration
        self.prior = prior
        self.evaluate = evaluate
        self.leaf = leaf
        self.fpu = fpu
        self.rng = random.Random(seed)
        self._ties = np.random.default_rng(self.rng.getrandbits(64))
        self._root: Node | None = None
        self._root_line: list[Move] = []
        self._root_start: tuple[str, int] | None = None
        self._seen: set[int] = set()  # the game's positions so far (Zobrist keys)

    # -- tree reuse ---------------------------------------------------------------------
    def _root_for(self, state: State, start: tuple[str, int]) -> Node:
        """The kept subtree for ``state`` when it continues the old root's line, else a new one."""
        history = list(state.history)
        n = len(self._root_line)
        same = history[:n] == self._root_line and start == self._root_start
        node = self._root if same else None
        for move in history[n:]:
            if node is None:
                break
            action = state.move_to_action(move)
            node = next((c for c in node.children if c.action == action), None)
        if node is None:
            node = Node(-1, state.game.num_players)
        self._root, self._root_line, self._root_start = node, history, start
        return node

    # -- the search ---------------------------------------------------------------------
    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        # The clock starts first: finding the kept subtree and the game's positions is part
        # of the move's time (a process's first move also loads the compiled kernels here).
        deadline = self._deadline(budget)
        self._seen, start = positions_and_start(state)
        root = self._root_for(state, start)
        work = state.copy()
        while not deadline.expired():
            self._iterate(root, work)
            deadline.iterations += 1
        return self._report(root, state, deadline.iterations, deadline.elapsed)

    def _expand(self, node: Node, state: State) -> None:
        """Fill the node's moves, best prior first (random order among equal priors)."""
        if state.is_over():
            node.actions = []
            return
        seat = state.to_move
        assert seat is not None
        node.to_move = seat
        legal = state.legal_actions()
        n = len(legal)
        if self.prior is None:
            actions: list[int] = legal.tolist()
            self.rng.shuffle(actions)
            node.actions = actions
            node.priors = [1.0 / n] * n
            return
        weights = np.maximum(np.asarray(self.prior(state), dtype=np.float64), 0.0)
        total = float(weights.sum())
        if weights.shape != (n,) or not total > 0:
            weights, total = np.ones(n), float(n)
        # Best prior first; a random tie-break keeps equal priors from always favouring
        # low action numbers (lexsort's last key is the primary one).
        order = np.lexsort((self._ties.random(n), -weights))
        node.actions = legal[order].tolist()
        node.priors = (weights[order] / total).tolist()

    def _iterate(self, root: Node, state: State) -> None:
        node, path = root, [root]
        seen, line = self._seen, set()
        repeated = False
        while True:
            if node.actions is None:
                if node.visits == 0 and node is not root:
                    break  # a new leaf: value it before growing it
                self._expand(node, state)
            if not node.actions:
                break
            node = self._select(node)
            state.play(node.action)
            path.append(node)
            key = state.zobrist
            if (key in seen or key in line) and not state.is_over():
                # A draw, whatever the position is worth; a finished game keeps its
                # outcome (Go's second pass repeats the position before the first).
                repeated = True
                break
            line.add(key)
            if node.visits == 0:
                break
        # Evaluation.
        outcome = None if repeated else state.outcome()
        if repeated:
            returns: Sequence[float] = (0.0,) * len(node.totals)
        elif outcome is not None:
            returns = search_values(outcome)
        elif self.leaf == "evaluate":
            assert self.evaluate is not None
            returns = self.evaluate(state)
        else:
            returns = self.rollout(state, self.rng)
        # Backup, and walk the state back to the root.
        for walk in reversed(path):
            walk.visits += 1
            for s, r in enumerate(returns):
                walk.totals[s] += r
        for _ in range(len(path) - 1):
            state.undo()

    def _select(self, node: Node) -> Node:
        """The child maximising PUCT for the seat to move; creates it on its first try."""
        seat = node.to_move
        assert node.actions is not None
        c = self.exploration * math.sqrt(node.visits)
        priors = node.priors
        best: Node | None = None
        best_score = -math.inf
        # The hot loop of the search: locals only (every child has been visited; the
        # priors run on past the children to the moves not yet tried).
        for ch, prior in zip(node.children, priors, strict=False):
            visits = ch.visits
            score = ch.totals[seat] / visits + c * prior / (1 + visits)
            if score > best_score:
                best, best_score = ch, score
        n = len(node.children)
        if n < len(node.actions):
            # Unvisited moves all share the urgency value; the highest prior among them is next.
            urgency = (node.mean(seat) if node.visits else 0.0) - self.fpu
            if urgency + c * priors[n] > best_score or best is None:
                best = Node(node.actions[n], len(node.totals))
                node.children.append(best)
        assert best is not None
        return best

    def _report(self, root: Node, state: State, iterations: int, seconds: float) -> Analysis:
        players = state.game.num_players
        seat = state.to_move
        assert seat is not None
        visited = [ch for ch in root.children if ch.visits > 0]
        if not visited:  # a single iteration that ended at the root: take the best prior
            assert root.actions
            visited = [Node(root.actions[0], players)]
        ranked = sorted(visited, key=lambda ch: (ch.visits, ch.mean(seat)), reverse=True)
        total = sum(ch.visits for ch in ranked) or 1
        moves = [
            MoveStat(state.action_to_move(ch.action), ch.visits, ch.visits / total, ch.mean(seat))
            for ch in ranked
        ]
        line: list[Move] = []
        walk = state.copy()
        node = root
        while node.children:
            node = max(node.children, key=lambda ch: ch.visits)
            if node.visits == 0:
                break
            line.append(walk.action_to_move(node.action))
            walk.play(node.action)
        values = tuple(root.mean(s) for s in range(players))
        return Analysis(values, moves, line, iterations, seconds)
