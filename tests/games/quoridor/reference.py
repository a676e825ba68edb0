"""A slow, plain reference of Quoridor's move rules, written from docs/rules/quoridor.md §5-§7.

Independent of the kernels: walls are a set of (kind, col, row), a step is
checked against them directly, and every candidate wall is tried with a
fresh breadth-first search for every pawn. Tests compare the engine with it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

Square = tuple[int, int]
Wall = tuple[str, int, int]

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def on_board(sq: Square) -> bool:
    return 0 <= sq[0] < 9 and 0 <= sq[1] < 9


def wall_between(walls: set[Wall], a: Square, b: Square) -> bool:
    """True when a wall (or the edge) separates neighbouring squares a and b."""
    if not on_board(b):
        return True
    (ax, ay), (bx, by) = a, b
    if ax == bx:  # vertical step: a horizontal wall in the groove below the upper square
        y = min(ay, by)
        return ("h", ax, y) in walls or ("h", ax - 1, y) in walls
    x = min(ax, bx)
    return ("v", x, ay) in walls or ("v", x, ay - 1) in walls


def goal_reached(seat_goal: str, sq: Square) -> bool:
    return {"N": sq[1] == 8, "E": sq[0] == 8, "S": sq[1] == 0, "W": sq[0] == 0}[seat_goal]


def has_path(walls: set[Wall], start: Square, goal: str) -> bool:
    seen = {start}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        if goal_reached(goal, sq):
            return True
        for dx, dy in STEPS:
            nb = (sq[0] + dx, sq[1] + dy)
            if nb not in seen and not wall_between(walls, sq, nb):
                seen.add(nb)
                queue.append(nb)
    return False


def conflicts(walls: set[Wall], wall: Wall) -> bool:
    kind, c, r = wall
    if wall in walls:
        return True
    if kind == "h":
        return {("h", c - 1, r), ("h", c + 1, r), ("v", c, r)} & walls != set()
    return {("v", c, r - 1), ("v", c, r + 1), ("h", c, r)} & walls != set()


@dataclass
class Reference:
    """A position: pawn squares and goals per seat, walls, walls left, seat to move."""

    pawns: list[Square]
    goals: list[str]
    walls_left: list[int]
    walls: set[Wall] = field(default_factory=set)
    to_move: int = 0
    side_around: bool = True

    def pawn_moves(self) -> set[Square]:
        me = self.pawns[self.to_move]
        occupied = set(self.pawns)
        found: set[Square] = set()
        for dx, dy in STEPS:
            t = (me[0] + dx, me[1] + dy)
            if wall_between(self.walls, me, t):
                continue
            if t not in occupied:
                found.add(t)
                continue
            behind = (t[0] + dx, t[1] + dy)
            if not wall_between(self.walls, t, behind) and behind not in occupied:
                found.add(behind)
                continue
            if not wall_between(self.walls, t, behind) and not self.side_around:
                continue  # a second pawn behind, side steps around pawns off
            for sx, sy in ((dy, dx), (-dy, -dx)):
                side = (t[0] + sx, t[1] + sy)
                if not wall_between(self.walls, t, side) and side not in occupied:
                    found.add(side)
        return found

    def legal_walls(self) -> set[Wall]:
        if self.walls_left[self.to_move] == 0:
            return set()
        legal = set()
        for kind in "hv":
            for c in range(8):
                for r in range(8):
                    wall = (kind, c, r)
                    if conflicts(self.walls, wall):
                        continue
                    trial = self.walls | {wall}
                    if all(
                        has_path(trial, p, g) for p, g in zip(self.pawns, self.goals, strict=True)
                    ):
                        legal.add(wall)
        return legal

    def legal_names(self) -> set[str]:
        """Every legal move of the seat to move, in the project's notation."""
        names = {f"{'abcdefghi'[x]}{y + 1}" for x, y in self.pawn_moves()}
        names |= {f"{'abcdefghi'[c]}{r + 1}{kind}" for kind, c, r in self.legal_walls()}
        return names or {"pass"}

    def play(self, name: str) -> None:
        if name != "pass":
            col, row = "abcdefghi".index(name[0]), int(name[1]) - 1
            if name[-1] in "hv":
                self.walls.add((name[-1], col, row))
                self.walls_left[self.to_move] -= 1
            else:
                self.pawns[self.to_move] = (col, row)
        self.to_move = (self.to_move + 1) % len(self.pawns)
