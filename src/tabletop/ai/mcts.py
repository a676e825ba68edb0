"""Monte Carlo tree search (UCT) with max-n returns, over the core contract.

Each node keeps the visit count and the sum of returns *per seat*; a seat
choosing among its children maximises its own mean return plus the UCB
exploration term (max-n), so the same search serves 2, 3 and 4 players and
teams (team-mates simply share returns). The tree is walked by play() and
undo() on one state; leaves are valued by the game's rollout policy on a
copy, or by the outcome when the game is over. The tree is kept between
moves: when the next position extends the old root's line, the matching
subtree becomes the new root.

Game knowledge comes in as ``rollout``: a callable (state, rng) -> returns
per seat, usually a numba playout from ``games/<name>/ai.py``; without one,
``random_rollout`` plays uniformly random moves through the State API (slow,
but correct for any game).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.core.errors import TabletopError
from tabletop.core.game import Move, State

Returns = tuple[float, ...]
Rollout = Callable[[State, random.Random], Returns]

#: Plies a generic random rollout plays before calling the position even.
ROLLOUT_PLIES = 200


def random_rollout(state: State, rng: random.Random) -> Returns:
    """Play random legal moves to the end (or ROLLOUT_PLIES); the returns, zero if unfinished."""
    for _ in range(ROLLOUT_PLIES):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions().tolist()))
    outcome = state.outcome()
    if outcome is None:
        return (0.0,) * state.game.num_players
    return outcome.returns


class Node:
    """One position in the tree, reached by ``action`` chosen by ``seat``."""

    __slots__ = ("action", "children", "parent", "seat", "totals", "untried", "visits")

    def __init__(self, parent: Node | None, action: int, seat: int, players: int) -> None:
        self.parent = parent
        self.action = action
        self.seat = seat
        self.visits = 0
        self.totals = [0.0] * players
        self.children: list[Node] = []
        self.untried: list[int] | None = None  # filled on the first visit

    def mean(self, seat: int) -> float:
        """Mean return for ``seat`` over the visits (0 when unvisited)."""
        return self.totals[seat] / self.visits if self.visits else 0.0


class MCTSAgent(Agent):
    """UCT with max-n backups; ``exploration`` is the UCB constant on returns in [-1, 1]."""

    name = "mcts"

    def __init__(
        self,
        rollout: Rollout | None = None,
        exploration: float = 1.4,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self.rollout = rollout or random_rollout
        self.exploration = exploration
        self.rng = random.Random(seed)
        self._root: Node | None = None
        self._root_line: list[Move] = []

    # -- tree reuse ---------------------------------------------------------------------
    def _root_for(self, state: State) -> Node:
        """The kept subtree for ``state`` when it continues the old root's line, else a new one."""
        history = list(state.history)
        n = len(self._root_line)
        node = self._root if history[:n] == self._root_line else None
        for move in history[n:]:
            if node is None:
                break
            action = state.move_to_action(move)
            node = next((c for c in node.children if c.action == action), None)
        if node is None:
            node = Node(None, -1, -1, state.game.num_players)
        node.parent = None
        self._root, self._root_line = node, history
        return node

    # -- the search ---------------------------------------------------------------------
    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        root = self._root_for(state)
        work = state.copy()
        deadline = self._deadline(budget)
        while not deadline.expired():
            self._iterate(root, work)
            deadline.iterations += 1
        return self._report(root, state, deadline.iterations, deadline.elapsed)

    def _iterate(self, root: Node, state: State) -> None:
        node, depth = root, 0
        # Selection: descend through fully expanded nodes.
        while True:
            if node.untried is None:
                node.untried = [] if state.is_over() else state.legal_actions().tolist()
                self.rng.shuffle(node.untried)
            if node.untried or not node.children:
                break
            node = self._select(node, state)
            state.play(node.action)
            depth += 1
        # Expansion: one new child.
        if node.untried:
            seat = state.to_move
            assert seat is not None
            action = node.untried.pop()
            child = Node(node, action, seat, len(node.totals))
            node.children.append(child)
            state.play(action)
            depth += 1
            node = child
        # Evaluation.
        outcome = state.outcome()
        if outcome is not None:
            returns: Sequence[float] = outcome.returns
        else:
            returns = self.rollout(state.copy(), self.rng)
        # Backup, and walk the state back to the root.
        walk: Node | None = node
        while walk is not None:
            walk.visits += 1
            for s, r in enumerate(returns):
                walk.totals[s] += r
            walk = walk.parent
        for _ in range(depth):
            state.undo()

    def _select(self, node: Node, state: State) -> Node:
        seat = state.to_move
        assert seat is not None
        log_n = math.log(node.visits)
        c = self.exploration
        return max(
            node.children,
            key=lambda ch: ch.totals[seat] / ch.visits + c * math.sqrt(log_n / ch.visits),
        )

    def _report(self, root: Node, state: State, iterations: int, seconds: float) -> Analysis:
        players = state.game.num_players
        seat = state.to_move
        assert seat is not None
        ranked = sorted(root.children, key=lambda ch: (ch.visits, ch.mean(seat)), reverse=True)
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
            line.append(walk.action_to_move(node.action))
            walk.play(node.action)
        values = tuple(root.mean(s) for s in range(players))
        return Analysis(values, moves, line, iterations, seconds)
